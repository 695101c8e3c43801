CREATE TABLE "fee_allocations" (
	"payment_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "fee_allocations_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "fee_fine_bands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session" varchar(9) NOT NULL,
	"class_id" uuid NOT NULL,
	"after_day" integer,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "fee_fine_bands_day" CHECK ("fee_fine_bands"."after_day" is null or "fee_fine_bands"."after_day" between 1 and 28),
	CONSTRAINT "fee_fine_bands_amount" CHECK ("fee_fine_bands"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_heads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" varchar(40) NOT NULL,
	"name" text NOT NULL,
	"name_bn" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_heads_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "fee_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"head_id" uuid,
	"waiver_id" uuid,
	"label" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"reason" text,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_invoice_lines_kind" CHECK ("fee_invoice_lines"."kind" in ('charge', 'waiver', 'fine', 'credit', 'debit'))
);
--> statement-breakpoint
CREATE TABLE "fee_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"register_student_id" uuid NOT NULL,
	"session" varchar(9) NOT NULL,
	"class_id" uuid NOT NULL,
	"section" text,
	"period" varchar(60) NOT NULL,
	"month" varchar(7) NOT NULL,
	"due_on" date NOT NULL,
	"total_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"register_student_id" uuid NOT NULL,
	"receipt_year" integer NOT NULL,
	"receipt_number" integer NOT NULL,
	"channel" text NOT NULL,
	"reference" text,
	"amount_minor" bigint NOT NULL,
	"fine_minor" bigint DEFAULT 0 NOT NULL,
	"paid_on" date NOT NULL,
	"collector_id" text,
	"collector_name" text NOT NULL,
	"order_id" uuid,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_payments_channel" CHECK ("fee_payments"."channel" in ('cash', 'cheque', 'bank', 'bkash', 'nagad', 'card')),
	CONSTRAINT "fee_payments_amount" CHECK ("fee_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session" varchar(9) NOT NULL,
	"class_id" uuid NOT NULL,
	"head_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"due" text NOT NULL,
	"due_day" integer DEFAULT 10 NOT NULL,
	"months" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_rates_due" CHECK ("fee_rates"."due" in ('monthly', 'months', 'once')),
	CONSTRAINT "fee_rates_due_day" CHECK ("fee_rates"."due_day" between 1 and 28),
	CONSTRAINT "fee_rates_amount" CHECK ("fee_rates"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_receipt_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_terms" (
	"register_student_id" uuid NOT NULL,
	"session" varchar(9) NOT NULL,
	"from_month" varchar(7),
	"until_month" varchar(7),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_terms_register_student_id_session_pk" PRIMARY KEY("register_student_id","session")
);
--> statement-breakpoint
CREATE TABLE "fee_waivers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"register_student_id" uuid NOT NULL,
	"head_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"amount_minor" bigint,
	"from_month" varchar(7) NOT NULL,
	"to_month" varchar(7),
	"reason" text NOT NULL,
	"actor_id" text,
	"actor_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_waivers_kind" CHECK ("fee_waivers"."kind" in ('percent', 'fixed'))
);
--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_invoice_id_fee_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."fee_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_fine_bands" ADD CONSTRAINT "fee_fine_bands_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD CONSTRAINT "fee_invoice_lines_invoice_id_fee_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."fee_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD CONSTRAINT "fee_invoice_lines_head_id_fee_heads_id_fk" FOREIGN KEY ("head_id") REFERENCES "public"."fee_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD CONSTRAINT "fee_invoice_lines_waiver_id_fee_waivers_id_fk" FOREIGN KEY ("waiver_id") REFERENCES "public"."fee_waivers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD CONSTRAINT "fee_invoice_lines_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_collector_id_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rates" ADD CONSTRAINT "fee_rates_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_rates" ADD CONSTRAINT "fee_rates_head_id_fee_heads_id_fk" FOREIGN KEY ("head_id") REFERENCES "public"."fee_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_terms" ADD CONSTRAINT "fee_terms_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_waivers" ADD CONSTRAINT "fee_waivers_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_waivers" ADD CONSTRAINT "fee_waivers_head_id_fee_heads_id_fk" FOREIGN KEY ("head_id") REFERENCES "public"."fee_heads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_waivers" ADD CONSTRAINT "fee_waivers_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_allocations_invoice_id_index" ON "fee_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fee_fine_bands_session_class_id_index" ON "fee_fine_bands" USING btree ("session","class_id");--> statement-breakpoint
CREATE INDEX "fee_invoice_lines_invoice_id_index" ON "fee_invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoice_lines_invoice_id_waiver_id_index" ON "fee_invoice_lines" USING btree ("invoice_id","waiver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_register_student_id_period_index" ON "fee_invoices" USING btree ("register_student_id","period");--> statement-breakpoint
CREATE INDEX "fee_invoices_session_class_id_month_index" ON "fee_invoices" USING btree ("session","class_id","month");--> statement-breakpoint
CREATE INDEX "fee_invoices_month_index" ON "fee_invoices" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_receipt_year_receipt_number_index" ON "fee_payments" USING btree ("receipt_year","receipt_number");--> statement-breakpoint
CREATE INDEX "fee_payments_register_student_id_index" ON "fee_payments" USING btree ("register_student_id");--> statement-breakpoint
CREATE INDEX "fee_payments_paid_on_index" ON "fee_payments" USING btree ("paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_rates_session_class_id_head_id_index" ON "fee_rates" USING btree ("session","class_id","head_id");--> statement-breakpoint
CREATE INDEX "fee_waivers_register_student_id_index" ON "fee_waivers" USING btree ("register_student_id");--> statement-breakpoint
-- Hand-written below.
-- The fee tables are shown by pages (a ledger, the dues, a receipt), so a change of their rows
-- moves the records generation (0017) like every other shown table's.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['fee_allocations', 'fee_fine_bands', 'fee_heads', 'fee_invoice_lines', 'fee_terms',
    'fee_invoices', 'fee_payments', 'fee_rates', 'fee_receipt_counters', 'fee_waivers'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER "records_changed" AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "records_changed"()', name);
    EXECUTE format('CREATE TRIGGER "records_truncated" AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "records_changed"()', name);
  END LOOP;
END;
$$;
--> statement-breakpoint
INSERT INTO "fee_heads" ("key", "name", "name_bn", "position") VALUES
  ('tuition', 'Tuition', 'বেতন', 1),
  ('session', 'Session', 'সেশন ফি', 2),
  ('exam', 'Exam', 'পরীক্ষার ফি', 3),
  ('admission', 'Admission', 'ভর্তি ফি', 4),
  ('transport', 'Transport', 'যাতায়াত', 5),
  ('hostel', 'Hostel', 'ছাত্রাবাস', 6);
