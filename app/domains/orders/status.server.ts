// An order's status: the one writer (`moveOrder`, which asks the transition table), the payment listener
// that moves a pending order when its payment is settled, the expiry of unpaid orders, and the moves of
// staff, carriers and returns (`transitionOrder`).
import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import { afterCommit, inTransaction, transaction } from "../../platform/db/transaction.server";
import { isLocale, type Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { clearCart } from "../cart/cart.server";
import { recordProductEvent, returnStock } from "../catalog/catalog.server";
import {
  cancelOrderGiftCards,
  issueOrderGiftCards,
  settleGiftCardHolds,
} from "../gift-cards/gift-cards.server";
import {
  onPaymentStatus,
  type PaymentRecord,
  reserveRefund,
  settleRefund,
  syncPayment,
} from "../payments/payments.server";
import { leftToRefund } from "../pricing/refunds";
import { releaseDiscountRedemption, removeDiscountCode } from "../promotions/promotions.server";
import { settleWalletHold } from "../wallet/wallet.server";
import { queueOrderEmail, queueRefundEmail } from "./emails.server";
import { orderPageUrl } from "./links.server";
import { type OrderActor, type OrderStatus, orderLines, orderStatusHistory, orders } from "./tables.server";
import { checkTransition } from "./transitions";
import { type OrderDetail, type OrderRow, orderByNumber } from "./views.server";

async function lockOrder(tx: Transaction, number: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.number, number)).for("update");
  return row ?? null;
}

async function linesOf(tx: Transaction, orderId: number) {
  return tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

/** Puts the order's units back on the shelf, once per order whatever calls it. */
async function returnOrderStock(tx: Transaction, orderId: number): Promise<boolean> {
  const [claimed] = await tx
    .update(orders)
    .set({ stockReturnedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReturnedAt)))
    .returning({ id: orders.id });
  if (!claimed) return false;
  const lines = await linesOf(tx, orderId);
  await returnStock(
    lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    { tx },
  );
  return true;
}

interface MoveDetail {
  actorId?: string | null;
  note?: string | null;
  trackAndTrace?: string | null;
  carrier?: string | null;
}

/**
 * The one writer of an order's status (the row locked by the caller): only a move of the transition
 * table, with its history line; a move that returns stock returns it (once), and canceling an unpaid
 * order gives its discount code's use back.
 */
async function moveOrder(
  tx: Transaction,
  order: OrderRow,
  to: OrderStatus,
  actor: OrderActor,
  detail: MoveDetail = {},
): Promise<true | Refusal> {
  const trackAndTrace = detail.trackAndTrace?.trim() || order.trackAndTrace;
  const move = checkTransition(order.status, to, actor, trackAndTrace);
  if (isRefusal(move)) return move;
  // Staff may ship with another carrier than the one the checkout chose (the parcel went with it).
  const carrier = to === "complete" && detail.carrier?.trim() ? detail.carrier.trim() : order.carrier;
  await tx
    .update(orders)
    .set({
      status: to,
      trackAndTrace,
      carrier,
      updatedAt: sql`now()`,
      ...(order.status === "pending" && to === "processing" ? { paidAt: sql`now()` } : {}),
    })
    .where(eq(orders.id, order.id));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    actor,
    actorId: detail.actorId ?? null,
    note: detail.note ?? null,
  });
  if (move.returnsStock) await returnOrderStock(tx, order.id);
  if (to === "canceled" && order.status === "pending") {
    await releaseDiscountRedemption(order.number, { tx });
    // Not paid: what gift cards and the wallet held goes back, and the cards it sold are never issued.
    await settleGiftCardHolds({ orderReference: order.number, outcome: "released" }, { tx });
    await settleWalletHold({ orderReference: order.number, outcome: "released" }, { tx });
    await cancelOrderGiftCards(order.number, { tx });
  }
  if (to === "processing" && order.status === "pending") {
    await settleGiftCardHolds({ orderReference: order.number, outcome: "spent" }, { tx });
    await settleWalletHold({ orderReference: order.number, outcome: "spent" }, { tx });
    await issueOrderGiftCards(
      { orderReference: order.number, orderUrl: orderPageUrl({ ...order, locale: localeOf(order.locale) }) },
      { tx },
    );
  }
  return true;
}

const localeOf = (value: string): Locale => (isLocale(value) ? value : "en");

/**
 * The payments domain calls this in the transaction that changes a payment's status (row locked, applied
 * once): paid → the order is processing, its cart emptied, its sales counted and the confirmation sent;
 * failed, canceled or expired → the order is canceled and its stock returned. Anything else, or an order no
 * longer pending, changes nothing — so late, repeated and out-of-order webhooks converge.
 */
export async function applyPaymentStatus(tx: Transaction, payment: PaymentRecord): Promise<void> {
  const order = await lockOrder(tx, payment.reference);
  if (!order) return;
  if (order.paymentId && order.paymentId !== payment.id) return;
  if (payment.status === "paid") {
    if (order.status === "canceled") await refundLatePayment(tx, order.number, payment);
    if (order.status !== "pending") return;
    await completePaidOrder(tx, order, `paid (${payment.method})`);
  } else if (payment.status === "failed" || payment.status === "canceled" || payment.status === "expired") {
    if (order.status !== "pending") return;
    await moveOrder(tx, order, "canceled", "payment", { note: `payment ${payment.status}` });
  }
}

onPaymentStatus("order", applyPaymentStatus);

/** A pending order is paid: it moves on, its bag is emptied, its sales counted and the confirmation sent. */
async function completePaidOrder(tx: Transaction, order: OrderRow, note: string): Promise<void> {
  const moved = await moveOrder(tx, order, "processing", "payment", { note });
  if (isRefusal(moved)) throw new Error(`order ${order.number} could not be marked paid`);
  if (order.cartId !== null) {
    await clearCart(order.cartId, { tx });
    await removeDiscountCode(order.cartId, { tx });
  }
  const lines = await linesOf(tx, order.id);
  for (const line of lines) recordProductEvent(line.productId, "purchase", line.quantity);
  await queueOrderEmail(tx, order.number, "orderConfirmation");
}

/**
 * An order that gift cards and wallet credit pay in full (or that costs nothing) is paid at once, in the
 * transaction that placed it: no payment page (PRODUCT.md).
 */
export async function payOrderWithoutProvider(number: string, options: { tx: Transaction }): Promise<void> {
  const order = await lockOrder(options.tx, number);
  if (order?.status !== "pending" || order.amountDueCents !== 0)
    throw new Error(`order ${number} is not an order without anything to pay`);
  await completePaidOrder(options.tx, order, `paid with ${order.paymentMethod}`);
}

/**
 * A payment that succeeded for an order canceled meanwhile (the shopper paid as the order expired, or the
 * provider answered late): its stock is back on the shelf, so the money goes back too, in full and once
 * (keyed by the payment). The refund is reserved with the change and asked of the provider after the commit;
 * if the provider does not answer, the payments reconcile job asks again.
 */
async function refundLatePayment(tx: Transaction, number: string, payment: PaymentRecord): Promise<void> {
  // What is reserved counts as refunded: the same change applied again finds nothing left to refund.
  const amountCents = leftToRefund(payment);
  if (amountCents <= 0) return;
  const refund = await reserveRefund(
    {
      paymentId: payment.id,
      amountCents,
      idempotencyKey: `canceled-order:${payment.id}`,
      reason: `Order ${number} was canceled before its payment arrived`,
    },
    { tx },
  );
  if (isRefusal(refund)) {
    // The payment's own change must still be applied: staff refund it by hand.
    logger.error(
      { refusal: refund, order: number, payment: payment.id },
      "a late payment could not be refunded",
    );
    return;
  }
  if (refund.status !== "pending") return;
  await queueRefundEmail(number, refund.amountCents, { tx });
  afterCommit(tx, () => {
    settleRefund(refund.id)
      .then((settled) => {
        if (isRefusal(settled))
          logger.error(
            { refusal: settled, order: number, refund: refund.id },
            "the refund of a late payment is pending",
          );
      })
      .catch((error: unknown) =>
        logger.error(
          { err: error, order: number, refund: refund.id },
          "the refund of a late payment is pending",
        ),
      );
  });
}

/**
 * Cancels unpaid orders whose time is up and returns their stock. The provider is asked first (a payment
 * whose webhook is late is applied as paid instead); orders are claimed with SKIP LOCKED, so replicas
 * running this together never cancel one twice.
 */
export async function expireUnpaidOrders(options: { now?: Date; limit?: number } = {}) {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 100;
  let expired = 0;
  // A burst of abandoned checkouts (a flash sale) is worked off in one run, a batch at a time, not a batch
  // a minute; a batch in which nothing could be expired (another replica has them) ends the run.
  for (;;) {
    const due = await db()
      .select({ number: orders.number, paymentId: orders.paymentId })
      .from(orders)
      .where(and(eq(orders.status, "pending"), lte(orders.expiresAt, now)))
      .orderBy(asc(orders.expiresAt))
      .limit(limit);
    let batch = 0;
    for (const candidate of due) if (await expireOne(candidate, now)) batch++;
    expired += batch;
    if (due.length < limit || batch === 0) return { expired };
  }
}

async function expireOne(candidate: { number: string; paymentId: string | null }, now: Date) {
  if (candidate.paymentId) {
    // A provider that cannot be read now leaves the payment as it is: the order expires all the same.
    const synced = await syncPayment(candidate.paymentId).catch((error: unknown) => {
      logger.warn({ err: error, order: candidate.number }, "payment status unknown; expiring the order");
      return null;
    });
    if (isRefusal(synced))
      logger.warn({ order: candidate.number }, "payment status unknown; expiring the order");
  }
  return transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(
        and(eq(orders.number, candidate.number), eq(orders.status, "pending"), lte(orders.expiresAt, now)),
      )
      .for("update", { skipLocked: true });
    if (!order) return false;
    return !isRefusal(await moveOrder(tx, order, "canceled", "system", { note: "not paid in time" }));
  });
}

export const expireUnpaidOrdersJob = defineJob<{ reason: string }>({
  name: "orders.expire-unpaid",
  schedule: { cron: "* * * * *", data: { reason: "schedule" } },
  options: { retryLimit: 0, expireInSeconds: 300 },
  async handle() {
    const { expired } = await expireUnpaidOrders();
    if (expired > 0) logger.info({ expired }, "unpaid orders expired");
  },
});

interface TransitionInput extends MoveDetail {
  number: string;
  to: OrderStatus;
  actor: OrderActor;
  /** Shipping (→ complete): the carrier the parcel went with, when not the order's own. */
  carrier?: string | null;
}

/**
 * Moves an order along PRODUCT.md's transition table (the back office, carriers' and returns' hooks).
 * Shipping (→ complete) needs a track & trace code and e-mails it; canceling a paid order returns its stock
 * and e-mails the customer (the refund itself is the payments domain's `refundPayment`). Composed into a
 * caller's transaction (`tx`), the caller returns a refusal on.
 */
export async function transitionOrder(
  input: TransitionInput,
  options: { tx?: Transaction } = {},
): Promise<OrderDetail | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    const order = await lockOrder(tx, input.number);
    if (!order) return refuse.notFound("orders:errors.notFound");
    const moved = await moveOrder(tx, order, input.to, input.actor, input);
    if (isRefusal(moved)) return moved;
    if (input.to === "complete") await queueOrderEmail(tx, order.number, "orderShipped");
    if (input.to === "canceled" && order.status !== "pending")
      await queueOrderEmail(tx, order.number, "orderCanceled");
    return (await orderByNumber(input.number, { tx }))!;
  });
}
