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
import { user } from "../../../platform/auth/tables.server";
import { marketplaceListings, marketplaceOffers, marketplaceStores } from "../tables.server";
import type { TransactionActor, TransactionState, TransactionTransition } from "./transaction-process";

export type DeliveryOption = "home" | "service-point";

/** Where the parcel goes: the buyer's address (home) or a service point's (the buyer's name on it). */
export interface DeliveryAddress {
  name: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  country: string;
  /** A service point's id and name at the carrier. */
  servicePointId?: string;
  servicePointName?: string;
}

/** none → pending (paid) → available (completed, booked in the wallet) | reversed (refunded). */
export type EarningsState = "none" | "pending" | "available" | "reversed";

/**
 * A purchase in the marketplace (PRODUCT.md's transaction process): one buyer, one store, one or more of
 * its listings. The amounts are fixed at enquire; `state` moves only through the process's one writer.
 */
export const marketplaceTransactions = pgTable(
  "marketplace_transactions",
  {
    id: serial("id").primaryKey(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => marketplaceStores.id, { onDelete: "restrict" }),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => user.id, { onDelete: "restrict" }),
    state: text("state").$type<TransactionState>().notNull(),
    stateEnteredAt: timestamp("state_entered_at", { withTimezone: true }).notNull(),
    offerId: integer("offer_id").references(() => marketplaceOffers.id, { onDelete: "set null" }),
    delivery: text("delivery").$type<DeliveryOption>().notNull(),
    address: jsonb("address").$type<DeliveryAddress>().notNull(),
    /** The listings' prices before the bundle discount (or the accepted offer's amount). */
    itemsCents: integer("items_cents").notNull(),
    bundleDiscountCents: integer("bundle_discount_cents").notNull().default(0),
    priceCents: integer("price_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    feeCents: integer("fee_cents").notNull(),
    commissionCents: integer("commission_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    paymentId: text("payment_id"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    earnings: text("earnings").$type<EarningsState>().notNull().default("none"),
    carrier: text("carrier"),
    trackingCode: text("tracking_code"),
    /** When the provider printed the prepaid label (the parcel exists at the carrier). */
    labelCreatedAt: timestamp("label_created_at", { withTimezone: true }),
    /** The buyer's language: e-mails and the payment page speak it. */
    locale: text("locale").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("marketplace_transactions_key").on(t.buyerId, t.idempotencyKey),
    uniqueIndex("marketplace_transactions_tracking").on(t.trackingCode),
    index("marketplace_transactions_buyer_idx").on(t.buyerId, t.createdAt),
    index("marketplace_transactions_provider_idx").on(t.providerId, t.createdAt),
    index("marketplace_transactions_state_idx").on(t.state, t.stateEnteredAt),
    check(
      "marketplace_transactions_money",
      sql`${t.priceCents} > 0 and ${t.totalCents} = ${t.priceCents} + ${t.shippingCents} + ${t.feeCents}
        and ${t.commissionCents} between 0 and ${t.priceCents}
        and ${t.refundedCents} between 0 and ${t.totalCents}`,
    ),
  ],
);

/** The listings a transaction buys, with the price each had when it was bought. */
export const marketplaceTransactionItems = pgTable(
  "marketplace_transaction_items",
  {
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => marketplaceTransactions.id, { onDelete: "cascade" }),
    listingId: integer("listing_id")
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    priceCents: integer("price_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.transactionId, t.listingId] }),
    index("marketplace_transaction_items_listing_idx").on(t.listingId),
  ],
);

/** Every transition taken, by whom and when (PRODUCT.md: every transition is logged with actor and time). */
export const marketplaceTransactionLog = pgTable(
  "marketplace_transaction_log",
  {
    id: serial("id").primaryKey(),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => marketplaceTransactions.id, { onDelete: "cascade" }),
    transition: text("transition").$type<TransactionTransition>().notNull(),
    fromState: text("from_state").$type<TransactionState>(),
    toState: text("to_state").$type<TransactionState>().notNull(),
    actor: text("actor").$type<TransactionActor>().notNull(),
    /** The person (buyer, provider or staff member); null for the system. */
    actorId: text("actor_id"),
    /** What came with it: a dispute's reason, an operator's statement, a carrier's event. */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("marketplace_transaction_log_idx").on(t.transactionId, t.id),
    // A transaction enters each state at most once (the process has no cycles): a transition twice is a bug.
    uniqueIndex("marketplace_transaction_log_once").on(t.transactionId, t.transition),
  ],
);

/** A store's bundle discount (PRODUCT.md: none, or a percentage from 2 or 3 items); no row: none. */
export const marketplaceStoreBundles = pgTable(
  "marketplace_store_bundles",
  {
    storeId: integer("store_id")
      .primaryKey()
      .references(() => marketplaceStores.id, { onDelete: "cascade" }),
    percent: integer("percent").notNull(),
    fromItems: integer("from_items").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("marketplace_store_bundles_rule", sql`${t.percent} between 1 and 50 and ${t.fromItems} in (2, 3)`),
  ],
);

/** What the carrier told the shop about a parcel (its signed webhooks): the tracking page's lines. */
export const marketplaceParcelEvents = pgTable(
  "marketplace_parcel_events",
  {
    id: serial("id").primaryKey(),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => marketplaceTransactions.id, { onDelete: "cascade" }),
    trackingCode: text("tracking_code").notNull(),
    /** `label-created`, `in-transit`, `delivered`. */
    status: text("status").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("marketplace_parcel_events_once").on(t.trackingCode, t.status),
    index("marketplace_parcel_events_tx_idx").on(t.transactionId, t.id),
  ],
);

/**
 * The sandbox carrier's own books (it plays an outside carrier: the shop reads it only through the carrier
 * adapter). A parcel is created with its label and moved by the sandbox tracking page's buttons.
 */
export const sandboxParcels = pgTable("sandbox_parcels", {
  trackingCode: text("tracking_code").primaryKey(),
  reference: text("reference").notNull(),
  recipient: jsonb("recipient").$type<DeliveryAddress>().notNull(),
  sender: text("sender").notNull(),
  status: text("status").notNull().default("label-created"),
  webhookUrl: text("webhook_url").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The buyer's review of a completed purchase (one per transaction), the provider's one reply, staff hiding. */
export const marketplaceReviews = pgTable(
  "marketplace_reviews",
  {
    transactionId: integer("transaction_id")
      .primaryKey()
      .references(() => marketplaceTransactions.id, { onDelete: "cascade" }),
    storeId: integer("store_id")
      .notNull()
      .references(() => marketplaceStores.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id").references(() => user.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    /** Hidden by staff, with the reason (kept for the statement to the reviewer). */
    hiddenReason: text("hidden_reason"),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("marketplace_reviews_rating", sql`${t.rating} between 1 and 5`),
    index("marketplace_reviews_store_idx").on(t.storeId, t.createdAt),
  ],
);

/** A dispute photo: re-encoded by sharp (no EXIF), stored outside the public media folder. */
export interface DisputePhoto {
  /** File name under <DATA_DIR>/dispute-photos/ (`<uuid>.webp`). */
  file: string;
  width: number;
  height: number;
}

/**
 * The buyer's dispute of a delivered purchase (one per transaction: the process enters `dispute` once):
 * the reason and 1–5 photos. How it ended is the transition that left the `dispute` state (the log).
 */
export const marketplaceDisputes = pgTable("marketplace_disputes", {
  transactionId: integer("transaction_id")
    .primaryKey()
    .references(() => marketplaceTransactions.id, { onDelete: "cascade" }),
  reason: text("reason").notNull(),
  photos: jsonb("photos").$type<DisputePhoto[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type DisputeAuthor = "customer" | "provider" | "operator";

/** The dispute's conversation: the buyer, the provider and support (operator) write in it. */
export const marketplaceDisputeMessages = pgTable(
  "marketplace_dispute_messages",
  {
    id: serial("id").primaryKey(),
    transactionId: integer("transaction_id")
      .notNull()
      .references(() => marketplaceDisputes.transactionId, { onDelete: "cascade" }),
    author: text("author").$type<DisputeAuthor>().notNull(),
    /** The person (buyer, provider or staff member). */
    authorId: text("author_id"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("marketplace_dispute_messages_idx").on(t.transactionId, t.id)],
);
