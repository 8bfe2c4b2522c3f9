CREATE TABLE "marketplace_payout_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"iban" text NOT NULL,
	"holder_name" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_payout_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"payout_count" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"xml" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"downloaded_at" timestamp with time zone,
	CONSTRAINT "marketplace_payout_batches_sum" CHECK ("marketplace_payout_batches"."payout_count" > 0 and "marketplace_payout_batches"."total_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"iban" text NOT NULL,
	"holder_name" text NOT NULL,
	"state" text DEFAULT 'requested' NOT NULL,
	"batch_id" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"batched_at" timestamp with time zone,
	CONSTRAINT "marketplace_payouts_amount" CHECK ("marketplace_payouts"."amount_cents" > 0),
	CONSTRAINT "marketplace_payouts_batched" CHECK (("marketplace_payouts"."state" = 'requested' and "marketplace_payouts"."batch_id" is null) or ("marketplace_payouts"."state" = 'batched' and "marketplace_payouts"."batch_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "marketplace_payout_accounts" ADD CONSTRAINT "marketplace_payout_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_payouts" ADD CONSTRAINT "marketplace_payouts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_payouts" ADD CONSTRAINT "marketplace_payouts_batch_id_marketplace_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."marketplace_payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_payout_batches_message" ON "marketplace_payout_batches" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_payouts_key" ON "marketplace_payouts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "marketplace_payouts_user_idx" ON "marketplace_payouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "marketplace_payouts_state_idx" ON "marketplace_payouts" USING btree ("state","id");