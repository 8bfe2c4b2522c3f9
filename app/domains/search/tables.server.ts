import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { products } from "../catalog/tables.server";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The text-search locales and their PostgreSQL configurations (stemming + stop words). */
export const searchConfigs = { nl: "dutch", en: "english", fr: "french", es: "spanish" } as const;

/**
 * One search document per product and locale, accent-folded and stemmed in the locale's language, stripped
 * of positions and weights (matching needs neither; the rows stay small): `nameDocument` holds what names
 * the product (name, brand, colour, categories), `document` all of it (plus fabric and description). A match in the name ranks first, then popularity (`position`,
 * copied from the product). Written only by the `search_rebuild_products` trigger function (migration
 * `search_documents`), so it follows every change of products, translations and categories.
 * One partial GIN index per locale: a search reads only its own locale's index; `nameDocument` is only
 * tested on the rows that index found, never searched by itself.
 */
export const productSearchDocuments = pgTable(
  "product_search_documents",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    position: integer("position").notNull().default(0),
    nameDocument: tsvector("name_document").notNull(),
    document: tsvector("document").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locale] }),
    ...Object.keys(searchConfigs).map((locale) =>
      index(`product_search_documents_${locale}_idx`)
        .using("gin", t.document)
        .where(sql.raw(`locale = '${locale}'`)),
    ),
  ],
);

/**
 * The words that name products per locale (names, brands, colours, categories, fabrics; accent-folded,
 * lower case) with their stem: a query word that matches no document is replaced by its nearest words
 * here (trigram KNN on the GiST index).
 */
export const searchWords = pgTable(
  "search_words",
  {
    locale: text("locale").notNull(),
    word: text("word").notNull(),
    lexeme: text("lexeme").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.word] }),
    index("search_words_lexeme_idx").on(t.locale, sql`${t.lexeme} text_pattern_ops`),
    index("search_words_trgm_idx").using("gist", sql`${t.word} gist_trgm_ops`),
  ],
);

/**
 * The thesaurus: groups of words that mean the same per locale ("broek", "pantalon"); a query word in a
 * group also finds the others. Words are stored accent-folded and lower case. Edited in the back office.
 */
export const searchSynonyms = pgTable(
  "search_synonyms",
  {
    id: serial("id").primaryKey(),
    locale: text("locale").notNull(),
    words: text("words").array().notNull(),
  },
  (t) => [index("search_synonyms_locale_idx").on(t.locale)],
);

/** Colour names per locale for the documents (products store the colour code). */
export const searchColourNames = pgTable(
  "search_colour_names",
  {
    locale: text("locale").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.code] })],
);
