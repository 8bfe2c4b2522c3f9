CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"addition" text,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"region" text,
	"country" text NOT NULL,
	"phone" text,
	"is_default_billing" boolean DEFAULT false NOT NULL,
	"is_default_shipping" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"tone" text DEFAULT 'info' NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"consent_id" uuid NOT NULL,
	"version" text NOT NULL,
	"analytics" boolean NOT NULL,
	"personalisation" boolean NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_billing" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default_billing";--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_shipping" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default_shipping";--> statement-breakpoint
CREATE INDEX "site_notices_window_idx" ON "site_notices" USING btree ("starts_at","ends_at");--> statement-breakpoint
CREATE INDEX "consent_records_consent_idx" ON "consent_records" USING btree ("consent_id");