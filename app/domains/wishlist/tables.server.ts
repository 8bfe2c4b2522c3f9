import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.server";
import { products } from "../catalog/tables.server";

/** A customer's wishlist (one per customer) or a guest's, found by the token in the `shop_wishlist` cookie. */
export const wishlists = pgTable(
  "wishlists",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id").references(() => user.id, { onDelete: "cascade" }),
    token: text("token"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("wishlists_one_owner", sql`(${t.userId} is null) <> (${t.token} is null)`),
    uniqueIndex("wishlists_user_unique").on(t.userId),
    uniqueIndex("wishlists_token_unique").on(t.token),
    index("wishlists_updated_idx").on(t.updatedAt),
  ],
);

/** A product (a style in one colour) on a wishlist, once. */
export const wishlistItems = pgTable(
  "wishlist_items",
  {
    wishlistId: integer("wishlist_id")
      .notNull()
      .references(() => wishlists.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.wishlistId, t.productId] }),
    index("wishlist_items_product_idx").on(t.productId),
  ],
);
