// Which payment provider a payment goes to: the built-in sandbox PSP by default, Mollie in production.
import { env } from "../../platform/env.server";
import { createMollieProvider } from "./mollie.server";
import { type PaymentProvider, PaymentProviderError } from "./provider.server";
import { sandboxProvider } from "./sandbox/provider.server";
import type { PaymentProviderName } from "./tables.server";

let mollie: PaymentProvider | undefined;
let overrides: Partial<Record<PaymentProviderName, PaymentProvider>> = {};
let activeOverride: PaymentProviderName | undefined;

export function providerNamed(name: PaymentProviderName): PaymentProvider {
  const override = overrides[name];
  if (override) return override;
  if (name === "sandbox") return sandboxProvider;
  const { MOLLIE_API_KEY: apiKey, MOLLIE_API_URL: apiEndpoint } = env();
  if (!apiKey) throw new PaymentProviderError("MOLLIE_API_KEY is not set", false);
  mollie ??= createMollieProvider({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  return mollie;
}

/** The provider new payments go to: PAYMENT_PROVIDER (sandbox by default). */
export function activeProviderName(): PaymentProviderName {
  return activeOverride ?? env().PAYMENT_PROVIDER;
}

/** Tests: replace a provider (e.g. Mollie on a mocked API) and choose the active one. */
export function configurePaymentProviders(options: {
  providers?: Partial<Record<PaymentProviderName, PaymentProvider>>;
  active?: PaymentProviderName;
}): void {
  overrides = options.providers ?? {};
  activeOverride = options.active;
}

export const webhookUrl = (provider: PaymentProviderName) =>
  `${env().BASE_URL}/webhooks/payments/${provider}`;
