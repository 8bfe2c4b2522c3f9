// The gift-cards domain's public door (ARCHITECTURE.md "Boundaries"): other folders import only this file
// (and the client-safe `ledger.ts`, `validation.ts`). Cards and PINs in `cards.server.ts`, money moves in
// `moves.server.ts`, cards sold in orders in `purchases.server.ts`, cards added at checkout in
// `applications.server.ts`, the back office's reads in `backoffice.server.ts`.

export {
  type AppliedGiftCard,
  giftCardsToPayWith,
  MAX_CARDS_PER_ORDER,
  recogniseCardToPayWith,
} from "./applications.server";
export { findGiftCards, giftCardForStaff } from "./backoffice.server";
export {
  checkGiftCardBalance,
  issueGiftCard,
  recogniseGiftCard,
} from "./cards.server";
export {
  adjustGiftCard,
  expireGiftCards,
  expireGiftCardsJob,
  giftCardRefundableCents,
  giftCardRefundKeyUsed,
  holdGiftCard,
  refundToGiftCards,
  setGiftCardBlocked,
  settleGiftCardHolds,
} from "./moves.server";
export { printPhysicalGiftCard } from "./print.server";
export {
  cancelOrderGiftCards,
  changeGiftCardDispatch,
  dispatchDateWindow,
  dispatchDueGiftCards,
  dispatchGiftCardsJob,
  giftCardsOfOrder,
  issueOrderGiftCards,
  recordGiftCardPurchases,
  resendGiftCard,
} from "./purchases.server";
