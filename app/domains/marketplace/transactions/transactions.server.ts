// The marketplace transactions' public door (decision 0045): buying, the process's one writer and its
// timers, shipping, and what the pages read. Other folders import only this file and the client-safe
// `transaction-process.ts` and `validation.ts` of this folder.
export { checkoutFor, enquire, payTransaction, syncTransactionPayment } from "./buying.server";
export {
  fireTimer,
  moveTransaction,
  sweepTimers,
  sweepTransactionTimersJob,
  transactionTimerJob,
} from "./process.server";
export { moveSandboxParcel, sandboxParcel } from "./shipping/carrier.server";
export { handleCarrierWebhook, printLabel } from "./shipping/shipping.server";
export {
  operatorTransactions,
  replyToReview,
  storeRating,
  transactionFor,
  transactionsOf,
} from "./views.server";
