CREATE TABLE "candidates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_item_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"driver_manager_id" uuid,
	"company_id" uuid,
	"price" integer NOT NULL,
	"status" text DEFAULT 'APPLIED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_item_id" uuid NOT NULL,
	"vehicle_type" text NOT NULL,
	"vehicle_temperature_range" text NOT NULL,
	"baggage_name" text NOT NULL,
	"material" text,
	"weight" numeric(12, 2),
	"total_weight" numeric(12, 2) NOT NULL,
	"total_amount" integer,
	"size" text,
	"receipt_image_id" uuid,
	"recipient_signature_image_id" uuid,
	"delivery_image_id" uuid,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"talkroom_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"file_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_item_images" (
	"request_item_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "request_item_images_request_item_id_file_id_pk" PRIMARY KEY("request_item_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "request_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'WAITING_APPROVE' NOT NULL,
	"creator_id" uuid NOT NULL,
	"receiver_id" uuid,
	"price_type" text NOT NULL,
	"price" integer,
	"message" text,
	"first_pickup_at" timestamp with time zone,
	"filter_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_terms" text[] DEFAULT '{}'::text[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "talkrooms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_item_id" uuid NOT NULL,
	"candidate_id" uuid NOT NULL,
	"applied_user_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"customer_meeting_completed_at" timestamp with time zone,
	"driver_meeting_completed_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transport_stops" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"transport_type" text NOT NULL,
	"postal_code" text,
	"prefecture" text NOT NULL,
	"city" text NOT NULL,
	"town" text NOT NULL,
	"block" text NOT NULL,
	"building" text,
	"name" text,
	"phone" text,
	"time_from" timestamp with time zone NOT NULL,
	"time_to" timestamp with time zone NOT NULL,
	"elevator" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_item_id" uuid NOT NULL,
	"room_temperature_range" text NOT NULL,
	"request_amount" integer NOT NULL,
	"acreage" numeric(12, 2) NOT NULL,
	"postal_code" text,
	"prefecture" text NOT NULL,
	"city" text NOT NULL,
	"town" text NOT NULL,
	"block" text NOT NULL,
	"building" text,
	"vehicle_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_driver_manager_id_users_id_fk" FOREIGN KEY ("driver_manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_receipt_image_id_files_id_fk" FOREIGN KEY ("receipt_image_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_recipient_signature_image_id_files_id_fk" FOREIGN KEY ("recipient_signature_image_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_items" ADD CONSTRAINT "delivery_items_delivery_image_id_files_id_fk" FOREIGN KEY ("delivery_image_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_talkroom_id_talkrooms_id_fk" FOREIGN KEY ("talkroom_id") REFERENCES "public"."talkrooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_item_images" ADD CONSTRAINT "request_item_images_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_item_images" ADD CONSTRAINT "request_item_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_items" ADD CONSTRAINT "request_items_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talkrooms" ADD CONSTRAINT "talkrooms_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talkrooms" ADD CONSTRAINT "talkrooms_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talkrooms" ADD CONSTRAINT "talkrooms_applied_user_id_users_id_fk" FOREIGN KEY ("applied_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transport_stops" ADD CONSTRAINT "transport_stops_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_items" ADD CONSTRAINT "warehouse_items_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_request_item_applicant_key" ON "candidates" USING btree ("request_item_id","applicant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_one_approved_key" ON "candidates" USING btree ("request_item_id") WHERE status = 'APPROVED';--> statement-breakpoint
CREATE INDEX "candidates_applicant_created_idx" ON "candidates" USING btree ("applicant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "candidates_driver_manager_idx" ON "candidates" USING btree ("driver_manager_id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_items_request_item_key" ON "delivery_items" USING btree ("request_item_id");--> statement-breakpoint
CREATE INDEX "messages_talkroom_created_idx" ON "messages" USING btree ("talkroom_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "request_item_images_file_key" ON "request_item_images" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "request_items_open_created_idx" ON "request_items" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE status = 'WAITING_APPROVE' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_open_tags_idx" ON "request_items" USING gin ("filter_tags") WHERE status = 'WAITING_APPROVE' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_open_search_idx" ON "request_items" USING gin ("search_terms") WHERE status = 'WAITING_APPROVE' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_open_pickup_idx" ON "request_items" USING btree ("first_pickup_at") WHERE status = 'WAITING_APPROVE' and deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_type_created_idx" ON "request_items" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_type_status_created_idx" ON "request_items" USING btree ("type","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_search_idx" ON "request_items" USING gin ("search_terms") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_creator_created_idx" ON "request_items" USING btree ("creator_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "request_items_receiver_idx" ON "request_items" USING btree ("receiver_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "talkrooms_candidate_key" ON "talkrooms" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "talkrooms_request_item_idx" ON "talkrooms" USING btree ("request_item_id");--> statement-breakpoint
CREATE INDEX "talkrooms_applied_user_idx" ON "talkrooms" USING btree ("applied_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transport_stops_request_item_position_key" ON "transport_stops" USING btree ("request_item_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_items_request_item_key" ON "warehouse_items" USING btree ("request_item_id");