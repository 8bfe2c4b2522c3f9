CREATE TABLE "gift_card_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_reference" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"to_name" text NOT NULL,
	"from_name" text NOT NULL,
	"message" text,
	"recipient_email" text,
	"dispatch_date" text,
	"buyer_email" text NOT NULL,
	"locale" text NOT NULL,
	"status" text DEFAULT 'ordered' NOT NULL,
	"card_id" integer,
	"sealed" text,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_purchases_amount" CHECK ("gift_card_purchases"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"order_reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_holds_amount" CHECK ("wallet_holds"."amount_cents" > 0),
	CONSTRAINT "wallet_holds_refund" CHECK ("wallet_holds"."refunded_cents" >= 0 and "wallet_holds"."refunded_cents" <= "wallet_holds"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "gift_cards" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "payment_card_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD CONSTRAINT "gift_card_purchases_card_id_gift_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_holds" ADD CONSTRAINT "wallet_holds_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_purchases_order_position_unique" ON "gift_card_purchases" USING btree ("order_reference","position");--> statement-breakpoint
CREATE INDEX "gift_card_purchases_due_idx" ON "gift_card_purchases" USING btree ("dispatch_date") WHERE "gift_card_purchases"."status" = 'issued' and "gift_card_purchases"."kind" = 'egift';--> statement-breakpoint
CREATE INDEX "gift_card_purchases_card_idx" ON "gift_card_purchases" USING btree ("card_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_holds_order_unique" ON "wallet_holds" USING btree ("order_reference");