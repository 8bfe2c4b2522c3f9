CREATE TABLE "referrals" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_user_id" uuid,
	"referrer_name" text NOT NULL,
	"referrer_email" text NOT NULL,
	"friend_first_name" text NOT NULL,
	"friend_email" text NOT NULL,
	"message" text,
	"welcome_code" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rewarded_at" timestamp with time zone,
	"reward_cents" integer,
	"reward_code" text,
	"forfeited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "student_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"country" text NOT NULL,
	"token_hash" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"code_year" integer,
	"code" text
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_user_id_user_id_fk" FOREIGN KEY ("referrer_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_friend_unique" ON "referrals" USING btree ("friend_email");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_email","created_at");--> statement-breakpoint
CREATE INDEX "referrals_open_idx" ON "referrals" USING btree ("id") WHERE "referrals"."rewarded_at" is null and "referrals"."forfeited_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "student_verifications_token_unique" ON "student_verifications" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "student_verifications_code_year_unique" ON "student_verifications" USING btree ("email","code_year") WHERE "student_verifications"."code_year" is not null;