DROP INDEX "users_customers_created_idx";--> statement-breakpoint
DROP INDEX "users_carriers_created_idx";--> statement-breakpoint
CREATE INDEX "users_customers_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search_text") WHERE deleted_at is null and roles @> '{CUSTOMER}'::text[];--> statement-breakpoint
CREATE INDEX "users_carriers_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"search_text") WHERE deleted_at is null and roles && '{DRIVER,DRIVER_MANAGER}'::text[];