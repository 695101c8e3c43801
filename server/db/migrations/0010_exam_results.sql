CREATE TABLE "enrolment_accounts" (
	"enrolment_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"relation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolment_accounts_enrolment_id_user_id_pk" PRIMARY KEY("enrolment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session" varchar(9) NOT NULL,
	"class_id" uuid NOT NULL,
	"section" varchar(20),
	"roll" varchar(20) NOT NULL,
	"registration" varchar(20) NOT NULL,
	"name" varchar(100) NOT NULL,
	"student_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_results" (
	"exam_id" uuid NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"roll" varchar(20) NOT NULL,
	"registration" varchar(20) NOT NULL,
	"passed" boolean NOT NULL,
	"gpa_hundredths" integer NOT NULL,
	"total_marks" integer NOT NULL,
	"marksheet" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_results_exam_id_enrolment_id_pk" PRIMARY KEY("exam_id","enrolment_id")
);
--> statement-breakpoint
CREATE TABLE "exam_subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"code" varchar(10) NOT NULL,
	"name" varchar(80) NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"components" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"session" varchar(9) NOT NULL,
	"class_id" uuid NOT NULL,
	"scheme" jsonb NOT NULL,
	"show_position" boolean DEFAULT true NOT NULL,
	"figures_public" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marks" (
	"exam_id" uuid NOT NULL,
	"enrolment_id" uuid NOT NULL,
	"subject_code" varchar(10) NOT NULL,
	"component" varchar(10) NOT NULL,
	"score" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marks_exam_id_enrolment_id_subject_code_component_pk" PRIMARY KEY("exam_id","enrolment_id","subject_code","component")
);
--> statement-breakpoint
CREATE TABLE "school_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(40) NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_classes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "enrolment_accounts" ADD CONSTRAINT "enrolment_accounts_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_accounts" ADD CONSTRAINT "enrolment_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_results" ADD CONSTRAINT "exam_results_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_results" ADD CONSTRAINT "exam_results_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_subjects" ADD CONSTRAINT "exam_subjects_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marks" ADD CONSTRAINT "marks_enrolment_id_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolment_accounts_user_id_index" ON "enrolment_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_session_class_id_roll_index" ON "enrolments" USING btree ("session","class_id","roll");--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_session_registration_index" ON "enrolments" USING btree ("session","registration");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_results_exam_id_roll_index" ON "exam_results" USING btree ("exam_id","roll");--> statement-breakpoint
CREATE INDEX "exam_results_exam_id_passed_gpa_hundredths_total_marks_index" ON "exam_results" USING btree ("exam_id","passed","gpa_hundredths","total_marks");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_subjects_exam_id_code_index" ON "exam_subjects" USING btree ("exam_id","code");--> statement-breakpoint
CREATE INDEX "exams_session_class_id_index" ON "exams" USING btree ("session","class_id");--> statement-breakpoint
CREATE INDEX "exams_publish_at_index" ON "exams" USING btree ("publish_at");--> statement-breakpoint
-- The specification's classes (common/classes.ts), in order; an admin adds sections and more.
INSERT INTO "school_classes" ("name", "position") VALUES ('Class One', 1), ('Class Two', 2), ('Class Three', 3), ('Class Four', 4), ('Class Five', 5), ('Class Six', 6), ('Class Seven', 7), ('Class Eight', 8), ('Class Nine', 9), ('Class Ten', 10), ('Alim', 11);
