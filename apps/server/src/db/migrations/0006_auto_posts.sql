CREATE TABLE "auto_post_choices" (
	"auto_post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"choice" text NOT NULL,
	"post_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_post_choices_auto_post_id_user_id_pk" PRIMARY KEY("auto_post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "auto_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_id" integer NOT NULL,
	"content_id" uuid,
	"body" text DEFAULT '' NOT NULL,
	"media_id" uuid,
	"link" text,
	"networks" text[] NOT NULL,
	"x_variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"x_spread_minutes" integer DEFAULT 0 NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"fanout_started_at" timestamp with time zone,
	"fanout_finished_at" timestamp with time zone,
	"fanout_cursor" uuid,
	"members_reached" integer DEFAULT 0 NOT NULL,
	"skipped_accounts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_posts_spread_check" CHECK ("auto_posts"."x_spread_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "social_connections" ADD COLUMN "auto_post" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "social_connections" ADD COLUMN "auto_post_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_targets" ADD COLUMN "body_override" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "auto_post_id" uuid;--> statement-breakpoint
ALTER TABLE "auto_post_choices" ADD CONSTRAINT "auto_post_choices_auto_post_id_auto_posts_id_fk" FOREIGN KEY ("auto_post_id") REFERENCES "public"."auto_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_post_choices" ADD CONSTRAINT "auto_post_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_posts" ADD CONSTRAINT "auto_posts_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_posts" ADD CONSTRAINT "auto_posts_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_posts" ADD CONSTRAINT "auto_posts_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_posts" ADD CONSTRAINT "auto_posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_posts_portal_scheduled_idx" ON "auto_posts" USING btree ("portal_id","scheduled_at");--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_auto_post_id_auto_posts_id_fk" FOREIGN KEY ("auto_post_id") REFERENCES "public"."auto_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_connections_auto_post_idx" ON "social_connections" USING btree ("portal_id","user_id") WHERE "social_connections"."auto_post";--> statement-breakpoint
CREATE UNIQUE INDEX "posts_auto_post_user_idx" ON "posts" USING btree ("auto_post_id","user_id") WHERE "posts"."auto_post_id" is not null;