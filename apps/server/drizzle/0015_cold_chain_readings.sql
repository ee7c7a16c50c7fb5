ALTER TABLE "delivery_items" ADD COLUMN "pickup_temperature" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "delivery_temperature" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "temperature_log_file_id" uuid;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_temperature_log_file_id_files_id_fk" FOREIGN KEY ("temperature_log_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;