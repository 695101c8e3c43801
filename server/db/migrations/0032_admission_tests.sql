ALTER TABLE "admission_applications" ADD COLUMN "test_roll" integer;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD COLUMN "test_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD COLUMN "test_room" text;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD COLUMN "marks" numeric(7, 2);--> statement-breakpoint
ALTER TABLE "admission_applications" ADD COLUMN "place" integer;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD COLUMN "register_student_id" uuid;--> statement-breakpoint
ALTER TABLE "admission_rounds" ADD COLUMN "lottery_seed" varchar(64);--> statement-breakpoint
ALTER TABLE "admission_rounds" ADD COLUMN "lottery_seed_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admission_rounds" ADD COLUMN "lottery" jsonb;--> statement-breakpoint
ALTER TABLE "admission_rounds" ADD COLUMN "lottery_drawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admission_applications" ADD CONSTRAINT "admission_applications_register_student_id_register_students_id_fk" FOREIGN KEY ("register_student_id") REFERENCES "public"."register_students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_applications_test_roll" ON "admission_applications" USING btree ("round_id","class_name","test_roll");