// The named export: under Node's own loader (the built server) the package is CommonJS and its default
// import is the whole module object, not the function (docs/reliability.md).
import {
  createMollieClient,
  type MollieClient,
  type Locale as MollieLocale,
  PaymentMethod as MollieMethod,
  type Payment as MolliePayment,
} from "@mollie/api-client";
import type { Locale } from "../../platform/i18n/locales";
import type { PaymentMethod } from "./methods";
import {
  centsToDecimal,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderPayment,
} from "./provider.server";
import type { PaymentStatus } from "./transitions";

/** Our methods as Mollie names them; Mollie has no Billink, so it is not offered with this provider. */
const methodOf: Partial<Record<PaymentMethod, { method: MollieMethod; issuer?: string }>> = {
  card: { method: MollieMethod.creditcard },
  ideal: { method: MollieMethod.ideal },
  bancontact: { method: MollieMethod.bancontact },
  klarna: { method: MollieMethod.klarna },
  afterpay: { method: MollieMethod.riverty },
  applepay: { method: MollieMethod.applepay },
  fashioncheque: { method: MollieMethod.giftcard, issuer: "fashioncheque" },
};
export const mollieMethods = Object.keys(methodOf) as PaymentMethod[];

const localeOf: Record<Locale, string> = { en: "en_US", nl: "nl_NL", fr: "fr_FR", es: "es_ES" };

/** Mollie's pending (waiting for the bank) and authorized (pay later, to be captured) are still open to the shop. */
export function statusOf(status: string): PaymentStatus {
  switch (status) {
    case "paid":
    case "failed":
    case "canceled":
    case "expired":
      return status;
    default:
      return "open";
  }
}

function view(payment: MolliePayment): ProviderPayment {
  return {
    providerId: payment.id,
    status: statusOf(payment.status),
    checkoutUrl: payment.getCheckoutUrl() ?? null,
    expiresAt: payment.expiresAt ? new Date(payment.expiresAt) : null,
    paidAt: payment.paidAt ? new Date(payment.paidAt) : null,
  };
}

/** Mollie answers 4xx for requests that will never succeed; anything else (5xx, network) may on a retry. */
function failure(action: string, error: unknown): PaymentProviderError {
  const status = (error as { statusCode?: number }).statusCode;
  const retryable = status === undefined || status >= 500 || status === 429;
  const detail = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Mollie ${action} failed: ${detail}`, retryable, { cause: error });
}

/** The Mollie adapter on `@mollie/api-client` (PAYMENT_PROVIDER=mollie). */
export function createMollieProvider(options: { apiKey: string; apiEndpoint?: string }): PaymentProvider {
  const client: MollieClient = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
    versionStrings: "LoomAndLabel/1",
  });

  return {
    name: "mollie",

    async createPayment(request) {
      const method = methodOf[request.method];
      if (!method) throw new PaymentProviderError(`Mollie does not offer ${request.method}`, false);
      try {
        const payment = await client.payments.create({
          amount: { currency: "EUR", value: centsToDecimal(request.amountCents) },
          description: request.description,
          redirectUrl: request.redirectUrl,
          webhookUrl: request.webhookUrl,
          method: method.method,
          issuer: request.issuer ?? method.issuer,
          locale: localeOf[request.locale] as MollieLocale,
          metadata: request.metadata,
          idempotencyKey: request.idempotencyKey,
        });
        return view(payment);
      } catch (error) {
        throw failure("create payment", error);
      }
    },

    async getPayment(providerId) {
      try {
        return view(await client.payments.get(providerId));
      } catch (error) {
        throw failure("get payment", error);
      }
    },

    async refund(providerId, refund) {
      try {
        const created = await client.paymentRefunds.create({
          paymentId: providerId,
          amount: { currency: "EUR", value: centsToDecimal(refund.amountCents) },
          description: refund.description,
          idempotencyKey: refund.idempotencyKey,
        });
        return { providerRefundId: created.id };
      } catch (error) {
        throw failure("refund", error);
      }
    },

    /**
     * Mollie's webhook is a form post carrying only `id=tr_…`, unsigned: it is authenticated by reading the
     * payment from the API with our key, never by trusting the body.
     */
    async verifyWebhook(request) {
      const body = new URLSearchParams(await request.text());
      const id = body.get("id");
      return id && /^tr_\w{1,60}$/.test(id) ? { providerId: id } : null;
    },
  };
}
