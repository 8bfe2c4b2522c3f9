// Gift cards sold in orders (docs/decisions/0039): recorded with the order, issued when it is paid, an
// e-gift card e-mailed on its dispatch date by a job, exactly once; the buyer may change where and when
// until it is sent, staff may resend it.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import { isLocale, type Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { type Refusal, refuse } from "../../platform/refusal";
import { SHOP_TIME_ZONE } from "../../platform/shop-time";
import { href } from "../../routing/urls";
import { queueEmail, requeueEmail } from "../notifications/notifications.server";
import { issueGiftCard } from "./cards.server";
import { seal, unseal } from "./secrets.server";
import {
  type GiftCardPurchaseKind,
  type GiftCardPurchaseStatus,
  giftCardPurchases,
  giftCards,
} from "./tables.server";

export interface GiftCardPurchaseInput {
  kind: GiftCardPurchaseKind;
  amountCents: number;
  toName: string;
  fromName: string;
  message: string | null;
  recipientEmail: string | null;
  dispatchDate: string | null;
}

/** Today on the shop's clock (Europe/Amsterdam), as YYYY-MM-DD. */
function shopToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE }).format(now);
}

/** The days an e-gift card may be sent on: today … the same day next year, on the shop's clock. */
export function dispatchDateWindow(now: Date = new Date()): { first: string; last: string } {
  const first = shopToday(now);
  const last = new Date(`${first}T00:00:00Z`);
  last.setUTCFullYear(last.getUTCFullYear() + 1);
  return { first, last: last.toISOString().slice(0, 10) };
}

/** Writes the gift cards of a new order, in the order's transaction (checkout's `placeOrder`). */
export async function recordGiftCardPurchases(
  input: { orderReference: string; buyerEmail: string; locale: Locale; cards: GiftCardPurchaseInput[] },
  options: { tx: Transaction },
): Promise<void> {
  if (input.cards.length === 0) return;
  await options.tx.insert(giftCardPurchases).values(
    input.cards.map((card, position) => ({
      orderReference: input.orderReference,
      position,
      kind: card.kind,
      amountCents: card.amountCents,
      toName: card.toName,
      fromName: card.fromName,
      message: card.message,
      recipientEmail: card.kind === "egift" ? card.recipientEmail?.trim().toLowerCase() : null,
      dispatchDate: card.kind === "egift" ? card.dispatchDate : null,
      buyerEmail: input.buyerEmail.trim().toLowerCase(),
      locale: input.locale,
    })),
  );
}

/**
 * The order is paid: every card it sold is issued (once: the key is the purchase), its number and PIN
 * sealed until sent, and the buyer gets a receipt. Runs in the payment's transaction. Answers how many
 * cards were issued now.
 */
export async function issueOrderGiftCards(
  input: { orderReference: string; orderUrl: string },
  options: { tx: Transaction },
): Promise<number> {
  const { tx } = options;
  const due = await tx
    .select()
    .from(giftCardPurchases)
    .where(
      and(
        eq(giftCardPurchases.orderReference, input.orderReference),
        eq(giftCardPurchases.status, "ordered"),
      ),
    )
    .orderBy(asc(giftCardPurchases.position))
    .for("update");
  if (due.length === 0) return 0;
  const receipt: {
    kind: GiftCardPurchaseKind;
    amountCents: number;
    toName: string;
    last4: string;
    recipientEmail: string | null;
    dispatchDate: string | null;
  }[] = [];
  for (const purchase of due) {
    const card = await issueGiftCard(
      {
        amountCents: purchase.amountCents,
        source: "order",
        orderReference: input.orderReference,
        idempotencyKey: `purchase:${purchase.id}`,
      },
      { tx },
    );
    await tx
      .update(giftCardPurchases)
      .set({
        status: "issued",
        cardId: card.id,
        sealed: card.number && card.pin ? seal(`${card.number}:${card.pin}`) : purchase.sealed,
      })
      .where(eq(giftCardPurchases.id, purchase.id));
    receipt.push({
      kind: purchase.kind,
      amountCents: purchase.amountCents,
      toName: purchase.toName,
      last4: card.last4,
      recipientEmail: purchase.recipientEmail,
      dispatchDate: purchase.dispatchDate,
    });
  }
  const first = due[0]!;
  await queueEmail(
    {
      to: first.buyerEmail,
      locale: localeOf(first.locale),
      template: "giftCardReceipt",
      data: { number: input.orderReference, cards: receipt, orderUrl: input.orderUrl },
    },
    { tx },
  );
  return due.length;
}

/** The order was not paid: its cards are never issued. */
export async function cancelOrderGiftCards(
  orderReference: string,
  options: { tx: Transaction },
): Promise<void> {
  await options.tx
    .update(giftCardPurchases)
    .set({ status: "canceled", sealed: null })
    .where(
      and(eq(giftCardPurchases.orderReference, orderReference), eq(giftCardPurchases.status, "ordered")),
    );
}

const localeOf = (value: string): Locale => (isLocale(value) ? value : "en");

function balanceUrl(locale: Locale): string {
  return `${env().BASE_URL}${href("saldo-checker", {}, locale, env().I18N_STRATEGY)}`;
}

/**
 * Sends one issued e-gift card whose day has come, in one transaction with its row locked: the card
 * e-mail goes into the outbox and the purchase becomes `sent` together, so it is sent exactly once
 * however many job runners look. A row another runner holds is skipped (SKIP LOCKED).
 */
async function sendOne(purchaseId: number, today: string): Promise<boolean> {
  return transaction(async (tx) => {
    const [purchase] = await tx
      .select({ purchase: giftCardPurchases, validUntil: giftCards.validUntil })
      .from(giftCardPurchases)
      .innerJoin(giftCards, eq(giftCards.id, giftCardPurchases.cardId))
      .where(
        and(
          eq(giftCardPurchases.id, purchaseId),
          eq(giftCardPurchases.status, "issued"),
          eq(giftCardPurchases.kind, "egift"),
          lte(giftCardPurchases.dispatchDate, today),
        ),
      )
      .for("update", { of: giftCardPurchases, skipLocked: true });
    if (!purchase?.purchase.sealed || !purchase.purchase.recipientEmail) return false;
    const p = purchase.purchase;
    const [number, pin] = unseal(p.sealed!).split(":");
    const locale = localeOf(p.locale);
    const messageId = await queueEmail(
      {
        to: p.recipientEmail!,
        locale,
        template: "giftCard",
        data: {
          amountCents: p.amountCents,
          toName: p.toName,
          fromName: p.fromName,
          message: p.message,
          number: number!,
          pin: pin!,
          validUntil: purchase.validUntil.toISOString(),
          balanceUrl: balanceUrl(locale),
        },
      },
      { tx },
    );
    await tx
      .update(giftCardPurchases)
      .set({ status: "sent", sealed: null, messageId, sentAt: sql`now()` })
      .where(eq(giftCardPurchases.id, p.id));
    return true;
  });
}

/** Sends every e-gift card due today or before (Europe/Amsterdam). Answers how many this call sent. */
export async function dispatchDueGiftCards(options: { now?: Date; limit?: number } = {}): Promise<number> {
  const today = shopToday(options.now);
  const due = await db()
    .select({ id: giftCardPurchases.id })
    .from(giftCardPurchases)
    .where(
      and(
        eq(giftCardPurchases.status, "issued"),
        eq(giftCardPurchases.kind, "egift"),
        lte(giftCardPurchases.dispatchDate, today),
      ),
    )
    .orderBy(asc(giftCardPurchases.dispatchDate), asc(giftCardPurchases.id))
    .limit(options.limit ?? 200);
  let sent = 0;
  for (const { id } of due) if (await sendOne(id, today)) sent++;
  return sent;
}

export const dispatchGiftCardsJob = defineJob<{ reason: string }>({
  name: "gift-cards.dispatch",
  schedule: { cron: "* * * * *", data: { reason: "schedule" } },
  options: { retryLimit: 3, expireInSeconds: 300 },
  async handle() {
    const sent = await dispatchDueGiftCards();
    if (sent > 0) logger.info({ sent }, "e-gift cards sent");
  },
});

/**
 * Staff resend an e-gift card: a card already sent gets a copy of the e-mail it was sent (to the current
 * recipient); an issued card not sent yet is sent now. Answers what happened.
 */
export async function resendGiftCard(purchaseId: number): Promise<"copied" | "sent" | Refusal> {
  const [row] = await db().select().from(giftCardPurchases).where(eq(giftCardPurchases.id, purchaseId));
  if (row?.kind !== "egift" || !row.recipientEmail)
    return refuse.notFound("giftcard:errors.purchaseNotFound");
  if (row.status === "issued") {
    await transaction(async (tx) => {
      await tx
        .update(giftCardPurchases)
        .set({ dispatchDate: shopToday() })
        .where(and(eq(giftCardPurchases.id, purchaseId), eq(giftCardPurchases.status, "issued")));
    });
    return (await sendOne(purchaseId, shopToday()))
      ? "sent"
      : refuse.conflict("giftcard:errors.notResendable");
  }
  if (row.status !== "sent" || !row.messageId) return refuse.conflict("giftcard:errors.notResendable");
  const copied = await requeueEmail(row.messageId, row.recipientEmail);
  return copied ? "copied" : refuse.conflict("giftcard:errors.notResendable");
}

/** A card an order sold, as its buyer sees it on the order page (never its number or PIN). */
export interface OrderGiftCard {
  id: number;
  kind: GiftCardPurchaseKind;
  amountCents: number;
  toName: string;
  recipientEmail: string | null;
  dispatchDate: string | null;
  status: GiftCardPurchaseStatus;
  sentAt: Date | null;
  /** The buyer may still change where and when it goes (an e-gift card not sent or canceled). */
  changeable: boolean;
}

/** The gift cards an order sold, in the order they were put in the bag. */
export async function giftCardsOfOrder(orderReference: string): Promise<OrderGiftCard[]> {
  const rows = await db()
    .select()
    .from(giftCardPurchases)
    .where(eq(giftCardPurchases.orderReference, orderReference))
    .orderBy(asc(giftCardPurchases.position));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    amountCents: row.amountCents,
    toName: row.toName,
    recipientEmail: row.recipientEmail,
    dispatchDate: row.dispatchDate,
    status: row.status,
    sentAt: row.sentAt,
    changeable: row.kind === "egift" && (row.status === "ordered" || row.status === "issued"),
  }));
}

/**
 * The buyer changes the recipient's e-mail address or the dispatch date of an e-gift card of their
 * order (the caller has checked the order is theirs). Allowed until it is sent: the row is locked like the
 * dispatch job locks it, so a change never crosses a send. The date must lie within today … +1 year on
 * the shop's clock.
 */
export async function changeGiftCardDispatch(
  input: { orderReference: string; purchaseId: number; recipientEmail: string; dispatchDate: string },
  options: { now?: Date } = {},
): Promise<{ recipientEmail: string; dispatchDate: string } | Refusal> {
  const { first, last } = dispatchDateWindow(options.now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.dispatchDate) || input.dispatchDate < first)
    return refuse.invalid("giftcard:errors.dispatchPast", {}, "dispatchDate");
  if (input.dispatchDate > last)
    return refuse.invalid("forms:validation.dateMax", { date: last }, "dispatchDate");
  const recipientEmail = input.recipientEmail.trim().toLowerCase();
  return transaction(async (tx) => {
    const [row] = await tx
      .select({ kind: giftCardPurchases.kind, status: giftCardPurchases.status })
      .from(giftCardPurchases)
      .where(
        and(
          eq(giftCardPurchases.id, input.purchaseId),
          eq(giftCardPurchases.orderReference, input.orderReference),
        ),
      )
      .for("update");
    if (row?.kind !== "egift" || row.status === "canceled")
      return refuse.notFound("giftcard:errors.purchaseNotFound");
    if (row.status === "sent") return refuse.conflict("giftcard:errors.alreadySent");
    await tx
      .update(giftCardPurchases)
      .set({ recipientEmail, dispatchDate: input.dispatchDate })
      .where(eq(giftCardPurchases.id, input.purchaseId));
    return { recipientEmail, dispatchDate: input.dispatchDate };
  });
}
