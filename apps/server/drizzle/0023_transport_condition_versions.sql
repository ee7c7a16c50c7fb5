DROP INDEX "transport_condition_documents_request_item_key";--> statement-breakpoint
ALTER TABLE "delivery_items" ALTER COLUMN "tolls_paid_by" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "delivery_items" ALTER COLUMN "tolls_paid_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "transport_condition_documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "transport_condition_documents" ADD COLUMN "reason" text DEFAULT 'APPROVED' NOT NULL;--> statement-breakpoint
ALTER TABLE "transport_condition_documents" ADD COLUMN "supersedes_id" uuid;--> statement-breakpoint
ALTER TABLE "transport_condition_documents" ADD CONSTRAINT "transport_condition_documents_supersedes_id_transport_condition_documents_id_fk" FOREIGN KEY ("supersedes_id") REFERENCES "public"."transport_condition_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transport_condition_documents_request_item_version_key" ON "transport_condition_documents" USING btree ("request_item_id","version");