CREATE TABLE "organisation_setting_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_id" integer NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_settings" (
	"portal_id" integer PRIMARY KEY NOT NULL,
	"display_name" text,
	"support_email" text,
	"default_time_zone" text,
	"x_spread_minutes" integer DEFAULT 0 NOT NULL,
	"utm_enabled" boolean DEFAULT true NOT NULL,
	"x_variants_required" integer DEFAULT 0 NOT NULL,
	"x_variants_above_members" integer DEFAULT 0 NOT NULL,
	"feed_refresh_minutes" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "link_override" text;--> statement-breakpoint
ALTER TABLE "auto_posts" ADD COLUMN "utm" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_setting_changes" ADD CONSTRAINT "organisation_setting_changes_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_setting_changes" ADD CONSTRAINT "organisation_setting_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD CONSTRAINT "organisation_settings_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_setting_changes_portal_idx" ON "organisation_setting_changes" USING btree ("portal_id","changed_at");