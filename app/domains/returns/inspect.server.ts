// What staff do with a return that comes back: scan it in (its units go back to stock, once), judge each
// line, and refund the accepted lines the way the order was paid, once, whoever presses the button.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { returnStock } from "../catalog/catalog.server";
import { orderForReturn, transitionOrder } from "../orders/orders.server";
import {
  type RefundRecord,
  refundableOfOrder,
  reserveOrderRefund,
  settleRefund,
} from "../payments/payments.server";
import { bookWalletEntry } from "../wallet/wallet.server";
import { queueReturnEmail } from "./emails.server";
import { lineRefundCents, refundDueAt, splitRefund } from "./rules";
import {
  type ReturnLineOutcome,
  type ReturnStatus,
  returnEvents,
  returnLines,
  returns,
} from "./tables.server";
import { checkReturnTransition, type InspectionTally, outcomeStatus } from "./transitions";
import { type ReturnDetail, returnByNumber } from "./views.server";

/** The timeline note of a receipt that sent the exchange's new size on its way. */
export const EXCHANGE_SHIPPED = "exchange:shipped";

const FINAL: readonly ReturnStatus[] = ["refunded", "partially_refunded", "rejected"];

async function lockReturn(tx: Transaction, number: string) {
  const [row] = await tx.select().from(returns).where(eq(returns.number, number)).for("update");
  return row ?? null;
}

async function recordMove(
  tx: Transaction,
  returnId: number,
  from: ReturnStatus,
  to: ReturnStatus,
  staffId: string | null,
  note: string | null = null,
) {
  await tx.insert(returnEvents).values({
    returnId,
    fromStatus: from,
    toStatus: to,
    actor: staffId ? "staff" : "system",
    actorId: staffId,
    note,
  });
}

/**
 * Staff scanned the parcel in (or typed its number): received, the refund due in 14 days, its units back
 * on the shelf through the catalogue's stock writer (which wakes back-in-stock alerts), an exchange's held
 * size shipped (it was taken off the shelf at request; the timeline says it left), the customer told. A
 * second scan answers the return as it is and restocks nothing: the row lock and the state make it happen once.
 */
export async function receiveReturn(number: string, staffId: string): Promise<ReturnDetail | Refusal> {
  return transaction(async (tx) => {
    const row = await lockReturn(tx, number);
    if (!row) return refuse.notFound("returns:errors.returnNotFound");
    if (row.status !== "requested" && row.status !== "in_transit") {
      if (row.receivedAt) return (await returnByNumber(number, { tx }))!;
      return checkReturnTransition(row.status, "received", "staff") as Refusal;
    }
    const move = checkReturnTransition(row.status, "received", "staff");
    if (isRefusal(move)) return move;
    const now = new Date();
    await tx
      .update(returns)
      .set({ status: "received", receivedAt: now, refundDueAt: refundDueAt(now), updatedAt: sql`now()` })
      .where(eq(returns.id, row.id));
    await recordMove(
      tx,
      row.id,
      row.status,
      "received",
      staffId,
      row.method === "exchange" ? EXCHANGE_SHIPPED : null,
    );
    const order = (await orderForReturn(row.orderNumber, { tx }))!;
    const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
    await returnStock(
      lines.map((l) => ({
        variantId: order.lines.find((o) => o.id === l.orderLineId)!.variantId,
        quantity: l.quantity,
      })),
      { tx },
    );
    await queueReturnEmail(tx, number, "returnReceived");
    return (await returnByNumber(number, { tx }))!;
  });
}

/** Staff's judgement of one line of a received return: accepted, or rejected with a reason the customer reads. */
export async function inspectReturnLine(
  number: string,
  input: { lineId: number; outcome: Exclude<ReturnLineOutcome, "pending">; rejectReason?: string },
): Promise<ReturnDetail | Refusal> {
  return transaction(async (tx) => {
    const row = await lockReturn(tx, number);
    if (!row) return refuse.notFound("returns:errors.returnNotFound");
    if (row.status !== "received") return refuse.conflict("returns:errors.notReceived");
    const reason = input.rejectReason?.trim();
    if (input.outcome === "rejected" && !reason)
      return refuse.invalid("returns:errors.rejectReasonRequired", {}, "rejectReason");
    const updated = await tx
      .update(returnLines)
      .set({ outcome: input.outcome, rejectReason: input.outcome === "rejected" ? reason! : null })
      .where(and(eq(returnLines.id, input.lineId), eq(returnLines.returnId, row.id)))
      .returning({ id: returnLines.id });
    if (updated.length === 0) return refuse.notFound("returns:errors.returnNotFound");
    return (await returnByNumber(number, { tx }))!;
  });
}

function tally(lines: { outcome: ReturnLineOutcome }[]): InspectionTally {
  return {
    pending: lines.filter((l) => l.outcome === "pending").length,
    accepted: lines.filter((l) => l.outcome === "accepted").length,
    rejected: lines.filter((l) => l.outcome === "rejected").length,
  };
}

/** Units of each order line refunded by this order's earlier returns (what the next units' cents start from). */
async function unitsRefunded(tx: Transaction, orderId: number, exceptReturnId: number) {
  const rows = await tx
    .select({ orderLineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(
        eq(returns.orderId, orderId),
        ne(returns.id, exceptReturnId),
        inArray(returns.status, ["refunded", "partially_refunded"]),
        eq(returnLines.outcome, "accepted"),
      ),
    )
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.orderLineId, Number(r.units)]));
}

export interface ReturnRefund {
  ret: ReturnDetail;
  providerRefund: RefundRecord | null;
  walletCents: number;
}

/**
 * Refunds a received, fully inspected return: the accepted lines at what was paid for them (never more,
 * whatever earlier returns of the order took), plus the delivery cost of a whole-order withdrawal, minus
 * the return fee; to the payment provider first, the rest (or all of it, when the customer chose so) as
 * wallet credit. The return row is locked and moves to its final state in the same transaction as the
 * refund's reservation, under a key made of its number: two staff pressing "refund" at once refund once.
 * When every unit of the order has come back refunded, the order is closed.
 */
export async function refundReturn(number: string, staffId: string): Promise<ReturnRefund | Refusal> {
  const done = await transaction(async (tx) => {
    const row = await lockReturn(tx, number);
    if (!row) return refuse.notFound("returns:errors.returnNotFound");
    if (FINAL.includes(row.status))
      return { ret: (await returnByNumber(number, { tx }))!, refundId: row.refundId, walletCents: 0 };
    const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
    const counts = tally(lines);
    const to = outcomeStatus(counts);
    const move = checkReturnTransition(row.status, to, "staff", counts);
    if (isRefusal(move)) return move;
    const order = (await orderForReturn(row.orderNumber, { tx }))!;
    const before = await unitsRefunded(tx, order.id, row.id);
    let linesCents = 0;
    for (const line of lines) {
      if (line.outcome !== "accepted") continue;
      const bought = order.lines.find((o) => o.id === line.orderLineId)!;
      // An exchanged unit is paid with the new size, not refunded.
      const cents =
        row.method === "exchange" ? 0 : lineRefundCents(bought, before.get(bought.id) ?? 0, line.quantity);
      before.set(bought.id, (before.get(bought.id) ?? 0) + line.quantity);
      linesCents += cents;
      await tx.update(returnLines).set({ refundCents: cents }).where(eq(returnLines.id, line.id));
    }
    const amount = counts.accepted > 0 ? Math.max(0, linesCents + row.shippingRefundCents - row.feeCents) : 0;
    // Back the way the order was paid (the payments domain's engine: provider, then gift cards, then
    // wallet), unless the customer chose wallet credit; what the engine cannot place goes to the wallet
    // (or is left for staff when a guest has none).
    const toWallet = row.refundToWallet && order.userId !== null;
    const left = toWallet
      ? null
      : await refundableOfOrder({ orderReference: order.number, paymentId: order.paymentId }, { tx });
    const engineCents = left
      ? Math.min(amount, left.providerCents + left.giftCardCents + left.walletCents)
      : 0;
    const split = splitRefund(amount - engineCents, {
      providerLeftCents: 0,
      hasWallet: order.userId !== null,
      toWallet: row.refundToWallet,
    });
    const engine =
      engineCents > 0
        ? await reserveOrderRefund(
            {
              orderReference: order.number,
              paymentId: order.paymentId,
              userId: order.userId,
              amountCents: engineCents,
              idempotencyKey: `return:${row.number}`,
              reason: `Return ${row.number}`,
            },
            { tx },
          )
        : null;
    if (isRefusal(engine)) return engine;
    const providerRefund = engine?.provider ?? null;
    if (split.walletCents > 0)
      await bookWalletEntry(
        {
          userId: order.userId!,
          amountCents: split.walletCents,
          kind: "refund",
          reference: row.number,
          idempotencyKey: `return:${row.number}:credit`,
        },
        { tx },
      );
    const walletCents = split.walletCents + (engine?.walletCents ?? 0);
    const cardCents = (engine?.giftCards ?? []).reduce((sum, card) => sum + card.amountCents, 0);
    const refunded = (providerRefund?.amountCents ?? 0) + cardCents + walletCents;
    const unplacedCents = split.unplacedCents + (engine?.unplacedCents ?? 0);
    await tx
      .update(returns)
      .set({
        status: to,
        refundedCents: refunded,
        refundId: providerRefund?.id ?? null,
        updatedAt: sql`now()`,
      })
      .where(eq(returns.id, row.id));
    await recordMove(
      tx,
      row.id,
      row.status,
      to,
      staffId,
      unplacedCents > 0 ? `unplaced:${unplacedCents}` : null,
    );
    // An accepted exchange refunds nothing: its e-mail was the receipt's (the new size on its way).
    if (to === "rejected") await queueReturnEmail(tx, row.number, "returnRejected");
    else if (refunded > 0)
      await queueReturnEmail(tx, row.number, "returnRefunded", {
        amountCents: refunded,
        walletCents,
      });
    if (await everythingRefunded(tx, order))
      await transitionOrder({ number: order.number, to: "closed", actor: "system" }, { tx });
    return {
      ret: (await returnByNumber(number, { tx }))!,
      refundId: providerRefund?.id ?? null,
      walletCents,
    };
  });
  if (isRefusal(done)) return done;
  // The provider is asked after the commit; a refund it left pending is retried by the payments domain's reconcile job.
  const settled = done.refundId ? await settleRefund(done.refundId) : null;
  return {
    ret: done.ret,
    providerRefund: settled && !isRefusal(settled) ? settled : null,
    walletCents: done.walletCents,
  };
}

/** Whether every unit of the order has come back and been refunded (the order is then closed). */
async function everythingRefunded(
  tx: Transaction,
  order: { id: number; status: string; lines: { id: number; quantity: number }[] },
) {
  if (order.status !== "complete") return false;
  const refunded = await unitsRefunded(tx, order.id, -1);
  return order.lines.every((l) => (refunded.get(l.id) ?? 0) >= l.quantity);
}
