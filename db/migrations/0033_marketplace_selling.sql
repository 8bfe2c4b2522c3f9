CREATE TABLE "marketplace_conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"buyer_id" uuid NOT NULL,
	"store_id" integer NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"buyer_read_at" timestamp with time zone,
	"seller_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"owner_id" uuid,
	"action" text NOT NULL,
	"ground" text NOT NULL,
	"statement" text NOT NULL,
	"decided_by" text NOT NULL,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_state" text,
	"appeal_decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender_id" uuid NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"masked" boolean DEFAULT false NOT NULL,
	"offer_id" integer,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"listing_id" integer NOT NULL,
	"buyer_id" uuid NOT NULL,
	"made_by" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"holds_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_offers_amount_positive" CHECK ("marketplace_offers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"owner_id" uuid,
	"reporter_id" uuid,
	"reporter_email" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"good_faith" boolean NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"decision_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD COLUMN "times_shared" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD COLUMN "bought_product_id" integer;--> statement-breakpoint
ALTER TABLE "marketplace_stores" ADD COLUMN "restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_stores" ADD COLUMN "image" jsonb;--> statement-breakpoint
ALTER TABLE "marketplace_stores" ADD COLUMN "banner" jsonb;--> statement-breakpoint
ALTER TABLE "marketplace_stores" ADD COLUMN "seller_type" text DEFAULT 'private' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_stores" ADD COLUMN "trader" jsonb;--> statement-breakpoint
ALTER TABLE "marketplace_conversations" ADD CONSTRAINT "marketplace_conversations_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_conversations" ADD CONSTRAINT "marketplace_conversations_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_conversations" ADD CONSTRAINT "marketplace_conversations_store_id_marketplace_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."marketplace_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_decisions" ADD CONSTRAINT "marketplace_decisions_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_messages" ADD CONSTRAINT "marketplace_messages_conversation_id_marketplace_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."marketplace_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_messages" ADD CONSTRAINT "marketplace_messages_sender_id_user_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_offers" ADD CONSTRAINT "marketplace_offers_conversation_id_marketplace_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."marketplace_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_offers" ADD CONSTRAINT "marketplace_offers_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_offers" ADD CONSTRAINT "marketplace_offers_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_reports" ADD CONSTRAINT "marketplace_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_conversations_unique" ON "marketplace_conversations" USING btree ("listing_id","buyer_id");--> statement-breakpoint
CREATE INDEX "marketplace_conversations_buyer_idx" ON "marketplace_conversations" USING btree ("buyer_id","last_message_at");--> statement-breakpoint
CREATE INDEX "marketplace_conversations_store_idx" ON "marketplace_conversations" USING btree ("store_id","last_message_at");--> statement-breakpoint
CREATE INDEX "marketplace_decisions_owner_idx" ON "marketplace_decisions" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_decisions_appeal_idx" ON "marketplace_decisions" USING btree ("appeal_state");--> statement-breakpoint
CREATE INDEX "marketplace_messages_conversation_idx" ON "marketplace_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "marketplace_offers_conversation_idx" ON "marketplace_offers" USING btree ("conversation_id","state");--> statement-breakpoint
CREATE INDEX "marketplace_offers_buyer_idx" ON "marketplace_offers" USING btree ("listing_id","buyer_id","state");--> statement-breakpoint
CREATE INDEX "marketplace_reports_state_idx" ON "marketplace_reports" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_reports_target_idx" ON "marketplace_reports" USING btree ("target_kind","target_id");--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_bought_product_id_products_id_fk" FOREIGN KEY ("bought_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;