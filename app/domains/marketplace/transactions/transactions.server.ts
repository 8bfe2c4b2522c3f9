// The marketplace transactions' public door (decision 0045): buying, the process's one writer and its
// timers, shipping, and what the pages read. Other folders import only this file and the client-safe
// `transaction-process.ts` and `validation.ts` of this folder.
export { bundleOfStore, myBundle, saveBundle } from "./bundles.server";
export { checkoutFor, enquire, payTransaction, syncTransactionPayment } from "./buying.server";
export { chosenFiles } from "./dispute-photos.server";
export {
  type DisputeView,
  disputeOf,
  disputePhoto,
  disputeQueue,
  openDispute,
  openDisputes,
  postDisputeMessage,
} from "./disputes.server";
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
  hideReview,
  operatorTransactions,
  replyToReview,
  storeRating,
  transactionFor,
  transactionsOf,
} from "./views.server";
