CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"place" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'event' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"image_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_ends_after_start" CHECK ("events"."ends_at" >= "events"."starts_at"),
	CONSTRAINT "events_category" CHECK ("events"."category" in ('holiday', 'exam', 'meeting', 'event'))
);
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_image_file_id_uploaded_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_created_at_index" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "events_starts_at_index" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "events_image_file_id_index" ON "events" USING btree ("image_file_id");