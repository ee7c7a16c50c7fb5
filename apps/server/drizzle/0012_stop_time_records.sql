CREATE TABLE "stop_time_records" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"request_item_id" uuid NOT NULL,
	"stop_id" uuid NOT NULL,
	"event" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stop_time_records" ADD CONSTRAINT "stop_time_records_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_time_records" ADD CONSTRAINT "stop_time_records_stop_id_transport_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."transport_stops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_time_records" ADD CONSTRAINT "stop_time_records_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stop_time_records_client_key" ON "stop_time_records" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stop_time_records_stop_event_key" ON "stop_time_records" USING btree ("stop_id","event");--> statement-breakpoint
CREATE INDEX "stop_time_records_request_item_idx" ON "stop_time_records" USING btree ("request_item_id");--> statement-breakpoint
CREATE INDEX "stop_time_records_arrived_idx" ON "stop_time_records" USING btree ("occurred_at") WHERE event = 'ARRIVED';