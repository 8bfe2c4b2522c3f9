CREATE TABLE "product_affinities" (
	"product_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "product_affinities_product_id_other_id_pk" PRIMARY KEY("product_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "quiz_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"persona" text NOT NULL,
	"answers" jsonb NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recommendation_views" (
	"session_hash" text NOT NULL,
	"product_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recommendation_views_session_hash_product_id_pk" PRIMARY KEY("session_hash","product_id")
);
--> statement-breakpoint
CREATE INDEX "quiz_results_created_idx" ON "quiz_results" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "recommendation_views_at_idx" ON "recommendation_views" USING btree ("viewed_at");