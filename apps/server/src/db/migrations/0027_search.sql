-- Library search at 100,000 items (issue 31): what a search paid for every match now costs a page,
-- or a fraction of the pass it was.
--
-- 1. Counting and ranking with a keyword. A common word matches most of the library: counting its
--    matches read every wide item row (the words, with their positions, were half of each), and
--    ranking them ranked them all. The words move, without positions, to a narrow row per item
--    beside the columns searches filter on, with the heading's words (title and searchable tag
--    names: a ranked search puts items matching every word there first, modules/library/relevance.ts);
--    triggers keep it, so every writer of content_items does.
CREATE TABLE "content_search" (
	"content_id" uuid PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"owner_id" uuid,
	"type" text NOT NULL,
	"brand_id" uuid,
	"feed_id" uuid,
	"active_from" timestamp with time zone,
	"active_until" timestamp with time zone,
	"recommended" boolean NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"has_warnings" boolean NOT NULL,
	"words" "tsvector" NOT NULL,
	"heading" "tsvector" NOT NULL
);--> statement-breakpoint
ALTER TABLE "content_search" ADD CONSTRAINT "content_search_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "fitpost_content_search_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO content_search (content_id, portal_id, owner_id, type, brand_id, feed_id, active_from,
      active_until, recommended, published_at, has_warnings, words, heading)
    SELECT id, portal_id, owner_id, type, brand_id, feed_id, active_from, active_until, recommended,
      published_at, claim_warnings <> '[]'::jsonb,
      strip(to_tsvector('english'::regconfig, title) || to_tsvector('english'::regconfig, tag_names)
        || to_tsvector('english'::regconfig, body)),
      strip(to_tsvector('english'::regconfig, title) || to_tsvector('english'::regconfig, tag_names))
    FROM added;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Once per statement: a feed import's 500 items are one insert here too.
CREATE TRIGGER "content_items_search_added" AFTER INSERT ON "content_items" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "fitpost_content_search_added"();--> statement-breakpoint
CREATE FUNCTION "fitpost_content_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The words are parsed again only when a text they come from changed (a claim recheck or a new
  -- window does not need it).
  UPDATE content_search SET portal_id = NEW.portal_id, owner_id = NEW.owner_id, type = NEW.type,
      brand_id = NEW.brand_id, feed_id = NEW.feed_id, active_from = NEW.active_from,
      active_until = NEW.active_until, recommended = NEW.recommended, published_at = NEW.published_at,
      has_warnings = NEW.claim_warnings <> '[]'::jsonb,
      words = CASE WHEN (NEW.title, NEW.tag_names, NEW.body) IS DISTINCT FROM (OLD.title, OLD.tag_names, OLD.body)
        THEN strip(to_tsvector('english'::regconfig, NEW.title) || to_tsvector('english'::regconfig, NEW.tag_names)
          || to_tsvector('english'::regconfig, NEW.body))
        ELSE words END,
      heading = CASE WHEN (NEW.title, NEW.tag_names) IS DISTINCT FROM (OLD.title, OLD.tag_names)
        THEN strip(to_tsvector('english'::regconfig, NEW.title) || to_tsvector('english'::regconfig, NEW.tag_names))
        ELSE heading END
    WHERE content_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only when a column it copies changed (a tag's rename rewrites tag_names, an edit the rest).
CREATE TRIGGER "content_items_search_changed" AFTER UPDATE OF "title", "body", "tag_names", "portal_id",
  "owner_id", "type", "brand_id", "feed_id", "active_from", "active_until", "recommended", "published_at",
  "claim_warnings" ON "content_items" FOR EACH ROW
  WHEN ((OLD.title, OLD.body, OLD.tag_names, OLD.portal_id, OLD.owner_id, OLD.type, OLD.brand_id, OLD.feed_id,
      OLD.active_from, OLD.active_until, OLD.recommended, OLD.published_at, OLD.claim_warnings)
    IS DISTINCT FROM (NEW.title, NEW.body, NEW.tag_names, NEW.portal_id, NEW.owner_id, NEW.type, NEW.brand_id,
      NEW.feed_id, NEW.active_from, NEW.active_until, NEW.recommended, NEW.published_at, NEW.claim_warnings))
  EXECUTE FUNCTION "fitpost_content_search_changed"();--> statement-breakpoint
INSERT INTO "content_search" (content_id, portal_id, owner_id, type, brand_id, feed_id, active_from,
    active_until, recommended, published_at, has_warnings, words, heading)
  SELECT id, portal_id, owner_id, type, brand_id, feed_id, active_from, active_until, recommended,
    published_at, claim_warnings <> '[]'::jsonb, strip(search),
    strip(to_tsvector('english'::regconfig, title) || to_tsvector('english'::regconfig, tag_names))
  FROM "content_items";--> statement-breakpoint
CREATE INDEX "content_search_words_idx" ON "content_search" USING gin ("words");--> statement-breakpoint
CREATE INDEX "content_search_heading_idx" ON "content_search" USING gin ("heading");--> statement-breakpoint
CREATE INDEX "content_search_newest_idx" ON "content_search" USING btree ("portal_id","published_at" DESC NULLS LAST,"content_id");--> statement-breakpoint
CREATE INDEX "content_search_brand_idx" ON "content_search" USING btree ("portal_id","brand_id");--> statement-breakpoint
ALTER TABLE "content_items" DROP COLUMN "search";--> statement-breakpoint
-- 2. Counting without a keyword. Nearly every item is open to everyone at any time (no owner, no
--    window): counted off a small index without a condition on the caller or the clock, then the
--    few others the caller may see now off another (modules/library/search-where.ts).
CREATE INDEX "content_items_open_idx" ON "content_items" USING btree ("portal_id","recommended","type","brand_id","feed_id","id") WHERE "content_items"."owner_id" is null and "content_items"."active_from" is null and "content_items"."active_until" is null;--> statement-breakpoint
CREATE INDEX "content_items_restricted_idx" ON "content_items" USING btree ("portal_id","owner_id","active_from","active_until","recommended","type","brand_id","feed_id","id") WHERE not ("content_items"."owner_id" is null and "content_items"."active_from" is null and "content_items"."active_until" is null);
