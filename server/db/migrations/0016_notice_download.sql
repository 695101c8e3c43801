ALTER TABLE "notices" ADD COLUMN "download_id" uuid;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_download_id_downloads_id_fk" FOREIGN KEY ("download_id") REFERENCES "public"."downloads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_download_id_index" ON "notices" USING btree ("download_id");