// Order commands of the back office: status changes through the orders domain's transition table,
// refunds through the payments domain, internal notes; each with its audit entry. A command refuses with
// the back office's English sentences (or a domain's message key, which the back office shows in English).
import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { formatMoney, money } from "../../platform/money";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import {
  type OrderDetail,
  type OrderStatus,
  orderByNumber,
  queueRefundEmail,
  transitionOrder,
} from "../orders/orders.server";
import type { RefundShares } from "../payments/payments.server";
import {
  type PaymentRecord,
  paymentById,
  type RefundRecord,
  refundableOfOrder,
  refundByKey,
  reserveOrderRefund,
  settleRefund,
} from "../payments/payments.server";
import { audited, auditTrail, type StaffActor } from "./audit.server";
import { staffNotes } from "./tables.server";

const euros = (cents: number) => formatMoney(money(cents), "en");
const target = (number: string) => ({ type: "order", id: number });

const verbs: Partial<Record<OrderStatus, string>> = {
  complete: "ship",
  holded: "hold",
  processing: "release",
  canceled: "cancel",
  closed: "close",
};

const gone = () => refuse.notFound("This order no longer exists.");
const nothingLeft = () => refuse.conflict("This order has no paid amount left to refund.");

/**
 * Moves an order along the transition table as staff: ship (carrier + track & trace; the customer gets the
 * shipped e-mail), hold, release, close. The orders domain refuses what the table does not allow.
 */
export function changeOrderStatus(
  actor: StaffActor,
  number: string,
  input: { to: OrderStatus; trackAndTrace?: string; carrier?: string; note?: string },
): Promise<OrderDetail | Refusal> {
  return audited(actor, async (tx) => {
    const before = await orderByNumber(number, { tx });
    if (!before) return gone();
    const after = await transitionOrder(
      {
        number,
        to: input.to,
        actor: "staff",
        actorId: actor.id,
        note: input.note ?? null,
        trackAndTrace: input.trackAndTrace ?? null,
        carrier: input.carrier ?? null,
      },
      { tx },
    );
    if (isRefusal(after)) return after;
    return {
      result: after,
      audit: {
        action: `order.${verbs[input.to] ?? input.to}`,
        target: target(number),
        summary:
          input.to === "complete"
            ? `Shipped with ${after.shipping.carrier}, track & trace ${after.trackAndTrace}`
            : `Status ${before.status} → ${after.status}${input.note ? `: ${input.note}` : ""}`,
        before: {
          status: before.status,
          trackAndTrace: before.trackAndTrace,
          carrier: before.shipping.carrier,
        },
        after: { status: after.status, trackAndTrace: after.trackAndTrace, carrier: after.shipping.carrier },
      },
    };
  });
}

/**
 * What of an order can still be refunded: what the provider collected, gift cards and wallet credit paid,
 * less what went back (`shares` per way back, in the order a refund uses them).
 */
export async function refundableOf(
  order: OrderDetail,
  options: { tx?: Transaction } = {},
): Promise<{ payment: PaymentRecord | null; leftCents: number; shares: RefundShares }> {
  const payment = order.paymentId ? await paymentById(order.paymentId, options) : null;
  const shares = await refundableOfOrder(
    { orderReference: order.number, paymentId: order.paymentId },
    options,
  );
  return { payment, leftCents: shares.providerCents + shares.giftCardCents + shares.walletCents, shares };
}

/**
 * A refusal of the payments domain in the back office's words; `field` is the form field it is about
 * (the cancel form has no amount field).
 */
function refundRefused(refusal: Refusal, field: "amount" | undefined): Refusal {
  if (refusal.messageKey === "payments:errors.refundNotPaid") return nothingLeft();
  if (refusal.messageKey === "payments:errors.refundTooMuch") {
    const left = Number(refusal.values.leftCents ?? 0);
    if (left <= 0) return nothingLeft();
    return refuse.invalid(`At most ${euros(left)} is left to refund.`, {}, field);
  }
  return refusal;
}

/** A staff refund: the provider's share (if any) and what went back to gift cards and the wallet. */
export interface StaffRefund {
  /** The provider's refund id, or the refund's own key when only cards and wallet paid it back. */
  id: string;
  /** The whole amount refunded over every way back. */
  amountCents: number;
  status: RefundRecord["status"];
  provider: RefundRecord | null;
  giftCards: { last4: string; amountCents: number }[];
  walletCents: number;
}

/**
 * Refunds part (or the rest) of an order, idempotently, through the payments domain's refund engine:
 * the provider's share first, then gift cards (wallet credit for an expired card), then the wallet
 * (docs/decisions/0039); the customer gets the refund e-mail. The same command sent again (a double
 * click, a retried API call) answers the refund it made, even once nothing is left.
 */
export async function refundOrder(
  actor: StaffActor,
  number: string,
  input: { amountCents: number; reason: string; idempotencyKey: string },
): Promise<StaffRefund | Refusal> {
  const order = await orderByNumber(number);
  if (!order) return gone();
  const reserved = await reserveOrderRefund({
    orderReference: number,
    paymentId: order.paymentId,
    userId: order.userId,
    amountCents: input.amountCents,
    idempotencyKey: input.idempotencyKey,
    reason: input.reason,
  });
  if (isRefusal(reserved)) return refundRefused(reserved, "amount");
  const provider = reserved.provider ? await settleRefund(reserved.provider.id) : null;
  if (isRefusal(provider)) return refundRefused(provider, "amount");
  if (provider?.status === "failed")
    return refuse.paymentFailed("The payment provider refused this refund; nothing was refunded.");
  const others = reserved.giftCards.reduce((sum, c) => sum + c.amountCents, 0) + reserved.walletCents;
  const done: StaffRefund = {
    id: provider?.id ?? `order-refund:${input.idempotencyKey}`,
    amountCents: (provider?.amountCents ?? 0) + others,
    status: provider?.status ?? "refunded",
    provider,
    giftCards: reserved.giftCards,
    walletCents: reserved.walletCents,
  };
  if (done.amountCents === 0 && !provider) return nothingLeft();
  return audited(actor, async (tx) => {
    // One entry and one e-mail per refund, also when the same command runs twice at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-refund:${done.id}`}))`);
    if (await logged(tx, number, "refundId", done.id)) return { result: done, audit: null };
    await queueRefundEmail(number, done.amountCents, { tx });
    const ways = [
      provider ? `${euros(provider.amountCents)} to the payment` : null,
      ...done.giftCards.map((c) => `${euros(c.amountCents)} to gift card …${c.last4}`),
      done.walletCents > 0 ? `${euros(done.walletCents)} to wallet credit` : null,
    ].filter(Boolean);
    return {
      result: done,
      audit: {
        action: "order.refund",
        target: target(number),
        summary: `Refunded ${euros(done.amountCents)} (${ways.join(", ")}): ${input.reason}`,
        after: {
          refundId: done.id,
          amountCents: done.amountCents,
          status: done.status,
          reason: input.reason,
          giftCards: done.giftCards,
          walletCents: done.walletCents,
        },
      },
    };
  });
}

/** Whether the order's log has an entry with this value (a command sent twice answers what it did). */
async function logged(on: Queryable, number: string, key: string, value: string): Promise<boolean> {
  return (await auditTrail("order", number, { tx: on })).some((entry) => entry.after?.[key] === value);
}

/**
 * Cancels an order; what is left of a paid one is refunded in full, and the customer gets the
 * cancellation e-mail, which says the money comes back. Its stock returns to the shelf.
 * The cancel and the refund's reservation commit together (the order row locked), so money goes back only
 * for an order that is canceled; the provider is asked after the commit. The same key sent again answers
 * the same cancel and finishes its refund if the provider had not confirmed it, never refunding twice.
 */
export async function cancelOrder(
  actor: StaffActor,
  number: string,
  input: { reason: string; idempotencyKey: string },
): Promise<OrderDetail | Refusal> {
  const canceled = await audited(actor, async (tx) => {
    const before = await orderByNumber(number, { tx });
    if (!before) return gone();
    const after = await transitionOrder(
      { number, to: "canceled", actor: "staff", actorId: actor.id, note: input.reason },
      { tx },
    );
    if (isRefusal(after)) {
      // The transition locked the order row: a cancel with this key that committed meanwhile is seen here.
      if (await logged(tx, number, "idempotencyKey", input.idempotencyKey)) {
        // Read again: `before` was read before the lock, while the other cancel was still under way.
        const order = (await orderByNumber(number, { tx }))!;
        return { result: { order, refund: await refundByKey(input.idempotencyKey, { tx }) }, audit: null };
      }
      return after;
    }
    const left = await refundableOfOrder({ orderReference: number, paymentId: before.paymentId }, { tx });
    const all = left.providerCents + left.giftCardCents + left.walletCents;
    const reserved =
      all > 0
        ? await reserveOrderRefund(
            {
              orderReference: number,
              paymentId: before.paymentId,
              userId: before.userId,
              amountCents: all,
              idempotencyKey: input.idempotencyKey,
              reason: input.reason,
            },
            { tx },
          )
        : null;
    if (isRefusal(reserved)) return refundRefused(reserved, undefined);
    const refund = reserved?.provider ?? null;
    return {
      result: { order: after, refund },
      audit: {
        action: "order.cancel",
        target: target(number),
        summary: `Canceled${all > 0 ? ` with a refund of ${euros(all)}` : ""}: ${input.reason}`,
        before: { status: before.status },
        after: {
          status: "canceled",
          idempotencyKey: input.idempotencyKey,
          ...(refund ? { refundId: refund.id, amountCents: refund.amountCents } : {}),
        },
      },
    };
  });
  if (isRefusal(canceled)) return canceled;
  const { refund } = canceled;
  if (!refund) return canceled.order;
  const settled = await settleRefund(refund.id);
  const status = isRefusal(settled)
    ? ((await refundByKey(input.idempotencyKey)) ?? refund).status
    : settled.status;
  if (status === "pending")
    return refuse.unavailable(
      `The order is canceled; the payment provider did not confirm the refund of ${euros(refund.amountCents)} yet: send this cancel again to retry it.`,
    );
  if (status === "failed")
    return refuse.paymentFailed(
      `The order is canceled, but the payment provider refused the refund of ${euros(refund.amountCents)}: refund it with the refund form.`,
    );
  return canceled.order;
}

export interface StaffNote {
  id: number;
  body: string;
  authorEmail: string;
  createdAt: Date;
}

/** Leaves an internal note on an order (staff only; the customer never sees it). */
export function addOrderNote(actor: StaffActor, number: string, body: string) {
  return audited(actor, async (tx) => {
    if (!(await orderByNumber(number, { tx }))) return gone();
    const [note] = await tx
      .insert(staffNotes)
      .values({ targetType: "order", targetId: number, body, authorId: actor.id, authorEmail: actor.email })
      .returning({ id: staffNotes.id });
    return {
      result: note!.id,
      audit: {
        action: "order.note",
        target: target(number),
        summary: "Internal note added",
        after: { noteId: note!.id },
      },
    };
  });
}

export function notesOf(targetType: string, targetId: string): Promise<StaffNote[]> {
  return db()
    .select({
      id: staffNotes.id,
      body: staffNotes.body,
      authorEmail: staffNotes.authorEmail,
      createdAt: staffNotes.createdAt,
    })
    .from(staffNotes)
    .where(and(eq(staffNotes.targetType, targetType), eq(staffNotes.targetId, targetId)))
    .orderBy(desc(staffNotes.createdAt), desc(staffNotes.id));
}

export interface TimelineEvent {
  id: string;
  at: Date;
  who: string;
  what: string;
  kind: "status" | "staff" | "note";
}

/**
 * Every change of an order with who made it, newest first: status changes by the customer, the payment
 * provider and the system's timers; every staff action (with the staff member); internal notes.
 */
export async function orderTimeline(order: OrderDetail): Promise<TimelineEvent[]> {
  const [entries, notes] = await Promise.all([
    auditTrail("order", order.number),
    notesOf("order", order.number),
  ]);
  const actors = {
    customer: "the customer",
    payment: "the payment provider",
    system: "the shop (timer)",
    staff: "staff",
  };
  const events: TimelineEvent[] = [
    // Staff changes are in the audit log, with the person: the status history gives the others.
    ...order.history
      .filter((h) => h.actor !== "staff")
      .map((h) => ({
        id: `status-${h.at}-${h.to}`,
        at: new Date(h.at),
        who: actors[h.actor],
        what: `${h.from ? `${h.from} → ` : "Placed: "}${h.to}${h.note ? ` (${h.note})` : ""}`,
        kind: "status" as const,
      })),
    ...entries
      .filter((e) => e.action !== "order.note")
      .map((e) => ({
        id: `audit-${e.id}`,
        at: new Date(e.at),
        who: `${e.actorEmail} (${e.actorRole})`,
        what: e.summary,
        kind: "staff" as const,
      })),
    ...notes.map((n) => ({
      id: `note-${n.id}`,
      at: n.createdAt,
      who: n.authorEmail,
      what: n.body,
      kind: "note" as const,
    })),
  ];
  return events.sort((a, b) => b.at.getTime() - a.at.getTime());
}
