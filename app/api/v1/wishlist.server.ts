import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  addToWishlist,
  GUEST_WISHLIST_DAYS,
  removeFromWishlist,
  WISHLIST_COOKIE,
  type WishlistRef,
  wishlistCards,
  wishlistProductIds,
  wishlistRefOf,
} from "../../domains/wishlist/wishlist.server";
import { checkSession } from "../../platform/auth/session.server";
import { env } from "../../platform/env.server";
import { ApiError } from "../../platform/http/api-error";
import { guestTokenCookie, newGuestToken } from "../../platform/http/guest-token.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import type { Locale } from "../../platform/i18n/locales";
import { serverI18n } from "../../platform/i18n/resources.server";
import { accepted } from "../errors.server";
import { errorResponse, LocaleQuery, ProductCardSchema } from "./schemas";

const WishlistSchema = z
  .object({
    productIds: z.array(z.number().int()).openapi({ description: "Most recently added first" }),
    products: z.array(ProductCardSchema).openapi({ description: "Cards of the products still sold" }),
  })
  .openapi("Wishlist");

const WishlistIdsSchema = z
  .object({ productIds: z.array(z.number().int()), changed: z.boolean() })
  .openapi("WishlistChange");

const ProductParam = z.object({ productId: z.coerce.number().int().positive().max(2_147_483_647) });

const getWishlist = createRoute({
  method: "get",
  path: "/v1/wishlist",
  summary: "The shopper's wishlist",
  description: "A signed-in customer's, or a guest's (the `shop_wishlist` cookie); empty when there is none.",
  request: { query: z.object({ locale: LocaleQuery }) },
  responses: {
    200: { description: "The wishlist", content: { "application/json": { schema: WishlistSchema } } },
    500: errorResponse("Wishlist load failed (`wishlist:errors.load`)"),
  },
});

const putItem = createRoute({
  method: "put",
  path: "/v1/wishlist/items/{productId}",
  summary: "Add a product (a style in one colour) to the wishlist",
  description: "Idempotent. A guest's first add sets the `shop_wishlist` cookie.",
  request: { params: ProductParam, query: z.object({ locale: LocaleQuery }) },
  responses: {
    200: { description: "Added", content: { "application/json": { schema: WishlistIdsSchema } } },
    404: errorResponse("Wishlist add failed (`wishlist:errors.add`): no such product on sale"),
  },
});

const deleteItem = createRoute({
  method: "delete",
  path: "/v1/wishlist/items/{productId}",
  summary: "Remove a product from the wishlist",
  description: "Idempotent.",
  request: { params: ProductParam, query: z.object({ locale: LocaleQuery }) },
  responses: {
    200: { description: "Removed", content: { "application/json": { schema: WishlistIdsSchema } } },
    500: errorResponse("Wishlist remove failed (`wishlist:errors.remove`)"),
  },
});

async function refOf(c: Context<AppEnv>): Promise<WishlistRef | null> {
  const { visitor, setCookies } = await checkSession(c.req.raw);
  for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
  c.header("cache-control", "private, no-store");
  return wishlistRefOf(visitor?.id, c.req.header("cookie") ?? null);
}

function failure(status: number, key: string, locale: Locale): ApiError {
  return new ApiError(status, key, serverI18n(locale).t(key) as string);
}

/** The spec's "Wishlist load, add or remove failed": any failure below answers with its own message. */
async function orFail<T>(work: () => Promise<T>, key: string, locale: Locale): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw Object.assign(failure(500, key, locale), { cause: error });
  }
}

export function registerWishlistRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getWishlist, async (c) => {
    const { locale } = c.req.valid("query");
    const ref = await refOf(c);
    const body = await orFail(
      async () => {
        const products = await wishlistCards(ref, locale);
        return { productIds: await wishlistProductIds(ref), products };
      },
      "wishlist:errors.load",
      locale,
    );
    return c.json(body, 200);
  });

  api.openapi(putItem, async (c) => {
    const { productId } = c.req.valid("param");
    const { locale } = c.req.valid("query");
    const ref = (await refOf(c)) ?? { token: newGuestToken() };
    const change = accepted(
      c,
      await orFail(() => addToWishlist(ref, productId), "wishlist:errors.add", locale),
      locale,
    );
    if ("token" in ref) {
      const secure = env().BASE_URL.startsWith("https:");
      c.header("set-cookie", guestTokenCookie(WISHLIST_COOKIE, ref.token, GUEST_WISHLIST_DAYS, secure), {
        append: true,
      });
    }
    return c.json({ productIds: await wishlistProductIds(ref), changed: change.changed }, 200);
  });

  api.openapi(deleteItem, async (c) => {
    const { productId } = c.req.valid("param");
    const { locale } = c.req.valid("query");
    const ref = await refOf(c);
    const change = ref
      ? await orFail(() => removeFromWishlist(ref, productId), "wishlist:errors.remove", locale)
      : { changed: false };
    return c.json({ productIds: await wishlistProductIds(ref), changed: change.changed }, 200);
  });
}
