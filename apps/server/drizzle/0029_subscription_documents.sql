CREATE TABLE "subscription_documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"content" jsonb NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_documents" ADD CONSTRAINT "subscription_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_documents_provider_invoice_key" ON "subscription_documents" USING btree ("provider","provider_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_documents_seq_key" ON "subscription_documents" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "subscription_documents_user_paid_idx" ON "subscription_documents" USING btree ("user_id","paid_at");