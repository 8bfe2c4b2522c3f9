CREATE TABLE "product_search_documents" (
	"product_id" integer NOT NULL,
	"locale" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name_document" "tsvector" NOT NULL,
	"document" "tsvector" NOT NULL,
	CONSTRAINT "product_search_documents_product_id_locale_pk" PRIMARY KEY("product_id","locale")
);
--> statement-breakpoint
CREATE TABLE "search_colour_names" (
	"locale" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "search_colour_names_locale_code_pk" PRIMARY KEY("locale","code")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"locale" text NOT NULL,
	"words" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"locale" text NOT NULL,
	"word" text NOT NULL,
	"lexeme" text NOT NULL,
	CONSTRAINT "search_words_locale_word_pk" PRIMARY KEY("locale","word")
);
--> statement-breakpoint
ALTER TABLE "product_search_documents" ADD CONSTRAINT "product_search_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_documents_nl_idx" ON "product_search_documents" USING gin ("document") WHERE locale = 'nl';--> statement-breakpoint
CREATE INDEX "product_search_documents_en_idx" ON "product_search_documents" USING gin ("document") WHERE locale = 'en';--> statement-breakpoint
CREATE INDEX "product_search_documents_fr_idx" ON "product_search_documents" USING gin ("document") WHERE locale = 'fr';--> statement-breakpoint
CREATE INDEX "product_search_documents_es_idx" ON "product_search_documents" USING gin ("document") WHERE locale = 'es';--> statement-breakpoint
CREATE INDEX "search_synonyms_locale_idx" ON "search_synonyms" USING btree ("locale");--> statement-breakpoint
CREATE INDEX "search_words_lexeme_idx" ON "search_words" USING btree ("locale","lexeme" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);