import { type Refusal, refuse } from "../../platform/refusal";
import { leftToRefund } from "../pricing/refunds";

/**
 * The payment and refund state machines as data (ARCHITECTURE.md "State machines as data"), like the
 * orders' table. Each has one writer in the payments domain that asks these tables first; a move that is
 * not in a table is refused with its message key, so no status is ever set ad hoc. Client-safe.
 */

// ── Payments ──────────────────────────────────────────────────────────────────────────────────────────

/** Payment statuses as every provider reports them to the shop (Mollie's pending/authorized read as open). */
export const paymentStatuses = ["open", "paid", "failed", "canceled", "expired"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Only the provider's report moves a payment (a webhook, a sync on the return page, the reconcile sweep). */
export type PaymentActor = "provider";

export interface PaymentTransition {
  from: PaymentStatus;
  to: PaymentStatus;
  by: readonly PaymentActor[];
}

/**
 * A payment starts open and moves once, to a final status it never leaves: late, repeated and
 * out-of-order reports of anything else are refused, so every delivery converges on the first final read.
 */
export const paymentTransitions: readonly PaymentTransition[] = [
  { from: "open", to: "paid", by: ["provider"] },
  { from: "open", to: "failed", by: ["provider"] },
  { from: "open", to: "canceled", by: ["provider"] },
  { from: "open", to: "expired", by: ["provider"] },
];

/** The move a payment may make, or why not. */
export function checkPaymentTransition(
  from: PaymentStatus,
  to: PaymentStatus,
  actor: PaymentActor,
): PaymentTransition | Refusal {
  const transition = paymentTransitions.find((t) => t.from === from && t.to === to);
  if (!transition) return refuse.conflict("payments:errors.transitionNotAllowed");
  if (!transition.by.includes(actor)) return refuse.forbidden("payments:errors.transitionNotAllowed");
  return transition;
}

/** A status a payment never leaves. */
export function isFinal(status: PaymentStatus): boolean {
  return !paymentTransitions.some((t) => t.from === status);
}

// ── Refunds ───────────────────────────────────────────────────────────────────────────────────────────

export const refundStatuses = ["pending", "refunded", "failed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** The shop reserves a refund (staff, or the system for a late payment); the provider settles it. */
export type RefundActor = "shop" | "provider";

/** What a refund's guard looks at: the payment it takes money from, and the amount. */
export interface RefundFacts {
  payment: { status: PaymentStatus; providerId: string | null; amountCents: number; refundedCents: number };
  amountCents: number;
}

export interface RefundTransition {
  /** null: the refund does not exist yet (it is reserved). */
  from: RefundStatus | null;
  to: RefundStatus;
  by: readonly RefundActor[];
  /** A rule the move must pass; answers why not. */
  guard?: (facts: RefundFacts) => Refusal | null;
  /** The amount counts as refunded on the payment (reserved) from this move on… */
  reservesAmount?: boolean;
  /** …until this move gives it back (the provider refused it). */
  releasesAmount?: boolean;
}

/** Only a paid payment that the provider knows is refunded, and never more than is left of it. */
function refundable({ payment, amountCents }: RefundFacts): Refusal | null {
  if (payment.status !== "paid" || !payment.providerId)
    return refuse.conflict("payments:errors.refundNotPaid");
  const leftCents = leftToRefund(payment);
  if (amountCents > leftCents)
    return refuse.invalid("payments:errors.refundTooMuch", { leftCents }, "amountCents");
  return null;
}

/**
 * A refund is reserved on its payment (pending) before the provider is asked, so two refunds can never
 * take the same money; the provider's answer settles it: refunded, or failed and the reservation released.
 */
export const refundTransitions: readonly RefundTransition[] = [
  { from: null, to: "pending", by: ["shop"], guard: refundable, reservesAmount: true },
  { from: "pending", to: "refunded", by: ["provider"] },
  { from: "pending", to: "failed", by: ["provider"], releasesAmount: true },
];

/** The move a refund may make (with the facts its guard needs), or why not. */
export function checkRefundTransition(
  from: RefundStatus | null,
  to: RefundStatus,
  actor: RefundActor,
  facts?: RefundFacts,
): RefundTransition | Refusal {
  const transition = refundTransitions.find((t) => t.from === from && t.to === to);
  if (!transition) return refuse.conflict("payments:errors.refundTransitionNotAllowed");
  if (!transition.by.includes(actor)) return refuse.forbidden("payments:errors.refundTransitionNotAllowed");
  if (transition.guard) {
    if (!facts) throw new Error(`The refund move to ${to} needs its payment and amount`);
    const refused = transition.guard(facts);
    if (refused) return refused;
  }
  return transition;
}
