import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { handleCarrierWebhook } from "../domains/marketplace/transactions/transactions.server";
import { handlePaymentWebhook } from "../domains/payments/payments.server";
import { logger } from "../platform/logging/logger.server";

/**
 * `/webhooks/*`: calls from outside services. Not under `/api` (no session, no OpenAPI, no Api error
 * shape): the provider only looks at the status code, and anything but 2xx makes it retry.
 */
export function createWebhooks() {
  const webhooks = new Hono({ strict: false });
  webhooks.use(bodyLimit({ maxSize: 16 * 1024, onError: (c) => c.text("Payload too large", 413) }));
  webhooks.post("/payments/sandbox", (c) => handlePaymentWebhook("sandbox", c.req.raw));
  webhooks.post("/payments/mollie", (c) => handlePaymentWebhook("mollie", c.req.raw));
  webhooks.post("/carrier/sandbox", (c) => handleCarrierWebhook(c.req.raw));
  webhooks.onError((error, c) => {
    logger.error({ err: error }, "webhook failed");
    return c.text("Failed", 500);
  });
  return webhooks;
}
