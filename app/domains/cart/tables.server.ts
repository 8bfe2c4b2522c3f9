import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { productVariants } from "../catalog/tables.server";
import { user } from "../customers/auth-tables.server";

/**
 * A shopping bag: a signed-in customer's (one per customer) or a guest's, found by the opaque token in the
 * guest's `shop_cart` cookie. `updatedAt` moves on every change: a guest cart untouched for 30 days is
 * pruned, and "active carts" (the in-carts highlight) are the recently changed ones.
 */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id").references(() => user.id, { onDelete: "cascade" }),
    token: text("token"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("carts_one_owner", sql`(${t.userId} is null) <> (${t.token} is null)`),
    uniqueIndex("carts_user_unique").on(t.userId),
    uniqueIndex("carts_token_unique").on(t.token),
    index("carts_updated_idx").on(t.updatedAt),
  ],
);

/** One line per size in a cart. Stock is never reserved here: the order reserves it when it is placed. */
export const cartLines = pgTable(
  "cart_lines",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_lines_cart_variant_unique").on(t.cartId, t.variantId),
    index("cart_lines_variant_idx").on(t.variantId),
    check("cart_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
