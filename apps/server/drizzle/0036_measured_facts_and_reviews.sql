CREATE TABLE "carrier_job_facts" (
	"request_item_id" uuid PRIMARY KEY NOT NULL,
	"carrier_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"pickup_measured" integer DEFAULT 0 NOT NULL,
	"pickup_on_time" integer DEFAULT 0 NOT NULL,
	"delivery_measured" integer DEFAULT 0 NOT NULL,
	"delivery_on_time" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_item_id" uuid NOT NULL,
	"side" text NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" uuid,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_stop_facts" (
	"stop_id" uuid PRIMARY KEY NOT NULL,
	"request_item_id" uuid NOT NULL,
	"site_key" text NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"waiting_minutes" integer NOT NULL,
	"handling_minutes" integer,
	"over_limit" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_job_facts" ADD CONSTRAINT "carrier_job_facts_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_job_facts" ADD CONSTRAINT "carrier_job_facts_carrier_id_users_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_stop_facts" ADD CONSTRAINT "site_stop_facts_stop_id_transport_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."transport_stops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_stop_facts" ADD CONSTRAINT "site_stop_facts_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carrier_job_facts_carrier_idx" ON "carrier_job_facts" USING btree ("carrier_id","finished_at","outcome","pickup_measured","pickup_on_time","delivery_measured","delivery_on_time");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_request_item_side_key" ON "reviews" USING btree ("request_item_id","side");--> statement-breakpoint
CREATE INDEX "reviews_subject_visible_idx" ON "reviews" USING btree ("subject_id","created_at" DESC NULLS LAST,"rating") WHERE hidden_at is null;--> statement-breakpoint
CREATE INDEX "site_stop_facts_site_idx" ON "site_stop_facts" USING btree ("site_key","arrived_at","waiting_minutes","handling_minutes","over_limit");--> statement-breakpoint
CREATE INDEX "site_stop_facts_arrived_idx" ON "site_stop_facts" USING btree ("arrived_at");