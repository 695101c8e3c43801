ALTER TABLE "admissions" ALTER COLUMN "title" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "enrolments" ALTER COLUMN "section" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "exam_subjects" ALTER COLUMN "name" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "exams" ALTER COLUMN "name" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "routine_slots" ALTER COLUMN "section" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "routine_slots" ALTER COLUMN "section" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "routine_slots" ALTER COLUMN "subject" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "routine_slots" ALTER COLUMN "room" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "routine_slots" ALTER COLUMN "room" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "routine_substitutes" ALTER COLUMN "section" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "routine_substitutes" ALTER COLUMN "section" SET DEFAULT '';