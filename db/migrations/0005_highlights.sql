CREATE TABLE "product_cart_adds" (
	"product_id" integer NOT NULL,
	"cart_id" text NOT NULL,
	"last_hour" timestamp with time zone NOT NULL,
	CONSTRAINT "product_cart_adds_product_id_cart_id_pk" PRIMARY KEY("product_id","cart_id")
);
--> statement-breakpoint
CREATE TABLE "product_event_counts" (
	"product_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"cart_adds" integer DEFAULT 0 NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"wishlist_adds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_event_counts_product_id_hour_pk" PRIMARY KEY("product_id","hour"),
	CONSTRAINT "product_event_counts_whole_hour" CHECK (extract(epoch from "product_event_counts"."hour") % 3600 = 0)
);
--> statement-breakpoint
CREATE TABLE "product_fit_answers" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"small" integer DEFAULT 0 NOT NULL,
	"true_to_size" integer DEFAULT 0 NOT NULL,
	"large" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_fit_answers_not_negative" CHECK ("product_fit_answers"."small" >= 0 and "product_fit_answers"."true_to_size" >= 0 and "product_fit_answers"."large" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_highlights" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"labels" jsonb NOT NULL,
	"facts" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_stock_state" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"restocked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_cart_adds" ADD CONSTRAINT "product_cart_adds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_event_counts" ADD CONSTRAINT "product_event_counts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_fit_answers" ADD CONSTRAINT "product_fit_answers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_highlights" ADD CONSTRAINT "product_highlights_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock_state" ADD CONSTRAINT "product_stock_state_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_cart_adds_hour_idx" ON "product_cart_adds" USING btree ("last_hour");--> statement-breakpoint
CREATE INDEX "product_event_counts_hour_idx" ON "product_event_counts" USING btree ("hour");