CREATE TABLE "transport_condition_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"request_item_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"content" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "incidental_charge" integer;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "fuel_surcharge" integer;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "incidental_work" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "incidental_charge" integer;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "waiting_charge_per_30_min" integer;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "tolls_paid_by" text DEFAULT 'SHIPPER' NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "fuel_surcharge" integer;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD COLUMN "payment_terms" text;--> statement-breakpoint
ALTER TABLE "transport_condition_documents" ADD CONSTRAINT "transport_condition_documents_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_condition_documents" ADD CONSTRAINT "transport_condition_documents_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transport_condition_documents_number_key" ON "transport_condition_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "transport_condition_documents_request_item_key" ON "transport_condition_documents" USING btree ("request_item_id");--> statement-breakpoint
-- An issued 運送条件書 never changes (decision 067): the database refuses to update or delete one.
CREATE FUNCTION "transport_condition_documents_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'transport condition documents are immutable';
END
$$;--> statement-breakpoint
CREATE TRIGGER "transport_condition_documents_immutable" BEFORE UPDATE OR DELETE ON "transport_condition_documents"
  FOR EACH ROW EXECUTE FUNCTION "transport_condition_documents_immutable"();
