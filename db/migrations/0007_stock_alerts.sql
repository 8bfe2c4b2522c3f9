CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" integer NOT NULL,
	"email" text,
	"phone" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_contact" CHECK ("stock_alerts"."email" is not null or "stock_alerts"."phone" is not null)
);
--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_unique" ON "stock_alerts" USING btree ("variant_id",coalesce("email", ''),coalesce("phone", '')) WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_open_idx" ON "stock_alerts" USING btree ("variant_id") WHERE "stock_alerts"."notified_at" is null;