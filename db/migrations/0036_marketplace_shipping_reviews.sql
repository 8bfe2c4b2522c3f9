CREATE TABLE "marketplace_parcel_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"tracking_code" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_reviews" (
	"transaction_id" integer PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"buyer_id" uuid,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"reply" text,
	"replied_at" timestamp with time zone,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_reviews_rating" CHECK ("marketplace_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "sandbox_parcels" (
	"tracking_code" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"recipient" jsonb NOT NULL,
	"sender" text NOT NULL,
	"status" text DEFAULT 'label-created' NOT NULL,
	"webhook_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "label_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_parcel_events" ADD CONSTRAINT "marketplace_parcel_events_transaction_id_marketplace_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."marketplace_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reviews" ADD CONSTRAINT "marketplace_reviews_transaction_id_marketplace_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."marketplace_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reviews" ADD CONSTRAINT "marketplace_reviews_store_id_marketplace_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."marketplace_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reviews" ADD CONSTRAINT "marketplace_reviews_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_parcel_events_once" ON "marketplace_parcel_events" USING btree ("tracking_code","status");--> statement-breakpoint
CREATE INDEX "marketplace_parcel_events_tx_idx" ON "marketplace_parcel_events" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE INDEX "marketplace_reviews_store_idx" ON "marketplace_reviews" USING btree ("store_id","created_at");