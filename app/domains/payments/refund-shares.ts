/** What each way an order was paid can still give back (cents). */
export interface RefundShares {
  providerCents: number;
  giftCardCents: number;
  walletCents: number;
}

/**
 * Shares a refund over the ways an order was paid, in PRODUCT.md's order: the provider first, then gift
 * cards, then the wallet; none gets more than it can still give back. `tooMuch` when the amount is more
 * than all of them together (the shares then hold everything that is left). Pure and client-safe.
 */
export function shareRefund(amountCents: number, left: RefundShares): RefundShares & { tooMuch: boolean } {
  let rest = Math.max(0, Math.floor(amountCents));
  const take = (available: number) => {
    const share = Math.min(rest, Math.max(0, available));
    rest -= share;
    return share;
  };
  const providerCents = take(left.providerCents);
  const giftCardCents = take(left.giftCardCents);
  const walletCents = take(left.walletCents);
  return { providerCents, giftCardCents, walletCents, tooMuch: rest > 0 };
}
