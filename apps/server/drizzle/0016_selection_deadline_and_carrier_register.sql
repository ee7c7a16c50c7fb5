ALTER TABLE "request_items" ADD COLUMN "selection_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "selection_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "reposted_as_id" uuid;--> statement-breakpoint
CREATE INDEX "request_items_matched_pickup_idx" ON "request_items" USING btree ("first_pickup_at") WHERE type = 'DELIVERY' and status in ('APPROVED', 'IN_PROGRESS', 'COMPLETED') and deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_selection_deadline_idx" ON "request_items" USING btree ("selection_deadline") WHERE status = 'WAITING_APPROVE' and deleted_at is null and selection_deadline is not null;