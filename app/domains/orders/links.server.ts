// Where a customer or guest reads an order: the confirmation page (a guest's link carries a key) or the
// account's order page.
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "../../platform/env.server";
import type { Locale } from "../../platform/i18n/locales";
import { href } from "../../routing/urls";

/** The key in a guest's confirmation link: an HMAC of the number, so it needs no storage and cannot be guessed. */
export function orderAccessKey(number: string): string {
  return createHmac("sha256", env().SESSION_SECRET)
    .update(`order:${number}`)
    .digest("base64url")
    .slice(0, 32);
}

export function isOrderAccessKey(number: string, key: string): boolean {
  const expected = Buffer.from(orderAccessKey(number));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The absolute URL of the confirmation page of an order (the payment's return URL). */
export function confirmationUrl(number: string, locale: Locale): string {
  const page = href("order-confirmation", {}, locale, env().I18N_STRATEGY);
  return `${env().BASE_URL}${page}?order=${number}&key=${orderAccessKey(number)}`;
}

/** Where the customer reads an order: their account's order page, or a guest's confirmation link. */
export function orderPageUrl(order: { number: string; userId: string | null; locale: Locale }): string {
  if (!order.userId) return confirmationUrl(order.number, order.locale);
  return `${env().BASE_URL}${href("order", { number: order.number }, order.locale, env().I18N_STRATEGY)}`;
}
