// Order commands of the back office: status changes through the orders domain's transition table,
// refunds through the payments domain, internal notes; each with its audit entry.
import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Queryable } from "../../platform/db/db.server";
import { serverI18n } from "../../platform/i18n/resources.server";
import { formatMoney, money } from "../../platform/money";
import {
  type OrderDetail,
  type OrderStatus,
  orderByNumber,
  queueRefundEmail,
  transitionOrder,
} from "../orders/orders.server";
import {
  PaymentError,
  paymentById,
  type RefundRecord,
  refundByKey,
  refundPayment,
  reserveRefund,
  settleRefund,
} from "../payments/payments.server";
import { audited, auditTrail, type StaffActor } from "./audit.server";
import { staffNotes } from "./tables.server";

/** A refused order command, with the form field it is about. */
export class OrderCommandError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = "OrderCommandError";
  }
}

const euros = (cents: number) => formatMoney(money(cents), "en");
const english = (key: string) => serverI18n("en").t(key) as string;
const target = (number: string) => ({ type: "order", id: number });

const verbs: Partial<Record<OrderStatus, string>> = {
  complete: "ship",
  holded: "hold",
  processing: "release",
  canceled: "cancel",
  closed: "close",
};

async function existing(on: Queryable, number: string): Promise<OrderDetail> {
  const order = await orderByNumber(on, number);
  if (!order) throw new OrderCommandError("This order no longer exists.");
  return order;
}

/**
 * Moves an order along the transition table as staff: ship (carrier + track & trace; the customer gets the
 * shipped e-mail), hold, release, close. The orders domain refuses what the table does not allow.
 */
export function changeOrderStatus(
  actor: StaffActor,
  number: string,
  input: { to: OrderStatus; trackAndTrace?: string; carrier?: string; note?: string },
) {
  return audited(actor, async (tx) => {
    const before = await existing(tx, number);
    const moved = await transitionOrder(tx, {
      number,
      to: input.to,
      actor: "staff",
      actorId: actor.id,
      note: input.note ?? null,
      trackAndTrace: input.trackAndTrace ?? null,
      carrier: input.carrier ?? null,
    });
    if (!moved.ok)
      throw new OrderCommandError(
        english(moved.messageKey),
        moved.messageKey === "orders:errors.trackAndTraceRequired" ? "trackAndTrace" : undefined,
      );
    const after = moved.order;
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

/** What of an order's payment can still be refunded: its paid amount minus what was refunded. */
export async function refundableOf(order: OrderDetail, on: Queryable = db()) {
  const payment = order.paymentId ? await paymentById(on, order.paymentId) : null;
  if (payment?.status !== "paid") return { payment, leftCents: 0 };
  return { payment, leftCents: payment.amountCents - payment.refundedCents };
}

const nothingLeft = () => new OrderCommandError("This order has no paid amount left to refund.");

/** A refund the payments domain refused, in the back office's words (the amount field when it is too much). */
/** A refusal of the payments domain in the back office's words; `field` is the form field it is about. */
function refundRefused(error: unknown, field: "amount" | undefined = "amount"): never {
  if (error instanceof PaymentError) {
    if (error.messageTranslationKey === "payments:errors.refundNotPaid") throw nothingLeft();
    if (error.messageTranslationKey === "payments:errors.refundTooMuch") {
      const left = Number(error.details.leftCents ?? 0);
      if (left <= 0) throw nothingLeft();
      throw new OrderCommandError(`At most ${euros(left)} is left to refund.`, field);
    }
    throw new OrderCommandError(error.message);
  }
  throw error;
}

/**
 * Refunds part (or the rest) of an order's payment through the payment provider, idempotently; the
 * customer gets the refund e-mail. Gift card and wallet parts are not the provider's to refund.
 * What is left is checked by the payments domain after it looked the key up: the same command sent again
 * (a double click, a retried API call) answers the refund it made, even once nothing is left.
 */
export async function refundOrder(
  actor: StaffActor,
  number: string,
  input: { amountCents: number; reason: string; idempotencyKey: string },
): Promise<RefundRecord> {
  const order = await existing(db(), number);
  if (!order.paymentId) throw nothingLeft();
  const done = await refundPayment(db(), {
    paymentId: order.paymentId,
    amountCents: input.amountCents,
    idempotencyKey: input.idempotencyKey,
    reason: input.reason,
  }).catch(refundRefused);
  if (done.status === "failed")
    throw new OrderCommandError("The payment provider refused this refund; nothing was refunded.");
  return audited(actor, async (tx) => {
    // One entry and one e-mail per refund, also when the same command runs twice at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-refund:${done.id}`}))`);
    if (await logged(tx, number, "refundId", done.id)) return { result: done, audit: null };
    await queueRefundEmail(tx, number, done.amountCents);
    return {
      result: done,
      audit: {
        action: "order.refund",
        target: target(number),
        summary: `Refunded ${euros(done.amountCents)}: ${input.reason}`,
        after: {
          refundId: done.id,
          amountCents: done.amountCents,
          status: done.status,
          reason: input.reason,
        },
      },
    };
  });
}

/** Whether the order's log has an entry with this value (a command sent twice answers what it did). */
async function logged(on: Queryable, number: string, key: string, value: string): Promise<boolean> {
  return (await auditTrail("order", number, on)).some((entry) => entry.after?.[key] === value);
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
): Promise<OrderDetail> {
  const canceled = await audited(actor, async (tx) => {
    const before = await existing(tx, number);
    const moved = await transitionOrder(tx, {
      number,
      to: "canceled",
      actor: "staff",
      actorId: actor.id,
      note: input.reason,
    });
    if (!moved.ok) {
      // The transition locked the order row: a cancel with this key that committed meanwhile is seen here.
      if (await logged(tx, number, "idempotencyKey", input.idempotencyKey)) {
        const refund = await refundByKey(tx, input.idempotencyKey);
        return { result: { order: await existing(tx, number), refund }, audit: null };
      }
      throw new OrderCommandError(english(moved.messageKey));
    }
    const { payment, leftCents } = await refundableOf(before, tx);
    const refund =
      payment && leftCents > 0
        ? await reserveRefund(tx, {
            paymentId: payment.id,
            amountCents: leftCents,
            idempotencyKey: input.idempotencyKey,
            reason: input.reason,
          }).catch((error: unknown) => refundRefused(error, undefined)) // the cancel form has no amount field
        : null;
    return {
      result: { order: moved.order, refund },
      audit: {
        action: "order.cancel",
        target: target(number),
        summary: `Canceled${refund ? ` with a refund of ${euros(refund.amountCents)}` : ""}: ${input.reason}`,
        before: { status: before.status },
        after: {
          status: "canceled",
          idempotencyKey: input.idempotencyKey,
          ...(refund ? { refundId: refund.id, amountCents: refund.amountCents } : {}),
        },
      },
    };
  });
  const { refund } = canceled;
  if (!refund) return canceled.order;
  const settled = await settleRefund(db(), refund.id).catch(async (error: unknown) => {
    if (!(error instanceof PaymentError)) throw error;
    return (await refundByKey(db(), input.idempotencyKey)) ?? refund;
  });
  if (settled.status === "pending")
    throw new OrderCommandError(
      `The order is canceled; the payment provider did not confirm the refund of ${euros(refund.amountCents)} yet: send this cancel again to retry it.`,
    );
  if (settled.status === "failed")
    throw new OrderCommandError(
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
    await existing(tx, number);
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

export function notesOf(targetType: string, targetId: string, on: Queryable = db()): Promise<StaffNote[]> {
  return on
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
