ALTER TABLE "organisation_settings" ADD COLUMN "claim_rules_off" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_settings" ADD COLUMN "claim_phrases" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_posts" ADD COLUMN "claim_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "auto_posts" ADD COLUMN "claims_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auto_posts" ADD COLUMN "claims_acknowledged_by" uuid;--> statement-breakpoint
ALTER TABLE "auto_posts" ADD COLUMN "claims_acknowledged_by_name" text;--> statement-breakpoint
ALTER TABLE "auto_posts" ADD CONSTRAINT "auto_posts_claims_acknowledged_by_users_id_fk" FOREIGN KEY ("claims_acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "claim_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;
