// The orders domain's public door (ARCHITECTURE.md "Boundaries"): other folders import only this file
// (and the client-safe `numbers.ts`, `transitions.ts`, `validation.ts`). The work is split by job:
// placing, status changes and the payment listener, views, e-mails, the customer's data (GDPR), the
// guest lookup and the back office's reads.

export { findOrders, type OrderFigures, orderFigures } from "./backoffice.server";
export { coPurchasedPairs } from "./co-purchases.server";
export { queueRefundEmail } from "./emails.server";
export { firstPaidOrderOutcome } from "./first-order.server";
export { anonymiseOrdersOf, ordersForExport } from "./gdpr.server";
export { lookUpGuestOrder } from "./guest-lookup.server";
export { confirmationUrl, orderAccessKey } from "./links.server";
export {
  attachPayment,
  createOrder,
  isFirstOrder,
  type NewOrder,
  orderByIdempotencyKey,
  unpaidOrderMinutes,
} from "./place.server";
export { orderForReturn, type ReturnableOrder } from "./returnable.server";
export {
  applyPaymentStatus,
  expireUnpaidOrders,
  expireUnpaidOrdersJob,
  payOrderWithoutProvider,
  transitionOrder,
} from "./status.server";
export type { OrderStatus } from "./tables.server";
export { nextStatuses, orderStatuses } from "./transitions";
export {
  confirmOrder,
  type OrderAddress,
  type OrderDetail,
  orderByNumber,
  orderCountOfCustomer,
  orderForConfirmation,
  orderForCustomer,
  orderForGuest,
  ordersOfCustomer,
  toOrderView,
  trackAndTraceUrl,
} from "./views.server";
