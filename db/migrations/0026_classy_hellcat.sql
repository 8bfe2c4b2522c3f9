CREATE TABLE "gift_card_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text,
	"note" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_entries_amount" CHECK ("gift_card_entries"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "gift_card_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"order_reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_holds_amount" CHECK ("gift_card_holds"."amount_cents" > 0),
	CONSTRAINT "gift_card_holds_refund" CHECK ("gift_card_holds"."refunded_cents" >= 0 and "gift_card_holds"."refunded_cents" <= "gift_card_holds"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"number_hash" text NOT NULL,
	"last4" text NOT NULL,
	"pin_hash" text NOT NULL,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"held_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"source" text NOT NULL,
	"order_reference" text,
	"valid_until" timestamp with time zone NOT NULL,
	"failed_pins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_money" CHECK ("gift_cards"."held_cents" >= 0 and "gift_cards"."held_cents" <= "gift_cards"."balance_cents"),
	CONSTRAINT "gift_cards_initial" CHECK ("gift_cards"."initial_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_holds" ADD CONSTRAINT "gift_card_holds_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_entries_key_unique" ON "gift_card_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "gift_card_entries_card_idx" ON "gift_card_entries" USING btree ("card_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_card_holds_order_idx" ON "gift_card_holds" USING btree ("order_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_holds_card_order_unique" ON "gift_card_holds" USING btree ("card_id","order_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_number_hash_unique" ON "gift_cards" USING btree ("number_hash");--> statement-breakpoint
CREATE INDEX "gift_cards_last4_idx" ON "gift_cards" USING btree ("last4");