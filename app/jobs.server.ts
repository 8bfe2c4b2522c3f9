import { pruneGuestCartsJob } from "./domains/cart/cart.server";
import { pruneCatalogChangesJob } from "./domains/catalog/catalog.server";
import { forgetOldAuthAttemptsJob } from "./domains/customers/customers.server";
import { dispatchGiftCardsJob, expireGiftCardsJob } from "./domains/gift-cards/gift-cards.server";
import { refreshHighlightsJob } from "./domains/highlights/highlights.server";
import {
  computeAffinitiesJob,
  feedbackDrawJob,
  rewardReferralsJob,
} from "./domains/marketing/marketing.server";
import { pruneMarketplaceChangesJob } from "./domains/marketplace/marketplace.server";
import { batchPayoutsJob } from "./domains/marketplace/payouts/payouts.server";
import {
  sweepTransactionTimersJob,
  transactionTimerJob,
} from "./domains/marketplace/transactions/transactions.server";
import { deliverOutboxJob } from "./domains/notifications/notifications.server";
import { expireUnpaidOrdersJob } from "./domains/orders/orders.server";
import {
  deliverSandboxWebhookJob,
  expireSandboxPaymentsJob,
  reconcilePaymentsJob,
} from "./domains/payments/payments.server";
import { cancelOverdueReturnsJob } from "./domains/returns/returns.server";
import { notifyBackInStockJob } from "./domains/stock-alerts/stock-alerts.server";
import { pruneGuestWishlistsJob } from "./domains/wishlist/wishlist.server";
import type { JobDefinition } from "./platform/jobs/jobs.server";

/** Every background job of the shop; the server starts a worker and schedule for each. */
export const jobs = [
  deliverOutboxJob,
  pruneCatalogChangesJob,
  refreshHighlightsJob,
  notifyBackInStockJob,
  pruneGuestCartsJob,
  pruneGuestWishlistsJob,
  deliverSandboxWebhookJob,
  expireSandboxPaymentsJob,
  reconcilePaymentsJob,
  forgetOldAuthAttemptsJob,
  expireUnpaidOrdersJob,
  rewardReferralsJob,
  cancelOverdueReturnsJob,
  feedbackDrawJob,
  computeAffinitiesJob,
  dispatchGiftCardsJob,
  expireGiftCardsJob,
  transactionTimerJob,
  sweepTransactionTimersJob,
  batchPayoutsJob,
  pruneMarketplaceChangesJob,
] as unknown as JobDefinition<never>[];
