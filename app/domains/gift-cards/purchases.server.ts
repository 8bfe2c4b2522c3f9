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
import { type GiftCardPurchaseKind, giftCardPurchases, giftCards } from "./tables.server";

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
  schedule: { cron: "*/5 * * * *", data: { reason: "schedule" } },
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
