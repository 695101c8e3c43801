CREATE TABLE "attendance_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"register_student_id" uuid NOT NULL,
	"date" date NOT NULL,
	"period" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"session" varchar(9) NOT NULL,
	"class_id" uuid NOT NULL,
	"section" text DEFAULT '' NOT NULL,
	"marked_by" text,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_marks_status" CHECK ("attendance_marks"."status" in ('present', 'absent', 'late', 'leave')),
	CONSTRAINT "attendance_marks_period" CHECK ("attendance_marks"."period" between 0 and 12)
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"register_student_id" uuid NOT NULL,
	"from" date NOT NULL,
	"to" date NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_by" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_requests_status" CHECK ("leave_requests"."status" in ('requested', 'approved', 'refused')),
	CONSTRAINT "leave_requests_range" CHECK ("leave_requests"."to" >= "leave_requests"."from")
);
--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_marks" ADD CONSTRAINT "attendance_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_marks_once" ON "attendance_marks" USING btree ("register_student_id","date","period");--> statement-breakpoint
CREATE INDEX "attendance_marks_class_id_date_index" ON "attendance_marks" USING btree ("class_id","date");--> statement-breakpoint
CREATE INDEX "leave_requests_register_student_id_from_index" ON "leave_requests" USING btree ("register_student_id","from");--> statement-breakpoint
CREATE INDEX "leave_requests_status_index" ON "leave_requests" USING btree ("status");--> statement-breakpoint
-- Hand-written below.
-- The attendance marks and leave requests are shown by pages (the teacher's sheet, a guardian's
-- child), so a change of their rows moves the records generation (0017) like every other shown table's.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['attendance_marks', 'leave_requests'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER "records_changed" AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "records_changed"()', name);
    EXECUTE format('CREATE TRIGGER "records_truncated" AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "records_changed"()', name);
  END LOOP;
END;
$$;
