CREATE TABLE "register_guardians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"register_student_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"relation" text NOT NULL,
	"phone" varchar(14),
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_guardians_relation" CHECK ("register_guardians"."relation" in ('father', 'mother', 'guardian'))
);
--> statement-breakpoint
CREATE TABLE "register_students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_bn" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"birth_registration" varchar(17),
	"gender" text,
	"status" text DEFAULT 'studying' NOT NULL,
	"user_id" text,
	"image_url" text,
	"image_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_students_birthRegistration_unique" UNIQUE("birth_registration"),
	CONSTRAINT "register_students_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "register_students_status" CHECK ("register_students"."status" in ('studying', 'left', 'graduated')),
	CONSTRAINT "register_students_gender" CHECK ("register_students"."gender" in ('male', 'female', 'other')),
	CONSTRAINT "register_students_birth_registration" CHECK ("register_students"."birth_registration" ~ '^[0-9]{17}$')
);
--> statement-breakpoint
CREATE TABLE "teaching_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"session" varchar(9) NOT NULL,
	"class_id" uuid NOT NULL,
	"section" varchar(20) DEFAULT '' NOT NULL,
	"subject" varchar(80) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrolments" ALTER COLUMN "name" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "name" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "students" ALTER COLUMN "name" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "teachers" ALTER COLUMN "name" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "teachers" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "register_guardians" ADD CONSTRAINT "register_guardians_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_guardians" ADD CONSTRAINT "register_guardians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_students" ADD CONSTRAINT "register_students_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_students" ADD CONSTRAINT "register_students_image_file_id_uploaded_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."uploaded_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_class_id_school_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."school_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "register_guardians_register_student_id_index" ON "register_guardians" USING btree ("register_student_id");--> statement-breakpoint
CREATE INDEX "register_guardians_user_id_index" ON "register_guardians" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "register_guardians_phone_index" ON "register_guardians" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "register_guardians_register_student_id_user_id_index" ON "register_guardians" USING btree ("register_student_id","user_id");--> statement-breakpoint
CREATE INDEX "register_students_name_index" ON "register_students" USING btree ("name");--> statement-breakpoint
CREATE INDEX "register_students_image_file_id_index" ON "register_students" USING btree ("image_file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_assignments_once" ON "teaching_assignments" USING btree ("user_id","session","class_id","section",lower("subject"));--> statement-breakpoint
CREATE INDEX "teaching_assignments_session_class_id_index" ON "teaching_assignments" USING btree ("session","class_id");--> statement-breakpoint
ALTER TABLE "enrolments" ADD COLUMN "register_student_id" uuid;--> statement-breakpoint
-- The register stands above the enrolments: one child per registration number the enrolments
-- hold (a child keeps theirs from session to session), named as in their newest session.
WITH "children" AS (
  SELECT DISTINCT ON ("registration") "registration", gen_random_uuid() AS "id", "name", "created_at"
  FROM "enrolments" ORDER BY "registration", "session" DESC, "created_at" DESC
), "made" AS (
  INSERT INTO "register_students" ("id", "name", "created_at") SELECT "id", "name", "created_at" FROM "children"
)
UPDATE "enrolments" SET "register_student_id" = "children"."id"
FROM "children" WHERE "children"."registration" = "enrolments"."registration";--> statement-breakpoint
-- The update queued the deferred "records_changed" trigger (0017) for each row, and a table with
-- pending trigger events cannot be altered: they run now.
SET CONSTRAINTS ALL IMMEDIATE;--> statement-breakpoint
ALTER TABLE "enrolments" ALTER COLUMN "register_student_id" SET NOT NULL;--> statement-breakpoint
-- Accounts linked to an enrolment are now linked to the child: a student's own account (one
-- child per account, the first linked) and guardians (with the role that shows them the child).
UPDATE "register_students" SET "user_id" = "linked"."user_id"
FROM (
  SELECT DISTINCT ON ("register_student_id") "register_student_id", "user_id" FROM (
    SELECT DISTINCT ON ("a"."user_id") "a"."user_id", "e"."register_student_id", "a"."created_at"
    FROM "enrolment_accounts" "a" JOIN "enrolments" "e" ON "e"."id" = "a"."enrolment_id"
    WHERE "a"."relation" = 'student' ORDER BY "a"."user_id", "a"."created_at"
  ) "per_account" ORDER BY "register_student_id", "created_at"
) "linked" WHERE "register_students"."id" = "linked"."register_student_id";--> statement-breakpoint
INSERT INTO "register_guardians" ("register_student_id", "name", "relation", "phone", "user_id", "created_at")
SELECT DISTINCT ON ("e"."register_student_id", "a"."user_id")
  "e"."register_student_id", "u"."name", 'guardian',
  CASE WHEN "u"."phone_number" ~ '^\+8801[3-9][0-9]{8}$' THEN "u"."phone_number" END,
  "a"."user_id", "a"."created_at"
FROM "enrolment_accounts" "a"
JOIN "enrolments" "e" ON "e"."id" = "a"."enrolment_id"
JOIN "users" "u" ON "u"."id" = "a"."user_id"
WHERE "a"."relation" = 'guardian'
ORDER BY "e"."register_student_id", "a"."user_id", "a"."created_at";--> statement-breakpoint
UPDATE "users" SET "role" = CASE WHEN "users"."role" IN ('', 'user') THEN "linked"."relation" ELSE "users"."role" || ',' || "linked"."relation" END
FROM (SELECT DISTINCT "user_id", "relation" FROM "enrolment_accounts") "linked"
WHERE "users"."id" = "linked"."user_id" AND NOT ("linked"."relation" = ANY (string_to_array("users"."role", ',')));--> statement-breakpoint
DROP TABLE "enrolment_accounts" CASCADE;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enrolments_register_student_id_session_index" ON "enrolments" USING btree ("register_student_id","session");--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_userId_unique" UNIQUE("user_id");