CREATE TABLE "fee_sibling_rules" (
	"session" varchar(9) PRIMARY KEY NOT NULL,
	"head_id" uuid NOT NULL,
	"second_percent" integer NOT NULL,
	"later_percent" integer NOT NULL,
	"actor_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" DROP CONSTRAINT "fee_invoice_lines_kind";--> statement-breakpoint
ALTER TABLE "fee_sibling_rules" ADD CONSTRAINT "fee_sibling_rules_head_id_fee_heads_id_fk" FOREIGN KEY ("head_id") REFERENCES "public"."fee_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_sibling_rules" ADD CONSTRAINT "fee_sibling_rules_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD CONSTRAINT "fee_invoice_lines_kind" CHECK ("fee_invoice_lines"."kind" in ('charge', 'waiver', 'sibling', 'fine', 'credit', 'debit'));--> statement-breakpoint
-- Hand-written below.
-- The fees page shows the sibling discount, so a change of its rows moves the records generation
-- (0017) like every other shown table's.
CREATE CONSTRAINT TRIGGER "records_changed" AFTER INSERT OR UPDATE OR DELETE ON "fee_sibling_rules"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "records_changed"();--> statement-breakpoint
CREATE TRIGGER "records_truncated" AFTER TRUNCATE ON "fee_sibling_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION "records_changed"();
