import { sql } from "drizzle-orm";
import { customType, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { products } from "../catalog/tables.server";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** The text-search locales and their PostgreSQL configurations (stemming + stop words). */
export const searchConfigs = { nl: "dutch", en: "english", fr: "french", es: "spanish" } as const;

/**
 * One weighted, accent-folded search document per product and locale (name and brand A, categories and
 * colour B, fabric C, description D). Written only by the `search_rebuild_products` trigger function
 * (migration `search_documents`), so it follows every change of products, translations and categories.
 * One partial GIN index per locale: a search reads only its own locale's index.
 */
export const productSearchDocuments = pgTable(
  "product_search_documents",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
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
 * The words of the documents per locale (accent-folded, lower case) with their stem: a query word whose
 * stem is not here matches nothing and is replaced by its nearest words (trigram KNN on the GiST index).
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
