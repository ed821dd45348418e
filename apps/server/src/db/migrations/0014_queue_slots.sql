CREATE TABLE "queue_slots" (
	"user_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"time" text NOT NULL,
	CONSTRAINT "queue_slots_user_id_weekday_time_pk" PRIMARY KEY("user_id","weekday","time"),
	CONSTRAINT "queue_slots_weekday_check" CHECK ("queue_slots"."weekday" between 1 and 7),
	CONSTRAINT "queue_slots_time_check" CHECK ("queue_slots"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "queue_slots" ADD CONSTRAINT "queue_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;