CREATE TABLE "fee_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"register_student_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text NOT NULL,
	"refunded_on" date NOT NULL,
	"order_refund_id" uuid,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_refunds_amount" CHECK ("fee_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "shipping_minor" bigint DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "tax_basis_points" integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "shipping_label_en" varchar(160);--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "shipping_label_bn" varchar(160);--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "tax_label_en" varchar(160);--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "tax_label_bn" varchar(160);--> statement-breakpoint
ALTER TABLE "fee_refunds" ADD CONSTRAINT "fee_refunds_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_refunds" ADD CONSTRAINT "fee_refunds_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_refunds" ADD CONSTRAINT "fee_refunds_order_refund_id_payment_refunds_id_fk" FOREIGN KEY ("order_refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_refunds" ADD CONSTRAINT "fee_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_refunds_payment_id_index" ON "fee_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fee_refunds_register_student_id_index" ON "fee_refunds" USING btree ("register_student_id");--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_shipping" CHECK ("site_settings"."shipping_minor" >= 0);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_tax" CHECK ("site_settings"."tax_basis_points" between 0 and 10000);--> statement-breakpoint
-- Hand-written below.
-- A fee refund is shown by pages (a student's ledger, a guardian's fee view), so a change of its
-- rows moves the records generation (0017) like every other shown table's.
CREATE CONSTRAINT TRIGGER "records_changed" AFTER INSERT OR UPDATE OR DELETE ON "fee_refunds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "records_changed"();--> statement-breakpoint
CREATE TRIGGER "records_truncated" AFTER TRUNCATE ON "fee_refunds"
  FOR EACH STATEMENT EXECUTE FUNCTION "records_changed"();
