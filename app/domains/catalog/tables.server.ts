import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { xid8 } from "../../platform/db/xid8";
import type { HighlightCode } from "./highlight-codes";
import type { ImageSet } from "./image-set";

export type { ImageSet, ImageVariant } from "./image-set";

export interface ProductAttributes {
  length?: string;
  fit?: string;
  fabric?: string;
  pattern?: string;
  occasion?: string;
}

export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    parentId: integer("parent_id"),
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("categories_parent_idx").on(t.parentId)],
);

export const categoryTranslations = pgTable(
  "category_translations",
  {
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.locale] }),
    uniqueIndex("category_slug_unique").on(t.locale, t.slug),
  ],
);

/** A product is one style in one colour; its sizes are variants. */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    styleCode: text("style_code").notNull(),
    brand: text("brand").notNull(),
    colour: text("colour").notNull(),
    colourHex: text("colour_hex").notNull(),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    currency: text("currency").notNull().default("EUR"),
    attributes: jsonb("attributes").$type<ProductAttributes>().notNull().default({}),
    lookId: text("look_id"),
    appOnly: boolean("app_only").notNull().default(false),
    onlineFrom: timestamp("online_from", { withTimezone: true }),
    availableSoonReason: text("available_soon_reason"),
    availableSoonDate: date("available_soon_date"),
    /** Merchandising rank for "most popular" (lower first). */
    position: integer("position").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("products_style_colour_unique").on(t.styleCode, t.colour),
    index("products_look_idx").on(t.lookId),
    check("products_price_positive", sql`${t.priceCents} >= 0`),
    check(
      "products_original_above_price",
      sql`${t.originalPriceCents} is null or ${t.originalPriceCents} > ${t.priceCents}`,
    ),
  ],
);

export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    locale: text("locale").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull(),
    fabric: text("fabric"),
    washingAdvice: text("washing_advice"),
    modelInfo: text("model_info"),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.locale] }),
    uniqueIndex("product_slug_unique").on(t.locale, t.slug),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    sku: text("sku").notNull(),
    stock: integer("stock").notNull().default(0),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_variants_sku_unique").on(t.sku),
    index("product_variants_product_idx").on(t.productId),
    check("product_variants_stock_not_negative", sql`${t.stock} >= 0`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    set: jsonb("set").$type<ImageSet>().notNull(),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index("product_categories_category_idx").on(t.categoryId),
  ],
);

/** Every price a product had, for the EU Omnibus "lowest price of the last 30 days". */
export const priceHistory = pgTable(
  "price_history",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    priceCents: integer("price_cents").notNull(),
    validFrom: timestamp("valid_from", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("price_history_product_idx").on(t.productId, t.validFrom)],
);

/**
 * The catalogue's change feed: triggers write the id of every product whose listing data changed (row,
 * variants, stock, categories), or null when the category tree changed, with the writing transaction.
 * Each process's listing and search indexes read it to stay current without reloading everything
 * (docs/decisions/0006-listing-index.md, 0028-change-feed-by-transaction.md; see platform/db/change-feed.server.ts).
 */
export const catalogChanges = pgTable(
  "catalog_changes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: integer("product_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    tx: xid8("tx").notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [index("catalog_changes_at_idx").on(t.at), index("catalog_changes_tx_idx").on(t.tx)],
);

/**
 * What shoppers did with each product, per UTC hour (`hourBucket`), one row per product and hour with a column per
 * event kind, so a flush is one upsert and a window is one `sum(...) filter (...)`. Kept for
 * `COUNTER_RETENTION_DAYS` (the highlights job prunes older hours): the highlights read them, and the
 * home page's best sellers.
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
 * A product's labels as the highlights job stored them (`highlights/labels.ts` says what they are): the
 * code the product card translates, the number it shows, and the evidence behind the label.
 */
export interface StoredLabel {
  code: HighlightCode;
  count?: number;
  evidence?: Record<string, unknown>;
}

/**
 * The labels of every product that has at least one, as the last highlights run computed them, with the
 * facts they were computed from: each label's evidence and the facts trace it back to the counters. The
 * catalogue serves them on cards and product pages; the highlights domain writes them.
 */
export const productHighlights = pgTable("product_highlights", {
  productId: integer("product_id")
    .primaryKey()
    .references(() => products.id, { onDelete: "cascade" }),
  labels: jsonb("labels").$type<StoredLabel[]>().notNull(),
  facts: jsonb("facts").$type<Record<string, unknown>>().notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});
