import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export type GiftCardStatus = "active" | "blocked";
/** Where a card came from: sold in an order, issued by staff as goodwill, or the demo card of the first start. */
export type GiftCardSource = "order" | "goodwill" | "demo";

/**
 * A gift card (PRODUCT.md "Gift cards and wallet"). The full number is never stored: a keyed hash finds
 * the card, the last 4 digits name it to staff and shoppers; the PIN is a slow hash. Money on the card is
 * `balanceCents`, of which `heldCents` is held for orders not paid yet; what can be spent is the
 * difference. Both only change together with a ledger entry, in one transaction, and the checks keep
 * them consistent under any concurrency (a spend is one conditional update on this row).
 */
export const giftCards = pgTable(
  "gift_cards",
  {
    id: serial("id").primaryKey(),
    numberHash: text("number_hash").notNull(),
    last4: text("last4").notNull(),
    pinHash: text("pin_hash").notNull(),
    initialCents: integer("initial_cents").notNull(),
    balanceCents: integer("balance_cents").notNull(),
    heldCents: integer("held_cents").notNull().default(0),
    status: text("status").$type<GiftCardStatus>().notNull().default("active"),
    source: text("source").$type<GiftCardSource>().notNull(),
    /** The order that sold it, when it was sold. */
    orderReference: text("order_reference"),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    /** Wrong PINs in a row; at the limit the card is locked until `lockedUntil`. */
    failedPins: integer("failed_pins").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("gift_cards_number_hash_unique").on(t.numberHash),
    index("gift_cards_last4_idx").on(t.last4),
    check("gift_cards_money", sql`${t.heldCents} >= 0 and ${t.heldCents} <= ${t.balanceCents}`),
    check("gift_cards_initial", sql`${t.initialCents} > 0`),
  ],
);

/**
 * What moved on a card, never changed, only added. `amountCents` is always positive; what it does to the
 * card's columns depends on the kind (`ledger.ts`). An adjustment is the one signed kind.
 */
export type GiftCardEntryKind = "issue" | "hold" | "release" | "spend" | "refund" | "expire" | "adjustment";

export const giftCardEntries = pgTable(
  "gift_card_entries",
  {
    id: serial("id").primaryKey(),
    cardId: integer("card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    kind: text("kind").$type<GiftCardEntryKind>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** The order (or return) it was for, shown in the ledger. */
    reference: text("reference"),
    /** Staff adjustments and blocks say why. */
    note: text("note"),
    /** The same key never books twice: a command sent again answers what the first one did. */
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("gift_card_entries_key_unique").on(t.idempotencyKey),
    index("gift_card_entries_card_idx").on(t.cardId, t.createdAt),
    check("gift_card_entries_amount", sql`${t.amountCents} <> 0`),
  ],
);

export type GiftCardHoldState = "held" | "spent" | "released";

/**
 * An amount of a card held for one order: spent when the order is paid, released when it is not. What was
 * spent can be refunded to the card, never more than was spent.
 */
export const giftCardHolds = pgTable(
  "gift_card_holds",
  {
    id: serial("id").primaryKey(),
    cardId: integer("card_id")
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    orderReference: text("order_reference").notNull(),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    state: text("state").$type<GiftCardHoldState>().notNull().default("held"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("gift_card_holds_order_idx").on(t.orderReference),
    uniqueIndex("gift_card_holds_card_order_unique").on(t.cardId, t.orderReference),
    check("gift_card_holds_amount", sql`${t.amountCents} > 0`),
    check("gift_card_holds_refund", sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

export type GiftCardPurchaseKind = "egift" | "physical";
/**
 * ordered (in an unpaid order) → issued (paid: the card exists) → sent (an e-gift card e-mailed on its
 * date); ordered → canceled (the order was not paid). docs/decisions/0039.
 */
export type GiftCardPurchaseStatus = "ordered" | "issued" | "sent" | "canceled";

/**
 * A gift card sold in an order, from the bag to the recipient. The number and PIN of an issued card that
 * is not sent yet are kept sealed (AES-256-GCM, `secrets.server.ts`) only until the dispatch job sends
 * them; then `sealed` is cleared and the sent e-mail (`messageId`) is what a staff resend copies.
 */
export const giftCardPurchases = pgTable(
  "gift_card_purchases",
  {
    id: serial("id").primaryKey(),
    orderReference: text("order_reference").notNull(),
    position: integer("position").notNull(),
    kind: text("kind").$type<GiftCardPurchaseKind>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    toName: text("to_name").notNull(),
    fromName: text("from_name").notNull(),
    message: text("message"),
    recipientEmail: text("recipient_email"),
    /** YYYY-MM-DD on the shop's clock (Europe/Amsterdam). */
    dispatchDate: text("dispatch_date"),
    buyerEmail: text("buyer_email").notNull(),
    locale: text("locale").notNull(),
    status: text("status").$type<GiftCardPurchaseStatus>().notNull().default("ordered"),
    cardId: integer("card_id").references(() => giftCards.id),
    sealed: text("sealed"),
    messageId: text("message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("gift_card_purchases_order_position_unique").on(t.orderReference, t.position),
    index("gift_card_purchases_due_idx")
      .on(t.dispatchDate)
      .where(sql`${t.status} = 'issued' and ${t.kind} = 'egift'`),
    index("gift_card_purchases_card_idx").on(t.cardId),
    check("gift_card_purchases_amount", sql`${t.amountCents} > 0`),
  ],
);
