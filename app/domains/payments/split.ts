import { type Refusal, refuse } from "../../platform/refusal";
import type { PaymentMethod } from "./methods";

export interface SplitInput {
  /** The order total after discount, shipping and donation (cents). */
  totalCents: number;
  /** Gift cards in the order the shopper added them. */
  giftCards: { code: string; balanceCents: number }[];
  walletBalanceCents: number;
  /** The wallet's cap for this order (the operator's cap % of the total, in cents). */
  walletCapCents: number;
  /** The provider method for what is left; null when the shopper has not chosen one (yet). */
  method: PaymentMethod | null;
}

export interface Split {
  giftCards: { code: string; amountCents: number }[];
  walletCents: number;
  /** What the payment provider collects. */
  pspCents: number;
}

const whole = (cents: number) => Math.max(0, Math.floor(cents));

/**
 * The paying steps of the totals (PRODUCT.md): gift cards first, each up to its balance; then wallet
 * credit up to its maximum usable amount, min(balance, what is left, cap); the provider collects the rest.
 * Gift cards cannot be combined with Klarna (SPEC §5).
 */
export function splitPayment(input: SplitInput): Split | Refusal {
  const cards = input.giftCards.filter((card) => whole(card.balanceCents) > 0);
  if (cards.length > 0 && input.method === "klarna") {
    return refuse.invalid("payments:errors.giftCardWithKlarna", {}, "paymentMethod");
  }
  let left = whole(input.totalCents);
  const giftCards: { code: string; amountCents: number }[] = [];
  for (const card of cards) {
    if (left === 0) break;
    const amountCents = Math.min(whole(card.balanceCents), left);
    giftCards.push({ code: card.code, amountCents });
    left -= amountCents;
  }
  const walletCents = Math.min(whole(input.walletBalanceCents), whole(input.walletCapCents), left);
  left -= walletCents;
  return { giftCards, walletCents, pspCents: left };
}
