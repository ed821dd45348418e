CREATE TABLE "post_metric_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"target_id" uuid NOT NULL,
	"portal_id" integer NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"impressions" integer,
	"likes" integer,
	"comments" integer,
	"shares" integer,
	"clicks" integer
);
--> statement-breakpoint
CREATE TABLE "post_metrics" (
	"target_id" uuid PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"network" text NOT NULL,
	"impressions" integer,
	"likes" integer,
	"comments" integer,
	"shares" integer,
	"clicks" integer,
	"fetched_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone,
	"fetches" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_metric_snapshots" ADD CONSTRAINT "post_metric_snapshots_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metric_snapshots" ADD CONSTRAINT "post_metric_snapshots_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_target_id_post_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."post_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_metric_snapshots_target_idx" ON "post_metric_snapshots" USING btree ("target_id","taken_at");--> statement-breakpoint
CREATE INDEX "post_metrics_next_fetch_idx" ON "post_metrics" USING btree ("next_fetch_at") WHERE "post_metrics"."next_fetch_at" is not null;--> statement-breakpoint
CREATE INDEX "post_targets_published_idx" ON "post_targets" USING btree ("published_at") WHERE "post_targets"."status" = 'published';