CREATE TABLE "scheduled_backups" (
	"due_at" timestamp with time zone PRIMARY KEY NOT NULL,
	"taken_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"file" text,
	"error" text
);
