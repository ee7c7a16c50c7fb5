CREATE TABLE "invoice_job_claims" (
	"request_item_id" uuid PRIMARY KEY NOT NULL,
	"document_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD COLUMN "period_from" date;--> statement-breakpoint
ALTER TABLE "invoice_documents" ADD COLUMN "period_to" date;--> statement-breakpoint
ALTER TABLE "invoice_job_claims" ADD CONSTRAINT "invoice_job_claims_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_job_claims" ADD CONSTRAINT "invoice_job_claims_document_id_invoice_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."invoice_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A job is billed by one live document at a time (issue 46, decision 102): the database claims a
-- document's jobs when it is issued (a job's invoice or a monthly statement) — the primary key
-- refuses a job another live document holds — and releases them when the 赤伝 cancelling it is
-- issued. Drafts claim nothing.
CREATE FUNCTION "invoice_job_claims_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'ISSUED' AND OLD.status <> 'ISSUED' THEN
    IF NEW.kind IN ('INVOICE', 'MONTHLY_STATEMENT') THEN
      INSERT INTO invoice_job_claims (request_item_id, document_id)
        SELECT j.request_item_id, NEW.id FROM invoice_document_jobs j WHERE j.document_id = NEW.id;
    ELSIF NEW.kind = 'CANCELLATION' AND NEW.corrects_document_id IS NOT NULL THEN
      DELETE FROM invoice_job_claims WHERE document_id = NEW.corrects_document_id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_job_claims_sync" AFTER UPDATE OF "status" ON "invoice_documents"
  FOR EACH ROW EXECUTE FUNCTION "invoice_job_claims_sync"();--> statement-breakpoint
-- The documents issued before: each job's newest issued invoice that no 赤伝 cancelled.
INSERT INTO "invoice_job_claims" ("request_item_id", "document_id")
SELECT DISTINCT ON (j.request_item_id) j.request_item_id, d.id
FROM "invoice_documents" d JOIN "invoice_document_jobs" j ON j.document_id = d.id
WHERE d.status = 'ISSUED' AND d.kind IN ('INVOICE', 'MONTHLY_STATEMENT')
  AND NOT EXISTS (SELECT 1 FROM "invoice_documents" c
    WHERE c.kind = 'CANCELLATION' AND c.status = 'ISSUED' AND c.corrects_document_id = d.id)
ORDER BY j.request_item_id, d.issued_at DESC
ON CONFLICT DO NOTHING;
