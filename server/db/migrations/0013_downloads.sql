CREATE TABLE "downloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"file_type" text NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "downloads_category" CHECK ("downloads"."category" in ('form', 'syllabus', 'routine', 'notice', 'other')),
	CONSTRAINT "downloads_file_type" CHECK ("downloads"."file_type" in ('pdf', 'docx', 'xlsx', 'odt'))
);
--> statement-breakpoint
CREATE INDEX "downloads_created_at_index" ON "downloads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "downloads_category_created_at_index" ON "downloads" USING btree ("category","created_at");