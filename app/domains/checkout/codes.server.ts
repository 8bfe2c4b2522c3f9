// The checkout's discount code: one active code per bag, checked against the bag and the shopper.
import type { Channel } from "../../platform/http/context";
import type { Locale } from "../../platform/i18n/locales";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { type CartRef, checkoutCart } from "../cart/cart.server";
import { isFirstOrder } from "../orders/orders.server";
import { applyDiscountCode, removeDiscountCode } from "../promotions/promotions.server";
import { type CheckoutInput, customerOf, quoteCheckout } from "./quote.server";

/** Makes a code the cart's one active code (a second replaces the first, which `replaced` names). */
export async function applyCheckoutCode(
  input: CheckoutInput & { code: string },
): Promise<{ code: string; replaced: string | null } | Refusal> {
  const quote = await quoteCheckout(input);
  if (quote.cartId === null || quote.lines.length === 0) return refuse.conflict("checkout:errors.emptyBag");
  const { email, userId } = customerOf(input);
  const firstOrder = email || userId ? await isFirstOrder({ email, userId }) : undefined;
  const applied = await applyDiscountCode(quote.cartId, input.code, {
    lines: quote.lines.filter((l) => l.problem === null),
    email,
    userId,
    firstOrder,
    now: input.now,
  });
  if (isRefusal(applied)) return applied;
  return { code: applied.code, replaced: applied.replaced };
}

/** Takes the bag's code off. */
export async function removeCheckoutCode(
  cart: CartRef | null,
  locale: Locale,
  channel: Channel,
): Promise<void> {
  const found = cart ? await checkoutCart(cart, locale, channel) : null;
  if (found) await removeDiscountCode(found.cartId);
}
