ALTER TABLE "brands" ADD COLUMN "colour" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "organisation_setting_changes" ADD COLUMN "subject" text;