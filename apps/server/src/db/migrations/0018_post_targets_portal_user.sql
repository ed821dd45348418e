-- Each target carries its post's portal and member (reports read a portal's targets by time off an
-- index, without joining them to posts): added, backfilled from the posts, then required; the foreign
-- key to the post's (id, portal_id, user_id) keeps every later write right.
ALTER TABLE "post_targets" ADD COLUMN "portal_id" integer;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "user_id" uuid;--> statement-breakpoint
UPDATE "post_targets" t SET "portal_id" = p."portal_id", "user_id" = p."user_id" FROM "posts" p WHERE p."id" = t."post_id";--> statement-breakpoint
ALTER TABLE "post_targets" ALTER COLUMN "portal_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_targets" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "posts_id_portal_user_idx" ON "posts" USING btree ("id","portal_id","user_id");--> statement-breakpoint
ALTER TABLE "post_targets" ADD CONSTRAINT "post_targets_post_portal_user_fk" FOREIGN KEY ("post_id","portal_id","user_id") REFERENCES "public"."posts"("id","portal_id","user_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
DROP INDEX "post_targets_due_idx";--> statement-breakpoint
CREATE INDEX "post_targets_portal_due_idx" ON "post_targets" USING btree ("portal_id","due_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_targets_portal_published_idx" ON "post_targets" USING btree ("portal_id","published_at") WHERE "post_targets"."status" = 'published';--> statement-breakpoint
CREATE INDEX "post_targets_user_published_idx" ON "post_targets" USING btree ("user_id","published_at") WHERE "post_targets"."status" = 'published';
