import type { MiddlewareHandler } from "hono";
import { sandboxPaymentLocale } from "../domains/payments/payments.server";
import type { LocaleEnv } from "./locale-routing.server";

/**
 * The sandbox PSP's hosted page lives outside the locale layer (`/sandbox-pay/:id/`) and speaks the
 * language the shop asked for when it created the payment, as a real provider's page would.
 */
export const sandboxPayLocale: MiddlewareHandler<LocaleEnv> = async (c, next) => {
  const id = /^\/sandbox-pay\/([\w-]{1,64})/.exec(c.req.path)?.[1];
  const locale = id ? await sandboxPaymentLocale(id) : null;
  if (locale) c.set("locale", locale);
  await next();
};
