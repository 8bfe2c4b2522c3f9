CREATE TABLE "early_access_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign" text NOT NULL,
	"phone" text NOT NULL,
	"ticket_hash" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"redeemed_at" timestamp with time zone,
	"holder_token_hash" text,
	"holder_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "feedback_draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" text NOT NULL,
	"seed" text NOT NULL,
	"entrants" integer NOT NULL,
	"entrants_digest" text NOT NULL,
	"winner_email" text,
	"prize_cents" integer NOT NULL,
	"wallet_key" text,
	"drawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"rating" integer NOT NULL,
	"email" text,
	"enter_draw" boolean DEFAULT false NOT NULL,
	"locale" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_entries_rating" CHECK ("feedback_entries"."rating" between 1 and 5),
	CONSTRAINT "feedback_entries_draw_email" CHECK (not "feedback_entries"."enter_draw" or "feedback_entries"."email" is not null)
);
--> statement-breakpoint
CREATE TABLE "newsletter_consent_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ip" text,
	"text_version" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"locale" text NOT NULL,
	"source" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"welcome_code" text
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "early_access_tickets" ADD CONSTRAINT "early_access_tickets_holder_user_id_user_id_fk" FOREIGN KEY ("holder_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_entries" ADD CONSTRAINT "feedback_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_consent_events" ADD CONSTRAINT "newsletter_consent_events_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "early_access_tickets_phone_unique" ON "early_access_tickets" USING btree ("campaign","phone");--> statement-breakpoint
CREATE INDEX "early_access_tickets_holder_idx" ON "early_access_tickets" USING btree ("campaign","holder_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_draws_month_unique" ON "feedback_draws" USING btree ("month");--> statement-breakpoint
CREATE INDEX "feedback_entries_draw_idx" ON "feedback_entries" USING btree ("created_at") WHERE "feedback_entries"."enter_draw";--> statement-breakpoint
CREATE INDEX "newsletter_consent_events_subscriber_idx" ON "newsletter_consent_events" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_unique" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_unique" ON "newsletter_subscribers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_status_idx" ON "newsletter_subscribers" USING btree ("status","created_at");