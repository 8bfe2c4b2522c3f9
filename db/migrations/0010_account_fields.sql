ALTER TABLE "user" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "newsletter" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone_updates" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "blocked" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "blocked_reason" text;