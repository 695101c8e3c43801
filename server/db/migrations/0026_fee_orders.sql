CREATE TABLE "fee_order_invoices" (
	"order_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "fee_order_invoices_order_id_invoice_id_pk" PRIMARY KEY("order_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "fee_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"register_student_id" uuid NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_payments" ADD COLUMN "overpaid_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_order_invoices" ADD CONSTRAINT "fee_order_invoices_order_id_fee_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."fee_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_order_invoices" ADD CONSTRAINT "fee_order_invoices_invoice_id_fee_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."fee_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_orders" ADD CONSTRAINT "fee_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_orders" ADD CONSTRAINT "fee_orders_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_orders" ADD CONSTRAINT "fee_orders_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_order_invoices_invoice_id_index" ON "fee_order_invoices" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fee_orders_register_student_id_index" ON "fee_orders" USING btree ("register_student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_orders_payment_id_index" ON "fee_orders" USING btree ("payment_id");--> statement-breakpoint
-- Hand-written below.
-- The online orders of fees are shown by pages (a ledger, a receipt), so a change of their rows
-- moves the records generation (0017) like every other shown table's.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['fee_orders', 'fee_order_invoices'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER "records_changed" AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "records_changed"()', name);
    EXECUTE format('CREATE TRIGGER "records_truncated" AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "records_changed"()', name);
  END LOOP;
END;
$$;
