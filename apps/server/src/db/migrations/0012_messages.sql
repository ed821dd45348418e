CREATE TABLE "message_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"from_admin" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"portal_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"member_read_at" timestamp with time zone,
	"admin_read_at" timestamp with time zone,
	"member_last_at" timestamp with time zone,
	"admin_last_at" timestamp with time zone,
	"last_at" timestamp with time zone NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"portal_id" integer NOT NULL,
	"author_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"role_ids" integer[],
	"recipient_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_thread_id_message_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."message_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_replies" ADD CONSTRAINT "message_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_threads" ADD CONSTRAINT "message_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_portal_id_portals_id_fk" FOREIGN KEY ("portal_id") REFERENCES "public"."portals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_replies_thread_idx" ON "message_replies" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "message_threads_user_idx" ON "message_threads" USING btree ("user_id","last_at");--> statement-breakpoint
CREATE UNIQUE INDEX "message_threads_message_user_idx" ON "message_threads" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "message_threads_read_idx" ON "message_threads" USING btree ("message_id") WHERE "message_threads"."member_read_at" is not null;--> statement-breakpoint
CREATE INDEX "message_threads_desk_idx" ON "message_threads" USING btree ("portal_id","last_at") WHERE "message_threads"."member_last_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_portal_sent_idx" ON "messages" USING btree ("portal_id","created_at") WHERE "messages"."audience" <> 'admins';