import { sql } from "drizzle-orm";
import { check, integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { products } from "../catalog/tables.server";

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
