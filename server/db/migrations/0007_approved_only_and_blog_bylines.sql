DROP INDEX "blogs_status_author_id_index";--> statement-breakpoint
DROP INDEX "students_visible_created_at_index";--> statement-breakpoint
DROP INDEX "teachers_visible_created_at_index";--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "author_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blogs" ADD COLUMN "author_photo_url" text;--> statement-breakpoint
CREATE INDEX "blogs_status_author_id_id_index" ON "blogs" USING btree ("status","author_id","id");--> statement-breakpoint
CREATE INDEX "students_visible_created_at_index" ON "students" USING btree ("created_at") WHERE "students"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "teachers_visible_created_at_index" ON "teachers" USING btree ("created_at") WHERE "teachers"."status" = 'approved';--> statement-breakpoint
-- Hand-written data update (issue 16, privacy): bylines of blogs written before this change
-- take their writer's display name and photo from the account; blogs without an account keep ''.
UPDATE "blogs" SET "author_name" = "users"."name", "author_photo_url" = "users"."image" FROM "users" WHERE "blogs"."author_id" = "users"."id";
