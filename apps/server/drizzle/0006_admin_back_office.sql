CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_terms" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "locations_prefecture_city_idx" ON "locations" USING btree ("prefecture","city");--> statement-breakpoint
CREATE INDEX "request_items_created_brin" ON "request_items" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "request_items_approved_idx" ON "request_items" USING btree ("approved_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_completed_idx" ON "request_items" USING btree ("completed_at") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_terms") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Requests matched or completed before these columns existed: their last change is the best time known.
UPDATE "request_items" SET "approved_at" = "updated_at" WHERE "receiver_id" IS NOT NULL AND "approved_at" IS NULL;--> statement-breakpoint
UPDATE "request_items" SET "completed_at" = "updated_at" WHERE "status" = 'COMPLETED' AND "completed_at" IS NULL;
