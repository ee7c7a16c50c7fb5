DROP INDEX "candidates_applicant_created_idx";--> statement-breakpoint
DROP INDEX "messages_talkroom_created_idx";--> statement-breakpoint
DROP INDEX "request_items_open_created_idx";--> statement-breakpoint
DROP INDEX "request_items_type_created_idx";--> statement-breakpoint
DROP INDEX "request_items_type_status_created_idx";--> statement-breakpoint
DROP INDEX "request_items_creator_created_idx";--> statement-breakpoint
CREATE INDEX "candidates_applicant_created_idx" ON "candidates" USING btree ("applicant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_talkroom_created_idx" ON "messages" USING btree ("talkroom_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "request_items_open_created_idx" ON "request_items" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE status = 'WAITING_APPROVE' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_type_created_idx" ON "request_items" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_type_status_created_idx" ON "request_items" USING btree ("type","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_creator_created_idx" ON "request_items" USING btree ("creator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;