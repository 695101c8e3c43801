CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"calendars" varchar(6) DEFAULT 'none' NOT NULL,
	"hijri_offset" integer DEFAULT 0 NOT NULL,
	"name_en" varchar(120),
	"name_bn" varchar(120),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_one_row" CHECK ("site_settings"."id" = 1),
	CONSTRAINT "site_settings_calendars" CHECK ("site_settings"."calendars" in ('none', 'bangla', 'hijri', 'both')),
	CONSTRAINT "site_settings_hijri_offset" CHECK ("site_settings"."hijri_offset" between -2 and 2)
);
--> statement-breakpoint
-- Hand-written below.
-- The settings show on public pages (the dates beside a notice's, the installed app's name), so a
-- change of them moves the records generation (0017) and the kept pages are made again.
CREATE CONSTRAINT TRIGGER "records_changed" AFTER INSERT OR UPDATE OR DELETE ON "site_settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "records_changed"();
--> statement-breakpoint
CREATE TRIGGER "records_truncated" AFTER TRUNCATE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "records_changed"();
