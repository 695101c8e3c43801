CREATE TABLE "guardian_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" text,
	"text" text NOT NULL,
	"channel" text NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_messages_channel" CHECK ("guardian_messages"."channel" in ('sms', 'email', 'both'))
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"language" text DEFAULT 'bn' NOT NULL,
	"body" text NOT NULL,
	"register_guardian_id" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"gateway_id" text,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_recipients_dedupeKey_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "message_recipients_channel" CHECK ("message_recipients"."channel" in ('sms', 'email')),
	CONSTRAINT "message_recipients_state" CHECK ("message_recipients"."state" in ('queued', 'sending', 'sent', 'delivered', 'failed', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "register_guardians" ADD COLUMN "texts_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "guardian_messages" ADD CONSTRAINT "guardian_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_guardian_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."guardian_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_register_guardian_id_register_guardians_id_fk" FOREIGN KEY ("register_guardian_id") REFERENCES "public"."register_guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_messages_created_at_index" ON "guardian_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "guardian_messages_author_id_index" ON "guardian_messages" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "message_recipients_state_next_attempt_at_index" ON "message_recipients" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "message_recipients_message_id_index" ON "message_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_recipients_register_guardian_id_index" ON "message_recipients" USING btree ("register_guardian_id");--> statement-breakpoint
CREATE INDEX "message_recipients_gateway_id_index" ON "message_recipients" USING btree ("gateway_id");--> statement-breakpoint
-- Hand-written below.
-- Messages and their recipients' states are shown by the dashboard's messages page, so a change of
-- their rows moves the records generation (0017) like every other shown table's.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['guardian_messages', 'message_recipients'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER "records_changed" AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "records_changed"()', name);
    EXECUTE format('CREATE TRIGGER "records_truncated" AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "records_changed"()', name);
  END LOOP;
END;
$$;
