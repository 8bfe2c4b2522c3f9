import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "../../platform/auth/tables.server";

export type OrderStatus = "pending" | "processing" | "holded" | "complete" | "closed" | "canceled";

export interface VatBreakdown {
  lines: { ratePercent: number; grossCents: number; vatCents: number; netCents: number }[];
  exemptCents: number;
  vatCents: number;
}

export interface OrderDeliveryMoment {
  id: string;
  date: string;
  window: string;
  from: string;
  to: string;
}

export interface OrderServicePoint {
  id: string;
  carrier: string;
  name: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
}

/**
 * An order (PRODUCT.md "Cart, checkout and orders"): its number is 9 random digits, so guests' order pages
 * cannot be found by counting; totals are stored as charged, never recomputed.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    number: text("number").notNull(),
    status: text("status").$type<OrderStatus>().notNull().default("pending"),
    /** Lower-cased. */
    email: text("email").notNull(),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    locale: text("locale").notNull(),
    channel: text("channel").notNull(),
    cartId: integer("cart_id"),
    country: text("country").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    discountCode: text("discount_code"),
    shippingCents: integer("shipping_cents").notNull(),
    donationCents: integer("donation_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    walletCents: integer("wallet_cents").notNull().default(0),
    /** What the payment provider collects. */
    amountDueCents: integer("amount_due_cents").notNull(),
    vat: jsonb("vat").$type<VatBreakdown>().notNull(),
    shippingMethod: text("shipping_method").notNull(),
    carrier: text("carrier").notNull(),
    deliveryType: text("delivery_type").$type<"home" | "service-point">().notNull(),
    deliveryMoment: jsonb("delivery_moment").$type<OrderDeliveryMoment>(),
    servicePoint: jsonb("service_point").$type<OrderServicePoint>(),
    paymentMethod: text("payment_method").notNull(),
    paymentId: text("payment_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    trackAndTrace: text("track_and_trace"),
    /** An unpaid order is canceled (and its stock returned) after this. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Set once, when the reserved stock went back: stock is never returned twice. */
    stockReturnedAt: timestamp("stock_returned_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_number_unique").on(t.number),
    uniqueIndex("orders_idempotency_key_unique").on(t.idempotencyKey),
    check("orders_number_format", sql`${t.number} ~ '^[1-9][0-9]{8}$'`),
    check(
      "orders_totals",
      sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents} + ${t.donationCents}
        and ${t.amountDueCents} = ${t.totalCents} - ${t.giftCardCents} - ${t.walletCents}
        and ${t.amountDueCents} >= 0`,
    ),
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_email_idx").on(t.email),
    index("orders_pending_expiry_idx").on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The lines of an order as bought: names, sizes and prices are copied, not joined. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    productId: integer("product_id").notNull(),
    variantId: integer("variant_id").notNull(),
    sku: text("sku").notNull(),
    size: text("size").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    colour: text("colour").notNull(),
    imageUrl: text("image_url"),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    /** This line's share of the order's discount. */
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId, t.position),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "order_lines_total",
      sql`${t.totalCents} = ${t.quantity} * ${t.unitPriceCents} - ${t.discountCents}`,
    ),
  ],
);

export type AddressKind = "shipping" | "billing";

export const orderAddresses = pgTable(
  "order_addresses",
  {
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AddressKind>().notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    street: text("street").notNull(),
    houseNumber: text("house_number").notNull(),
    addition: text("addition"),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
    phone: text("phone"),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind] })],
);

/** Who moved an order: the customer, the payment provider, the system's timers, or a staff member. */
export type OrderActor = "customer" | "payment" | "system" | "staff";

/** Every status change with who made it and when (the back office shows it). */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status").$type<OrderStatus>(),
    toStatus: text("to_status").$type<OrderStatus>().notNull(),
    actor: text("actor").$type<OrderActor>().notNull(),
    /** The staff member's user id. */
    actorId: uuid("actor_id"),
    note: text("note"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.at)],
);
