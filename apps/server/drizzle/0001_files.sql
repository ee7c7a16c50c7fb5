CREATE TABLE "files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"kind" text NOT NULL,
	"file_path" text DEFAULT '' NOT NULL,
	"max_bytes" integer NOT NULL,
	"is_uploaded" boolean DEFAULT false NOT NULL,
	"uploaded_at" timestamp with time zone,
	"size" integer,
	"entity_type" text,
	"entity_id" uuid,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "files_key_key" ON "files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "files_owner_id_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "files_entity_idx" ON "files" USING btree ("entity_type","entity_id");