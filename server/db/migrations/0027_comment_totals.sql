CREATE TABLE "comment_totals" (
	"blog_status" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
-- Hand-written below.
-- Comments come and go: each counts toward its blog's status (a comment whose blog is being
-- deleted was taken off with the blog, below, and is not found here).
CREATE FUNCTION "total_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  status_of_blog text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "comment_totals";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT "status" INTO status_of_blog FROM "blogs" WHERE "id" = OLD."blog_id";
    IF FOUND THEN
      UPDATE "comment_totals" SET "count" = "count" - 1 WHERE "blog_status" = status_of_blog;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT "status" INTO status_of_blog FROM "blogs" WHERE "id" = NEW."blog_id";
    INSERT INTO "comment_totals" ("blog_status", "count") VALUES (status_of_blog, 1)
      ON CONFLICT ("blog_status") DO UPDATE SET "count" = "comment_totals"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "comments_totalled" AFTER INSERT OR DELETE OR UPDATE OF "blog_id" ON "comments"
  FOR EACH ROW EXECUTE FUNCTION "total_comments"();--> statement-breakpoint
CREATE TRIGGER "comments_totals_truncated" AFTER TRUNCATE ON "comments"
  FOR EACH STATEMENT EXECUTE FUNCTION "total_comments"();--> statement-breakpoint
-- A blog that changes status takes its comments along; a deleted one takes them away before its
-- comments are deleted by the cascade (they then find no blog above).
CREATE FUNCTION "move_comment_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved integer;
BEGIN
  SELECT "count" INTO moved FROM "comment_counts" WHERE "blog_id" = OLD."id";
  IF coalesce(moved, 0) = 0 THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
  END IF;
  UPDATE "comment_totals" SET "count" = "count" - moved WHERE "blog_status" = OLD."status";
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO "comment_totals" ("blog_status", "count") VALUES (NEW."status", moved)
      ON CONFLICT ("blog_status") DO UPDATE SET "count" = "comment_totals"."count" + moved;
    RETURN NULL;
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "blogs_status_moves_comment_totals" AFTER UPDATE OF "status" ON "blogs"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status")
  EXECUTE FUNCTION "move_comment_totals"();--> statement-breakpoint
CREATE TRIGGER "blogs_deleted_take_comment_totals" BEFORE DELETE ON "blogs"
  FOR EACH ROW EXECUTE FUNCTION "move_comment_totals"();--> statement-breakpoint
INSERT INTO "comment_totals" ("blog_status", "count")
  SELECT b."status", count(*) FROM "comments" c JOIN "blogs" b ON b."id" = c."blog_id" GROUP BY b."status";
