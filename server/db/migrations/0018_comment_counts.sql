CREATE TABLE "comment_counts" (
	"blog_id" uuid PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_counts" ADD CONSTRAINT "comment_counts_blog_id_blogs_id_fk" FOREIGN KEY ("blog_id") REFERENCES "public"."blogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each blog's comments counted as they come and go (a comment never moves to another blog: the
-- blog is fixed on create, but an UPDATE of it is counted right all the same).
CREATE FUNCTION "count_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "comment_counts";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "comment_counts" SET "count" = "count" - 1 WHERE "blog_id" = OLD."blog_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "comment_counts" ("blog_id", "count") VALUES (NEW."blog_id", 1)
      ON CONFLICT ("blog_id") DO UPDATE SET "count" = "comment_counts"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "comments_counted" AFTER INSERT OR DELETE OR UPDATE OF "blog_id" ON "comments"
  FOR EACH ROW EXECUTE FUNCTION "count_comments"();--> statement-breakpoint
CREATE TRIGGER "comments_truncated" AFTER TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "count_comments"();--> statement-breakpoint
INSERT INTO "comment_counts" ("blog_id", "count")
  SELECT "blog_id", count(*) FROM "comments" GROUP BY "blog_id";
