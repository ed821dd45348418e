DROP INDEX "posts_content_report_idx";--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "content_id" uuid;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "from_auto_post" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The copies of the post's library item and Auto-Post flag for the targets already written.
UPDATE "post_targets" t SET "content_id" = p."content_id", "from_auto_post" = p."auto_post_id" IS NOT NULL
  FROM "posts" p
  WHERE p."id" = t."post_id" AND (p."content_id" IS NOT NULL OR p."auto_post_id" IS NOT NULL);--> statement-breakpoint
-- Kept by the database, whatever writes a target: an inserted target takes its post's values...
CREATE FUNCTION "post_targets_copy_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."content_id", p."auto_post_id" IS NOT NULL INTO NEW."content_id", NEW."from_auto_post"
    FROM "posts" p WHERE p."id" = NEW."post_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "post_targets_copy_post" BEFORE INSERT OR UPDATE OF "post_id", "content_id", "from_auto_post"
  ON "post_targets" FOR EACH ROW EXECUTE FUNCTION "post_targets_copy_post"();--> statement-breakpoint
-- ...and a change of a post's item (an edit, or the item deleted: set null) reaches its targets.
CREATE FUNCTION "posts_copy_to_targets"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "post_targets" SET "content_id" = NEW."content_id", "from_auto_post" = NEW."auto_post_id" IS NOT NULL
    WHERE "post_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_copy_to_targets" AFTER UPDATE OF "content_id", "auto_post_id" ON "posts" FOR EACH ROW
  WHEN (OLD."content_id" IS DISTINCT FROM NEW."content_id"
    OR (OLD."auto_post_id" IS NULL) <> (NEW."auto_post_id" IS NULL))
  EXECUTE FUNCTION "posts_copy_to_targets"();--> statement-breakpoint
CREATE INDEX "post_targets_portal_content_idx" ON "post_targets" USING btree ("portal_id","published_at","content_id","from_auto_post","id") WHERE "post_targets"."status" = 'published' and "post_targets"."content_id" is not null;
