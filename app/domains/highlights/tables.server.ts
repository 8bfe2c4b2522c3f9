import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { products } from "../catalog/tables.server";
import type { Highlight, ProductFacts } from "./labels";

/**
 * Recorded events per product per UTC hour (`hourBucket`), one row per product and hour with a column per
 * event kind, so a flush is one upsert and a window is one `sum(...) filter (...)`. Kept for
 * `COUNTER_RETENTION_DAYS`; the highlights job prunes older hours.
 */
export const productEventCounts = pgTable(
  "product_event_counts",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    hour: timestamp("hour", { withTimezone: true }).notNull(),
    views: integer("views").notNull().default(0),
    cartAdds: integer("cart_adds").notNull().default(0),
    /** Units, not orders, so sales compare with stock. */
    unitsSold: integer("units_sold").notNull().default(0),
    wishlistAdds: integer("wishlist_adds").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.hour] }),
    index("product_event_counts_hour_idx").on(t.hour),
    // Whole UTC hours whatever the session's time zone (date_trunc would truncate in that zone).
    check("product_event_counts_whole_hour", sql`extract(epoch from ${t.hour}) % 3600 = 0`),
  ],
);

/**
 * A product's stock over all sizes and when it last went from 0 to more, maintained by statement-level
 * triggers on `product_variants` (migration `highlights`): whoever changes stock, the restock is seen.
 */
export const productStockState = pgTable("product_stock_state", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  stock: integer("stock").notNull().default(0),
  /** Null until the product sells out and comes back. */
  restockedAt: timestamp("restocked_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const fitAnswers = ["small", "true", "large"] as const;
export type FitAnswer = (typeof fitAnswers)[number];

/** "How does it fit?" answers per product, counted (reviews and returns add to them). */
export const productFitAnswers = pgTable(
  "product_fit_answers",
  {
    productId: integer("product_id")
      .primaryKey()
      .references(() => products.id, { onDelete: "cascade" }),
    small: integer("small").notNull().default(0),
    trueToSize: integer("true_to_size").notNull().default(0),
    large: integer("large").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "product_fit_answers_not_negative",
      sql`${t.small} >= 0 and ${t.trueToSize} >= 0 and ${t.large} >= 0`,
    ),
  ],
);

/** Facts as stored: dates as ISO strings. */
export type StoredFacts = Omit<ProductFacts, "onlineFrom" | "restockedAt"> & {
  onlineFrom: string | null;
  restockedAt: string | null;
};

/**
 * The labels of every product that has at least one, as the last highlights run computed them, with the
 * facts they were computed from: each label's evidence and the facts trace it back to the counters.
 */
export const productHighlights = pgTable("product_highlights", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  labels: jsonb("labels").$type<Highlight[]>().notNull(),
  facts: jsonb("facts").$type<StoredFacts>().notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});
