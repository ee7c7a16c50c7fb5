CREATE TABLE "saved_places" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"postal_code" text,
	"prefecture" text NOT NULL,
	"city" text NOT NULL,
	"town" text NOT NULL,
	"block" text NOT NULL,
	"building" text,
	"contact_name" text,
	"phone" text,
	"elevator" text,
	"hours" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_places" ADD CONSTRAINT "saved_places_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_places_owner_name_idx" ON "saved_places" USING btree ("owner_id","name","id");