// The payments domain's public door (ARCHITECTURE.md "Boundaries"): other folders import only this file
// (and the client-safe `methods.ts`, `split.ts`, `refund-shares.ts`, `transitions.ts`, `validation.ts`). The work is split by
// job: providers, the methods offered, creating, status changes, refunds, reading, the sandbox's page.

export {
  type CreatePaymentInput,
  createPayment,
  newPaymentId,
  openPayment,
  type RecordedPayment,
  recordPayment,
} from "./create.server";
export type { PaymentMethod } from "./methods";
export { idealIssuers, isPaymentMethod, paymentMethodInfo, paymentMethods } from "./methods";
export {
  availablePaymentMethods,
  methodAvailability,
  type PaymentMethodOffer,
  paymentMethodOffer,
} from "./offer.server";
export {
  refundableOfOrder,
  reserveOrderRefund,
} from "./order-refunds.server";
export { configurePaymentProviders } from "./providers.server";
export {
  type PaymentRecord,
  paymentById,
  paymentRow,
  paymentsOfReference,
  paymentTrail,
  type RefundRecord,
  refundByKey,
} from "./records.server";
export type { RefundShares } from "./refund-shares";
export { refundPayment, reserveRefund, settleRefund } from "./refunds.server";
export { decideSandboxCheckout, sandboxCheckout, sandboxPaymentLocale } from "./sandbox/page.server";
export {
  deliverSandboxWebhookJob,
  expireSandboxPaymentsJob,
  type SandboxDecision,
} from "./sandbox/psp.server";
export {
  handlePaymentWebhook,
  onPaymentStatus,
  reconcileOpenPayments,
  reconcilePaymentsJob,
  syncPayment,
} from "./status.server";
