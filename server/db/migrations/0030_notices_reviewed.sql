ALTER TABLE "notices" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_status_created_at_index" ON "notices" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "notices_author_id_index" ON "notices" USING btree ("author_id");