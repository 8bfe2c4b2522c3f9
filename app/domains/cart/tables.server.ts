import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.server";
import { productVariants } from "../catalog/tables.server";

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
    /** Gift cards bought with this bag. */
    giftCards: jsonb("gift_cards").$type<StoredGiftCardLine[]>().notNull().default([]),
    /** Gift cards the shopper added at checkout to pay with (ids of recognised cards, in order). */
    paymentCardIds: jsonb("payment_card_ids").$type<number[]>().notNull().default([]),
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

export type CartGiftCardKind = "egift" | "physical";

/**
 * A gift card in the bag (docs/decisions/0039): its amount and what the buyer wrote on it. Never
 * discounted, no VAT at sale, not counted towards free shipping. An e-gift card has a recipient e-mail
 * address and a dispatch date (YYYY-MM-DD, Europe/Amsterdam); a physical card travels with the order.
 * Kept on the cart's row, so reading a bag stays one query.
 */
export interface StoredGiftCardLine {
  id: string;
  kind: CartGiftCardKind;
  amountCents: number;
  toName: string;
  fromName: string;
  message: string | null;
  recipientEmail: string | null;
  dispatchDate: string | null;
}
