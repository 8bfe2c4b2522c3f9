// The checkout domain's public door (ARCHITECTURE.md "Boundaries"): other folders import only this file
// (and the client-safe `validation.ts`). The work is split by job: pricing the bag (quote), the discount
// code, placing the order, and the page's data.

export { applyCheckoutCode, removeCheckoutCode } from "./codes.server";
export { addCheckoutGiftCard, removeCheckoutGiftCard } from "./gift-cards.server";
export { type PlaceOrderInput, placeOrder } from "./place.server";
export {
  type CheckoutInput,
  type CheckoutMessage,
  quoteCheckout,
} from "./quote.server";
export {
  type CheckoutView,
  checkoutServicePoints,
  checkoutView,
  lookupCheckoutAddress,
  retryDefaults,
} from "./view.server";
