CREATE SEQUENCE "public"."page_cache_generation" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE INDEX "blogs_status_author_id_index" ON "blogs" USING btree ("status","author_id");--> statement-breakpoint
CREATE INDEX "students_visible_created_at_index" ON "students" USING btree ("created_at") WHERE "students"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "teachers_visible_created_at_index" ON "teachers" USING btree ("created_at") WHERE "teachers"."status" <> 'rejected';