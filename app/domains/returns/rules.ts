// The rules of PRODUCT.md "Returns and withdrawal" that need no database: the windows, what is left to
// return of a line, what a returned unit refunds, the fee, and how a refund is split over the ways paid.
// Client-safe: the order page shows the same windows the server enforces.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Orders record when they were shipped, not when they arrived: delivery is taken to be this many days
 * after shipping (the carriers' longest promise across NL/BE/FR/ES), so a window never closes early.
 */
export const TRANSIT_DAYS = 3;

/** The statutory withdrawal period (EU 2011/83, art. 9): 14 days from delivery. */
export const WITHDRAWAL_DAYS = 14;

/** The refund is due 14 days after the return was received (EU 2011/83, art. 13). */
export const REFUND_DUE_DAYS = 14;

interface OrderMoment {
  status: string;
  shippedAt: Date | null;
}

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** When the customer is taken to have the parcel. */
export function deliveredBy(shippedAt: Date): Date {
  return addDays(shippedAt, TRANSIT_DAYS);
}

/**
 * The return window: open from shipping until `windowDays` after delivery. Only a shipped order (complete)
 * can be returned; a closed one was refunded already.
 */
export function returnWindow(order: OrderMoment, windowDays: number, now: Date) {
  if (order.status !== "complete" || !order.shippedAt) return { open: false, closesAt: null } as const;
  const closesAt = addDays(deliveredBy(order.shippedAt), windowDays);
  return { open: now.getTime() <= closesAt.getTime(), closesAt } as const;
}

/**
 * The withdrawal period: from the contract (a paid order, also before it ships) until 14 days after
 * delivery. The return window is longer by default, but the withdrawal is the customer's right whatever
 * the shop's own return policy says.
 */
export function withdrawalWindow(order: OrderMoment, now: Date) {
  if (order.status === "processing" || order.status === "holded")
    return { open: true, closesAt: null } as const;
  if (order.status !== "complete" || !order.shippedAt) return { open: false, closesAt: null } as const;
  const closesAt = addDays(deliveredBy(order.shippedAt), WITHDRAWAL_DAYS);
  return { open: now.getTime() <= closesAt.getTime(), closesAt } as const;
}

/** When a return that never arrived is canceled (and an exchange's held size released). */
export function returnExpiresAt(windowClosesAt: Date): Date {
  return addDays(windowClosesAt, TRANSIT_DAYS);
}

export function refundDueAt(receivedAt: Date): Date {
  return addDays(receivedAt, REFUND_DUE_DAYS);
}

/**
 * What `units` more units of a line refund when `before` units of it were refunded already: the line's
 * total (its discount share included) spread over its units, the cents that do not divide going to the
 * last units, so the units of a line together refund exactly what was paid for it, never more.
 */
export function lineRefundCents(
  line: { quantity: number; totalCents: number },
  before: number,
  units: number,
): number {
  if (units <= 0) return 0;
  if (before < 0 || before + units > line.quantity)
    throw new RangeError(`cannot refund ${units} more of ${line.quantity} units after ${before}`);
  const upTo = (n: number) => Math.floor((line.totalCents * n) / line.quantity);
  return upTo(before + units) - upTo(before);
}

/** The country's return fee, kept from a return's refund; withdrawals and exchanges are free. */
export function returnFeeCents(
  kind: "return" | "withdrawal",
  method: "drop-off" | "label" | "exchange",
  country: string,
  fees: Record<string, number>,
): number {
  if (kind === "withdrawal" || method === "exchange") return 0;
  return fees[country] ?? 0;
}

/**
 * How a refund goes back (PRODUCT.md): to the payment provider first, up to what is left of the payment;
 * the rest to the wallet (which also takes back what the wallet paid). When the customer chose wallet
 * credit, all of it goes to the wallet at once. Guests have no wallet: what the provider cannot take is
 * left for staff (`unplaced`).
 */
export function splitRefund(
  amountCents: number,
  options: { providerLeftCents: number; hasWallet: boolean; toWallet: boolean },
): { providerCents: number; walletCents: number; unplacedCents: number } {
  if (options.toWallet && options.hasWallet)
    return { providerCents: 0, walletCents: amountCents, unplacedCents: 0 };
  const providerCents = Math.min(amountCents, Math.max(0, options.providerLeftCents));
  const rest = amountCents - providerCents;
  return options.hasWallet
    ? { providerCents, walletCents: rest, unplacedCents: 0 }
    : { providerCents, walletCents: 0, unplacedCents: rest };
}
