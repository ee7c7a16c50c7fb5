CREATE TABLE "completed_job_lanes" (
	"request_item_id" uuid PRIMARY KEY NOT NULL,
	"pickup_prefecture" text NOT NULL,
	"delivery_prefecture" text NOT NULL,
	"vehicle_class" text NOT NULL,
	"distance_km" numeric(7, 1) NOT NULL,
	"price_yen" integer NOT NULL,
	"completed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fuel_prices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"effective_from" date NOT NULL,
	"yen_per_litre" numeric(5, 1) NOT NULL,
	"set_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "completed_job_lanes" ADD CONSTRAINT "completed_job_lanes_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fuel_prices" ADD CONSTRAINT "fuel_prices_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "completed_job_lanes_lane_idx" ON "completed_job_lanes" USING btree ("pickup_prefecture","delivery_prefecture","vehicle_class","distance_km","completed_at","price_yen");--> statement-breakpoint
CREATE INDEX "fuel_prices_effective_idx" ON "fuel_prices" USING btree ("effective_from" DESC NULLS LAST,"created_at" DESC NULLS LAST);