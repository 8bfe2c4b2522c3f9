CREATE TABLE "marketplace_favourites" (
	"user_id" uuid NOT NULL,
	"listing_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_favourites_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_follows" (
	"user_id" uuid NOT NULL,
	"store_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_follows_user_id_store_id_pk" PRIMARY KEY("user_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "marketplace_listings" (
	"id" serial PRIMARY KEY NOT NULL,
	"store_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"size" text NOT NULL,
	"colour" text NOT NULL,
	"brand" text NOT NULL,
	"condition" text NOT NULL,
	"material" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"original_price_cents" integer,
	"language" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"wishlist_count" integer DEFAULT 0 NOT NULL,
	"times_watched" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_listings_price_positive" CHECK ("marketplace_listings"."price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "marketplace_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"language" text NOT NULL,
	"grid_type" text DEFAULT 'grid' NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"closed_until" date,
	"banner_colour" text DEFAULT '#e9e0cf' NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_stores_handle_format" CHECK ("marketplace_stores"."handle" ~ '^[a-z0-9][a-z0-9-]{2,29}$')
);
--> statement-breakpoint
ALTER TABLE "marketplace_favourites" ADD CONSTRAINT "marketplace_favourites_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_favourites" ADD CONSTRAINT "marketplace_favourites_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_follows" ADD CONSTRAINT "marketplace_follows_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_follows" ADD CONSTRAINT "marketplace_follows_store_id_marketplace_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."marketplace_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_store_id_marketplace_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."marketplace_stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_stores" ADD CONSTRAINT "marketplace_stores_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_favourites_listing_idx" ON "marketplace_favourites" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "marketplace_follows_store_idx" ON "marketplace_follows" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "marketplace_listings_store_idx" ON "marketplace_listings" USING btree ("store_id","state");--> statement-breakpoint
CREATE INDEX "marketplace_listings_published_idx" ON "marketplace_listings" USING btree ("state","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_stores_user_unique" ON "marketplace_stores" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_stores_handle_unique" ON "marketplace_stores" USING btree ("handle");