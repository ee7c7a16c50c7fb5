ALTER TABLE "request_items" ADD COLUMN "carrier_id" uuid;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_carrier_id_users_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "one_time_tokens_inviter_idx" ON "one_time_tokens" USING btree (("payload"->>'parentId'),"created_at") WHERE purpose = 'DRIVER_INVITE' and consumed_at is null;--> statement-breakpoint
CREATE INDEX "request_items_carrier_idx" ON "request_items" USING btree ("carrier_id","status") WHERE deleted_at is null;--> statement-breakpoint
-- Jobs approved before carriers existed are carried by their approved applicant.
UPDATE "request_items" SET "carrier_id" = "receiver_id" WHERE "receiver_id" IS NOT NULL;