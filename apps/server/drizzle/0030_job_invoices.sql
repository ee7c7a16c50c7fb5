CREATE TABLE "invoice_document_jobs" (
	"document_id" uuid NOT NULL,
	"request_item_id" uuid NOT NULL,
	CONSTRAINT "invoice_document_jobs_document_id_request_item_id_pk" PRIMARY KEY("document_id","request_item_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"number" text,
	"issuer_user_id" uuid NOT NULL,
	"issuer_company_id" uuid,
	"recipient_user_id" uuid NOT NULL,
	"recipient_company_id" uuid,
	"service_day" date NOT NULL,
	"registration_number" text,
	"qualified" boolean DEFAULT false NOT NULL,
	"payment_terms" jsonb,
	"due_date" date,
	"corrects_document_id" uuid,
	"totals" jsonb NOT NULL,
	"subtotal" integer DEFAULT 0 NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"content" jsonb,
	"pdf" "bytea",
	"issued_at" timestamp with time zone,
	"issued_on" date,
	"kept_through" date,
	"paid_on" date,
	"paid_amount" integer,
	"paid_marked_at" timestamp with time zone,
	"paid_marked_by" uuid,
	"receipt_confirmed_at" timestamp with time zone,
	"receipt_confirmed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL,
	"request_item_id" uuid,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"tax_category" text NOT NULL,
	"receipt_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_document_jobs" ADD CONSTRAINT "invoice_document_jobs_document_id_invoice_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."invoice_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_document_jobs" ADD CONSTRAINT "invoice_document_jobs_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_issuer_user_id_users_id_fk" FOREIGN KEY ("issuer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_issuer_company_id_companies_id_fk" FOREIGN KEY ("issuer_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_recipient_company_id_companies_id_fk" FOREIGN KEY ("recipient_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_paid_marked_by_users_id_fk" FOREIGN KEY ("paid_marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_receipt_confirmed_by_users_id_fk" FOREIGN KEY ("receipt_confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD CONSTRAINT "invoice_documents_corrects_document_id_invoice_documents_id_fk" FOREIGN KEY ("corrects_document_id") REFERENCES "public"."invoice_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_document_id_invoice_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."invoice_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_receipt_file_id_files_id_fk" FOREIGN KEY ("receipt_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_document_jobs_item_idx" ON "invoice_document_jobs" USING btree ("request_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_documents_number_key" ON "invoice_documents" USING btree ("number");--> statement-breakpoint
CREATE INDEX "invoice_documents_issuer_company_idx" ON "invoice_documents" USING btree ("issuer_company_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoice_documents_issuer_user_idx" ON "invoice_documents" USING btree ("issuer_user_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoice_documents_recipient_idx" ON "invoice_documents" USING btree ("recipient_user_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoice_documents_corrects_idx" ON "invoice_documents" USING btree ("corrects_document_id");--> statement-breakpoint
CREATE INDEX "invoice_documents_open_due_idx" ON "invoice_documents" USING btree ("due_date") WHERE status = 'ISSUED' and kind <> 'CANCELLATION' and receipt_confirmed_at is null;--> statement-breakpoint
CREATE INDEX "invoice_lines_document_idx" ON "invoice_lines" USING btree ("document_id","position");--> statement-breakpoint
-- An issued invoice document never changes (issue 46, decision 094): only its payment fields may
-- be set; and it is not deleted before the day it is kept through (Japan time). A draft is free.
CREATE FUNCTION "invoice_documents_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  payment text[] := ARRAY['paid_on', 'paid_amount', 'paid_marked_at', 'paid_marked_by',
    'receipt_confirmed_at', 'receipt_confirmed_by', 'updated_at'];
BEGIN
  IF OLD.status <> 'ISSUED' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.kept_through IS NULL OR OLD.kept_through >= ((now() AT TIME ZONE 'UTC') + interval '9 hours')::date THEN
      RAISE EXCEPTION 'issued invoice document % is kept through %', OLD.id, OLD.kept_through;
    END IF;
    RETURN OLD;
  END IF;
  IF (to_jsonb(NEW) - payment) IS DISTINCT FROM (to_jsonb(OLD) - payment) THEN
    RAISE EXCEPTION 'issued invoice document % is immutable', OLD.id;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_documents_guard" BEFORE UPDATE OR DELETE ON "invoice_documents"
  FOR EACH ROW EXECUTE FUNCTION "invoice_documents_guard"();--> statement-breakpoint
-- The lines and the jobs of an issued document are part of it: fixed too. A row whose document
-- is gone (a cascade after a lawful delete) passes.
CREATE FUNCTION "invoice_document_parts_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  doc_id uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.document_id ELSE NEW.document_id END;
BEGIN
  IF EXISTS (SELECT 1 FROM invoice_documents d WHERE d.id = doc_id AND d.status = 'ISSUED')
    OR (TG_OP = 'UPDATE' AND EXISTS (SELECT 1 FROM invoice_documents d WHERE d.id = OLD.document_id AND d.status = 'ISSUED')) THEN
    RAISE EXCEPTION 'the parts of issued invoice document % are immutable', doc_id;
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_lines_guard" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_lines"
  FOR EACH ROW EXECUTE FUNCTION "invoice_document_parts_guard"();--> statement-breakpoint
CREATE TRIGGER "invoice_document_jobs_guard" BEFORE INSERT OR UPDATE OR DELETE ON "invoice_document_jobs"
  FOR EACH ROW EXECUTE FUNCTION "invoice_document_parts_guard"();
