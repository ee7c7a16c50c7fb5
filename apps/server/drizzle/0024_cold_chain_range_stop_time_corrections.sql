CREATE TABLE "stop_time_corrections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"record_id" uuid NOT NULL,
	"request_item_id" uuid NOT NULL,
	"previous_at" timestamp with time zone NOT NULL,
	"corrected_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"corrected_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "temperature_min" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "temperature_max" numeric(4, 1);--> statement-breakpoint
ALTER TABLE "stop_time_corrections" ADD CONSTRAINT "stop_time_corrections_record_id_stop_time_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."stop_time_records"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_time_corrections" ADD CONSTRAINT "stop_time_corrections_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_time_corrections" ADD CONSTRAINT "stop_time_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stop_time_corrections_request_item_idx" ON "stop_time_corrections" USING btree ("request_item_id","created_at");--> statement-breakpoint
-- A stop time correction is the audit trail of a record (decision 085): the database refuses to update or delete one.
CREATE FUNCTION "stop_time_corrections_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stop time corrections are immutable';
END
$$;--> statement-breakpoint
CREATE TRIGGER "stop_time_corrections_immutable" BEFORE UPDATE OR DELETE ON "stop_time_corrections"
  FOR EACH ROW EXECUTE FUNCTION "stop_time_corrections_immutable"();
