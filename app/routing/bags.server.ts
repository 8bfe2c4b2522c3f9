import { createContext, type MiddlewareFunction } from "react-router";
import { CART_COOKIE, type CartRef, cartRefOf, GUEST_CART_DAYS } from "../domains/cart/cart.server";
import {
  GUEST_WISHLIST_DAYS,
  WISHLIST_COOKIE,
  type WishlistRef,
  wishlistRefOf,
} from "../domains/wishlist/wishlist.server";
import { env } from "../platform/env.server";
import { guestTokenCookie, newGuestToken } from "../platform/http/guest-token.server";
import { visitorContext } from "./middleware.server";

/** Whose cart and wishlist a page request reads and changes. */
export interface Bags {
  /** The cart to show: the customer's, the guest cookie's, or null (none yet). */
  cart: CartRef | null;
  wishlist: WishlistRef | null;
  /** The cart to change: a guest without one gets a new token; a guest's cookie is renewed (30 days). */
  cartToChange(): CartRef;
  wishlistToChange(): WishlistRef;
}

export const bagsContext = createContext<Bags>();

/**
 * Route middleware of the pages that change a cart or wishlist (product, cart, wishlist): after
 * `check-token` (it needs the visitor), it sets the guest cookies a change asked for on the response, for
 * page and data requests alike. Reading costs nothing: no cookie, no database work.
 */
export const bagsMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const visitorId = context.get(visitorContext)?.id;
  const cookieHeader = request.headers.get("cookie");
  const secure = env().BASE_URL.startsWith("https:");
  const setCookies = new Map<string, string>();
  const bags: Bags = {
    cart: cartRefOf(visitorId, cookieHeader),
    wishlist: wishlistRefOf(visitorId, cookieHeader),
    cartToChange() {
      const ref = bags.cart ?? { token: newGuestToken() };
      bags.cart = ref;
      if ("token" in ref)
        setCookies.set(CART_COOKIE, guestTokenCookie(CART_COOKIE, ref.token, GUEST_CART_DAYS, secure));
      return ref;
    },
    wishlistToChange() {
      const ref = bags.wishlist ?? { token: newGuestToken() };
      bags.wishlist = ref;
      if ("token" in ref)
        setCookies.set(
          WISHLIST_COOKIE,
          guestTokenCookie(WISHLIST_COOKIE, ref.token, GUEST_WISHLIST_DAYS, secure),
        );
      return ref;
    },
  };
  context.set(bagsContext, bags);
  const response = await next();
  for (const cookie of setCookies.values()) response.headers.append("set-cookie", cookie);
  return response;
};
