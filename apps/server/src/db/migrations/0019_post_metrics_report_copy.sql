-- Each target's latest figures carry its member and publishing time (its portal and network they
-- had already), so reports sum a portal's engagement over a range off one index instead of joining a
-- month of targets to post_metrics: added, backfilled from the targets, then required; the foreign key
-- to the target's same columns keeps every later write right. Figures of a target that is not
-- published (none should exist: the metrics job only follows published ones, which stay published)
-- are removed first, as no report could ever count them.
ALTER TABLE "post_metrics" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
DELETE FROM "post_metrics" m USING "post_targets" t WHERE t."id" = m."target_id" AND t."published_at" IS NULL;--> statement-breakpoint
UPDATE "post_metrics" m SET "portal_id" = t."portal_id", "user_id" = t."user_id", "network" = t."network", "published_at" = t."published_at" FROM "post_targets" t WHERE t."id" = m."target_id";--> statement-breakpoint
ALTER TABLE "post_metrics" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "post_metrics" ALTER COLUMN "published_at" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "post_targets_id_copy_idx" ON "post_targets" USING btree ("id","portal_id","user_id","network","published_at");--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_target_copy_fk" FOREIGN KEY ("target_id","portal_id","user_id","network","published_at") REFERENCES "public"."post_targets"("id","portal_id","user_id","network","published_at") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "post_metrics_portal_published_idx" ON "post_metrics" USING btree ("portal_id","published_at","network","user_id","target_id","impressions","likes","comments","shares","clicks");--> statement-breakpoint
-- The reports' counts read off the indexes alone (index-only): status and network ride on the due
-- index, network, member and post on the published one, and a post's library item on its own.
DROP INDEX "post_targets_portal_due_idx";--> statement-breakpoint
CREATE INDEX "post_targets_portal_due_idx" ON "post_targets" USING btree ("portal_id","due_at" DESC NULLS LAST,"status","network");--> statement-breakpoint
DROP INDEX "post_targets_portal_published_idx";--> statement-breakpoint
CREATE INDEX "post_targets_portal_published_idx" ON "post_targets" USING btree ("portal_id","published_at","network","user_id","post_id","id") WHERE "post_targets"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_content_report_idx" ON "posts" USING btree ("id","content_id","auto_post_id") WHERE "posts"."content_id" is not null;
