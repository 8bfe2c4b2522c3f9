/**
 * What of a payment can still be refunded: the amount collected minus what was refunded or is reserved
 * for a refund (never below zero). The shop's payments, the sandbox PSP's books and the back office all
 * ask this one rule.
 */
export function leftToRefund(payment: { amountCents: number; refundedCents: number }): number {
  return Math.max(0, payment.amountCents - payment.refundedCents);
}
