CREATE TABLE "short_links" (
	"code" text PRIMARY KEY NOT NULL,
	"portal_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"content_id" uuid,
	"network" text NOT NULL,
	"account_name" text NOT NULL,
	"text" text NOT NULL,
	"destination" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_links_target_idx" UNIQUE("target_id")
);
--> statement-breakpoint
CREATE TABLE "short_link_clicks" (
	"code" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"unique_clicks" integer DEFAULT 0 NOT NULL,
	"previews" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "short_link_clicks_pk" PRIMARY KEY("code","hour")
);
--> statement-breakpoint
CREATE TABLE "short_link_visitors" (
	"day" date NOT NULL,
	"code" text NOT NULL,
	"visitor" "bytea" NOT NULL,
	CONSTRAINT "short_link_visitors_pk" PRIMARY KEY("day","code","visitor")
);
--> statement-breakpoint
CREATE TABLE "short_link_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "track_links" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_links" ADD CONSTRAINT "short_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_link_clicks" ADD CONSTRAINT "short_link_clicks_code_short_links_code_fk" FOREIGN KEY ("code") REFERENCES "public"."short_links"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "short_links_portal_idx" ON "short_links" USING btree ("portal_id");--> statement-breakpoint
CREATE INDEX "short_links_user_idx" ON "short_links" USING btree ("user_id");
