CREATE TABLE "marketplace_store_bundles" (
	"store_id" integer PRIMARY KEY NOT NULL,
	"percent" integer NOT NULL,
	"from_items" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_store_bundles_rule" CHECK ("marketplace_store_bundles"."percent" between 1 and 50 and "marketplace_store_bundles"."from_items" in (2, 3))
);
--> statement-breakpoint
CREATE TABLE "marketplace_transaction_items" (
	"transaction_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"title" text NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "marketplace_transaction_items_transaction_id_listing_id_pk" PRIMARY KEY("transaction_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_transaction_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"transition" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" uuid NOT NULL,
	"store_id" integer NOT NULL,
	"provider_id" uuid NOT NULL,
	"state" text NOT NULL,
	"state_entered_at" timestamp with time zone NOT NULL,
	"offer_id" integer,
	"delivery" text NOT NULL,
	"address" jsonb NOT NULL,
	"items_cents" integer NOT NULL,
	"bundle_discount_cents" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"commission_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"payment_id" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"earnings" text DEFAULT 'none' NOT NULL,
	"carrier" text,
	"tracking_code" text,
	"locale" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_transactions_money" CHECK ("marketplace_transactions"."price_cents" > 0 and "marketplace_transactions"."total_cents" = "marketplace_transactions"."price_cents" + "marketplace_transactions"."shipping_cents" + "marketplace_transactions"."fee_cents"
        and "marketplace_transactions"."commission_cents" between 0 and "marketplace_transactions"."price_cents"
        and "marketplace_transactions"."refunded_cents" between 0 and "marketplace_transactions"."total_cents")
);
--> statement-breakpoint
ALTER TABLE "marketplace_store_bundles" ADD CONSTRAINT "marketplace_store_bundles_store_id_marketplace_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."marketplace_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transaction_items" ADD CONSTRAINT "marketplace_transaction_items_transaction_id_marketplace_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."marketplace_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transaction_items" ADD CONSTRAINT "marketplace_transaction_items_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transaction_log" ADD CONSTRAINT "marketplace_transaction_log_transaction_id_marketplace_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."marketplace_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_store_id_marketplace_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."marketplace_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_provider_id_user_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_offer_id_marketplace_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."marketplace_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_transaction_items_listing_idx" ON "marketplace_transaction_items" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "marketplace_transaction_log_idx" ON "marketplace_transaction_log" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_transaction_log_once" ON "marketplace_transaction_log" USING btree ("transaction_id","transition");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_transactions_key" ON "marketplace_transactions" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_transactions_tracking" ON "marketplace_transactions" USING btree ("tracking_code");--> statement-breakpoint
CREATE INDEX "marketplace_transactions_buyer_idx" ON "marketplace_transactions" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_transactions_provider_idx" ON "marketplace_transactions" USING btree ("provider_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_transactions_state_idx" ON "marketplace_transactions" USING btree ("state","state_entered_at");