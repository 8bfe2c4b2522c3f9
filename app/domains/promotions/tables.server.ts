import { sql } from "drizzle-orm";
import {
  boolean,
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
import { carts } from "../cart/tables.server";

export type DiscountKind = "percentage" | "fixed" | "free-shipping";

/** A discount code (PRODUCT.md "Promotions and marketing"). Codes are stored upper-case. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    kind: text("kind").$type<DiscountKind>().notNull(),
    /** Percentage codes: 1–100. */
    percent: integer("percent"),
    /** Fixed-amount codes. */
    amountCents: integer("amount_cents"),
    /** On the merchandise subtotal (before the discount). */
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** Redemptions allowed in total; null: unlimited. */
    usageLimit: integer("usage_limit"),
    /** Redemptions allowed per customer (account or e-mail address); null: unlimited. */
    perCustomerLimit: integer("per_customer_limit"),
    firstOrderOnly: boolean("first_order_only").notNull().default(false),
    excludedProductIds: integer("excluded_product_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** Redemptions of orders not canceled; kept with the limit in one row so the limit holds under concurrency. */
    timesUsed: integer("times_used").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    description: text("description"),
    /** The feature that issued a personal single-use code (`referral`, `student`, `newsletter`); null: made by staff. */
    source: text("source"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("discount_codes_code_unique").on(t.code),
    check("discount_codes_code_upper", sql`${t.code} = upper(${t.code})`),
    check(
      "discount_codes_kind",
      sql`(${t.kind} = 'percentage' and ${t.percent} between 1 and 100)
        or (${t.kind} = 'fixed' and ${t.amountCents} > 0)
        or ${t.kind} = 'free-shipping'`,
    ),
    check(
      "discount_codes_usage",
      sql`${t.timesUsed} >= 0 and (${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit})`,
    ),
  ],
);

/** One row per order that used a code; `releasedAt` when the order was canceled before payment. */
export const discountRedemptions = pgTable(
  "discount_redemptions",
  {
    id: serial("id").primaryKey(),
    codeId: integer("code_id")
      .notNull()
      .references(() => discountCodes.id),
    orderNumber: text("order_number").notNull(),
    /** Lower-cased. */
    email: text("email").notNull(),
    userId: uuid("user_id"),
    amountCents: integer("amount_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("discount_redemptions_order_unique").on(t.orderNumber),
    index("discount_redemptions_email_idx").on(t.codeId, t.email),
    index("discount_redemptions_user_idx").on(t.codeId, t.userId),
  ],
);

/** The one active code of a cart (a second replaces the first); it goes with the cart. */
export const cartDiscountCodes = pgTable("cart_discount_codes", {
  cartId: integer("cart_id")
    .primaryKey()
    .references(() => carts.id, { onDelete: "cascade" }),
  codeId: integer("code_id")
    .notNull()
    .references(() => discountCodes.id, { onDelete: "cascade" }),
  appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
});
