/** Payment statuses as every provider reports them to the shop (Mollie's pending/authorized read as open). */
export const paymentStatuses = ["open", "paid", "failed", "canceled", "expired"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Statuses a payment never leaves: a late or stale report of anything else is ignored. */
export const finalStatuses: readonly PaymentStatus[] = ["paid", "failed", "canceled", "expired"];

export function isFinal(status: PaymentStatus): boolean {
  return finalStatuses.includes(status);
}

/**
 * Whether the shop applies `next` on top of `current`: only open moves, and only to something else.
 * Duplicates and out-of-order deliveries therefore converge on the first final status read.
 */
export function mayChange(current: PaymentStatus, next: PaymentStatus): boolean {
  return current === "open" && next !== "open";
}
