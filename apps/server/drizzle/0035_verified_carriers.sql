CREATE TABLE "carrier_verification_notices" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"insurance_expires_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_verification_notices_company_id_kind_insurance_expires_on_pk" PRIMARY KEY("company_id","kind","insurance_expires_on")
);
--> statement-breakpoint
CREATE TABLE "carrier_verifications" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"permit_kind" text NOT NULL,
	"permit_number" text NOT NULL,
	"insurer" text NOT NULL,
	"coverage_yen" bigint NOT NULL,
	"insurance_expires_on" date NOT NULL,
	"certificate_file_id" uuid NOT NULL,
	"invoice_registration_no" text NOT NULL,
	"submitted_by" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"return_reason" text,
	"lapsed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_audit_log" ALTER COLUMN "actor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "request_items" ADD COLUMN "verified_carriers_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carrier_verification_notices" ADD CONSTRAINT "carrier_verification_notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_verifications" ADD CONSTRAINT "carrier_verifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_verifications" ADD CONSTRAINT "carrier_verifications_certificate_file_id_files_id_fk" FOREIGN KEY ("certificate_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_verifications" ADD CONSTRAINT "carrier_verifications_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_verifications" ADD CONSTRAINT "carrier_verifications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_verifications_status_idx" ON "carrier_verifications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "carrier_verifications_expiry_idx" ON "carrier_verifications" USING btree ("insurance_expires_on") WHERE "carrier_verifications"."status" = 'VERIFIED';