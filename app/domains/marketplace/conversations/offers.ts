// Offers as data (ARCHITECTURE.md "State machines as data"): a price proposed in a conversation by the
// buyer (customer) or, as a counter, by the seller (provider). The other party accepts, declines or
// counters within 48 hours; an accepted price holds for that buyer for 24 hours (issue 18's checkout
// starts from it and marks it used). Client-safe.

export const OFFER_ANSWER_HOURS = 48;
export const ACCEPTED_HOLD_HOURS = 24;
/** PRODUCT.md: a buyer may offer at least 60 % of the price. */
export const MIN_OFFER_SHARE = 0.6;

export const offerStates = [
  "pending",
  "accepted",
  "declined",
  "countered",
  "expired",
  "withdrawn",
  "used",
] as const;
export type OfferState = (typeof offerStates)[number];
export type OfferParty = "customer" | "provider";
export type OfferAnswer = "accept" | "decline" | "counter" | "withdraw";

export const offerTransitions = {
  accept: { from: "pending", to: "accepted", by: "other" },
  decline: { from: "pending", to: "declined", by: "other" },
  counter: { from: "pending", to: "countered", by: "other" },
  withdraw: { from: "pending", to: "withdrawn", by: "maker" },
} as const satisfies Record<OfferAnswer, { from: OfferState; to: OfferState; by: "maker" | "other" }>;

/** The state of an offer at `now`: a pending one past its answer time has expired. */
export function currentOfferState(offer: { state: string; answerBy: Date | string }, now: Date): OfferState {
  if (offer.state === "pending" && new Date(offer.answerBy).getTime() <= now.getTime()) return "expired";
  return offer.state as OfferState;
}

/** Whether `party` may give `answer` to an offer made by `madeBy` in `state`; else the refusal's key. */
export function offerAnswerRefusal(
  state: OfferState,
  madeBy: OfferParty,
  party: OfferParty,
  answer: OfferAnswer,
): string | null {
  const rule = offerTransitions[answer];
  if (state === "expired") return "marketplace:errors.offerExpired";
  if (state !== rule.from) return "marketplace:errors.offerAnswered";
  if ((rule.by === "maker") !== (party === madeBy)) return "marketplace:errors.notYourOffer";
  return null;
}

/** The lowest amount a buyer may offer for a price (60 %, rounded up to whole cents). */
export function minimumOffer(priceCents: number): number {
  return Math.ceil(priceCents * MIN_OFFER_SHARE);
}

/** Why an amount cannot be offered for a listing at `priceCents`, or null. */
export function offerAmountRefusal(amountCents: number, priceCents: number): string | null {
  if (!Number.isSafeInteger(amountCents) || amountCents < minimumOffer(priceCents))
    return "marketplace:errors.offerTooLow";
  if (amountCents >= priceCents) return "marketplace:errors.offerNotBelowPrice";
  return null;
}
