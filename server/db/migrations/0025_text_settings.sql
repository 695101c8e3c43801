CREATE TABLE "absence_text_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"send_at" varchar(5) DEFAULT '11:00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absence_text_settings_one_row" CHECK ("absence_text_settings"."id" = 1)
);
--> statement-breakpoint
-- Hand-written below.
-- The setting is shown on the messages page, so a change of it moves the records generation (0017).
CREATE CONSTRAINT TRIGGER "records_changed" AFTER INSERT OR UPDATE OR DELETE ON "absence_text_settings"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "records_changed"();
--> statement-breakpoint
CREATE TRIGGER "records_truncated" AFTER TRUNCATE ON "absence_text_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "records_changed"();
