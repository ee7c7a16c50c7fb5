CREATE TABLE "request_schedules" (
	"template_id" uuid PRIMARY KEY NOT NULL,
	"weekdays" integer[] NOT NULL,
	"every_n_weeks" integer NOT NULL,
	"pickup_time" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"holiday_policy" text NOT NULL,
	"lead_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"effective_from" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_occurrences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"template_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"skip_reason" text,
	"edit" jsonb,
	"request_item_id" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stop_notification_mutes" (
	"request_item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stop_notification_mutes_request_item_id_user_id_pk" PRIMARY KEY("request_item_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "request_schedules" ADD CONSTRAINT "request_schedules_template_id_request_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."request_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_templates" ADD CONSTRAINT "request_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_template_id_request_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."request_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_notification_mutes" ADD CONSTRAINT "stop_notification_mutes_request_item_id_request_items_id_fk" FOREIGN KEY ("request_item_id") REFERENCES "public"."request_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_notification_mutes" ADD CONSTRAINT "stop_notification_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_schedules_active_idx" ON "request_schedules" USING btree ("active");--> statement-breakpoint
CREATE INDEX "request_templates_owner_idx" ON "request_templates" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_occurrences_template_date_uq" ON "schedule_occurrences" USING btree ("template_id","date");