// Which payment methods the shop offers for a country and amount: the operator setting over the defaults,
// limited to what the active provider collects.
import { z } from "zod";
import type { Country } from "../../platform/forms/validators";
import { logger } from "../../platform/logging/logger.server";
import { cachedSetting } from "../content/content.server";
import {
  defaultMethodAvailability,
  type MethodAvailabilitySetting,
  methodsFor,
  type PaymentMethod,
  paymentMethods,
} from "./methods";
import { mollieMethods } from "./mollie.server";
import { activeProviderName } from "./providers.server";

const availabilitySchema = z.object({
  enabled: z.boolean(),
  countries: z.array(z.enum(["NL", "BE", "FR", "ES"])),
  minCents: z.number().int().min(0).optional(),
  maxCents: z.number().int().min(0).optional(),
});
const settingSchema = z.partialRecord(z.enum(paymentMethods), availabilitySchema);

/**
 * The operator setting `payments.methods` over the defaults; a broken setting falls back to them. Kept a
 * few seconds per process (every order placed reads it); a change saved here shows at once.
 */
export async function methodAvailability(): Promise<MethodAvailabilitySetting> {
  const stored = await cachedSetting("payments.methods");
  if (stored === undefined) return defaultMethodAvailability;
  const parsed = settingSchema.safeParse(stored);
  if (!parsed.success) {
    logger.error(
      { issues: parsed.error.issues },
      "the payments.methods setting is not valid; using defaults",
    );
    return defaultMethodAvailability;
  }
  return { ...defaultMethodAvailability, ...parsed.data };
}

/** The methods offered for a delivery country and amount, worked out in memory. */
export type PaymentMethodOffer = (input: { country: Country; amountCents: number }) => PaymentMethod[];

/**
 * The setting and the active provider, read once, as a rule to apply to any amount: placing an order
 * reads it before its transaction and applies it to the amount priced inside it.
 */
export async function paymentMethodOffer(): Promise<PaymentMethodOffer> {
  const setting = await methodAvailability();
  const provider = activeProviderName();
  return ({ country, amountCents }) => {
    const offered = methodsFor(setting, country, amountCents);
    return provider === "mollie" ? offered.filter((m) => mollieMethods.includes(m)) : offered;
  };
}

/**
 * The methods offered for a delivery country and amount: the setting, limited to what the active provider
 * collects. An empty list means "No payment methods available, contact service".
 */
export async function availablePaymentMethods(input: {
  country: Country;
  amountCents: number;
}): Promise<PaymentMethod[]> {
  return (await paymentMethodOffer())(input);
}
