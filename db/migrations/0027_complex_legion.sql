CREATE TABLE "return_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"exchange_variant_id" integer,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0),
	CONSTRAINT "return_lines_refund" CHECK ("return_lines"."refund_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"shipping_refund_cents" integer DEFAULT 0 NOT NULL,
	"refund_to_wallet" boolean DEFAULT false NOT NULL,
	"statement" jsonb,
	"idempotency_key" text NOT NULL,
	"requested_by" text NOT NULL,
	"received_at" timestamp with time zone,
	"refund_due_at" timestamp with time zone,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_number_format" CHECK ("returns"."number" ~ '^R[0-9]{9}$'),
	CONSTRAINT "returns_money" CHECK ("returns"."fee_cents" >= 0 and "returns"."shipping_refund_cents" >= 0 and "returns"."refunded_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","at");--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_lines_order_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_number_unique" ON "returns" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_idempotency_key_unique" ON "returns" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");