-- Decision 111: a carrier's open applications read from indexes alone: its applications, with the
-- request of each, and whether that request is open.
DROP INDEX "candidates_applicant_created_idx";--> statement-breakpoint
CREATE INDEX "request_items_open_id_idx" ON "request_items" USING btree ("id") WHERE status = 'WAITING_APPROVE' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "candidates_applicant_created_idx" ON "candidates" USING btree ("applicant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"request_item_id");