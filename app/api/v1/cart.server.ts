import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  addToCart,
  CART_COOKIE,
  type CartRef,
  type CartView,
  cartRefOf,
  GUEST_CART_DAYS,
  problemMessageKeys,
  removeLine,
  setLineQuantity,
  viewCart,
} from "../../domains/cart/cart.server";
import { MAX_LINE_QUANTITY } from "../../domains/cart/validation";
import { checkSession } from "../../platform/auth/session.server";
import { env } from "../../platform/env.server";
import type { Channel } from "../../platform/http/context";
import { guestTokenCookie, newGuestToken } from "../../platform/http/guest-token.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import type { Locale } from "../../platform/i18n/locales";
import { serverI18n } from "../../platform/i18n/resources.server";
import { isRefusal, refuse } from "../../platform/refusal";
import { apiRefusal } from "../errors.server";
import { errorResponse, LocaleQuery } from "./schemas";

const LineSchema = z
  .object({
    lineId: z.number().int(),
    productId: z.number().int(),
    variantId: z.number().int(),
    sku: z.string(),
    size: z.string(),
    name: z.string(),
    slug: z.string(),
    colour: z.string(),
    imageUrl: z.string().nullable(),
    quantity: z.number().int(),
    unitPriceCents: z.number().int(),
    originalPriceCents: z.number().int().nullable(),
    stock: z.number().int().openapi({ description: "The size's current stock (the bag never reserves it)" }),
    problem: z
      .enum(["not-enough-stock", "sold-out", "no-longer-available", "app-only"])
      .nullable()
      .openapi({ description: "Not null: the line cannot be checked out" }),
    problemMessage: z.string().nullable().openapi({ description: "The problem, in the requested locale" }),
    problemMessageTranslationKey: z.string().nullable(),
  })
  .openapi("CartLine");

const CartSchema = z
  .object({
    lines: z.array(LineSchema),
    count: z.number().int().openapi({ description: "Units in the bag" }),
    subtotalCents: z
      .number()
      .int()
      .openapi({ description: "The lines that can be checked out, VAT included" }),
    country: z.enum(["NL", "BE", "FR", "ES"]).openapi({ description: "Assumed from the locale" }),
    freeShipping: z.object({
      thresholdCents: z.number().int(),
      remainingCents: z.number().int(),
      reached: z.boolean(),
      percent: z.number().int(),
    }),
    promise: z.object({
      ships: z.enum(["today", "tomorrow"]),
      cutoff: z.string().openapi({ example: "23:00", description: "Europe/Amsterdam" }),
    }),
    canCheckout: z.boolean(),
  })
  .openapi("Cart");

const cartResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: CartSchema } },
});

const LineId = z.object({ lineId: z.coerce.number().int().positive() });

const getCart = createRoute({
  method: "get",
  path: "/v1/cart",
  summary: "The shopper's bag",
  description:
    "A signed-in customer's bag, or a guest's (the `shop_cart` cookie). Prices and stock are read now; lines with a `problem` cannot be checked out. An empty bag when there is none.",
  request: { query: z.object({ locale: LocaleQuery }) },
  responses: { 200: cartResponse("The bag") },
});

const addLine = createRoute({
  method: "post",
  path: "/v1/cart/lines",
  summary: "Put a size in the bag",
  description:
    "More of a size already in the bag adds up. Refused (409) beyond the stock (`cart:errors.notEnoughStock`), for a sold-out size, an unavailable product, or an app-only product outside the app (send `X-Shop-Channel: app`). A guest's first add sets the `shop_cart` cookie.",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z
            .object({
              variantId: z.number().int().positive(),
              quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1),
              locale: LocaleQuery,
            })
            .openapi("AddCartLine"),
        },
      },
      required: true,
    },
  },
  responses: {
    201: cartResponse("Added; the whole bag"),
    400: errorResponse("Invalid input"),
    404: errorResponse("Unknown size (`cart:errors.sizeRequired`)"),
    409: errorResponse("Not enough stock, sold out, no longer available or app only"),
  },
});

const setQuantity = createRoute({
  method: "patch",
  path: "/v1/cart/lines/{lineId}",
  summary: "Change a line's quantity",
  description:
    "Lowering always works; raising is refused (409) like an add when the stock does not allow it.",
  request: {
    params: LineId,
    body: {
      content: {
        "application/json": {
          schema: z
            .object({ quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY), locale: LocaleQuery })
            .openapi("SetCartLineQuantity"),
        },
      },
      required: true,
    },
  },
  responses: {
    200: cartResponse("Changed; the whole bag"),
    400: errorResponse("Invalid input"),
    404: errorResponse("No such line in this bag"),
    409: errorResponse("Not enough stock, sold out, no longer available or app only"),
  },
});

const deleteLine = createRoute({
  method: "delete",
  path: "/v1/cart/lines/{lineId}",
  summary: "Remove a line",
  request: { params: LineId, query: z.object({ locale: LocaleQuery }) },
  responses: {
    200: cartResponse("Removed; the whole bag"),
    404: errorResponse("Could not remove from cart (`cart:errors.removeFailed`): no such line in this bag"),
  },
});

/** The app says so with `X-Shop-Channel: app` (the channel middleware reads it for the whole shop). */
function channelOf(c: Context<AppEnv>): Channel {
  return c.get("channel") ?? (c.req.header("x-shop-channel") === "app" ? "app" : "web");
}

async function refOf(c: Context<AppEnv>): Promise<CartRef | null> {
  const { visitor, setCookies } = await checkSession(c.req.raw);
  for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
  c.header("cache-control", "private, no-store");
  return cartRefOf(visitor?.id, c.req.header("cookie") ?? null);
}

/** The bag as the API sends it: each problem also as a message in the requested locale. */
export function cartBody(view: CartView, locale: Locale) {
  const { t } = serverI18n(locale);
  return {
    ...view,
    lines: view.lines.map((line) => {
      const key = line.problem ? problemMessageKeys[line.problem] : null;
      return {
        ...line,
        problemMessage: key ? (t(key, { product: line.name, count: line.stock }) as string) : null,
        problemMessageTranslationKey: key,
      };
    }),
  };
}

export function registerCartRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getCart, async (c) => {
    const { locale } = c.req.valid("query");
    const view = await viewCart(await refOf(c), locale, channelOf(c));
    return c.json(cartBody(view, locale), 200);
  });

  api.openapi(addLine, async (c) => {
    const { locale, ...input } = c.req.valid("json");
    const ref = (await refOf(c)) ?? { token: newGuestToken() };
    const change = await addToCart(ref, input, channelOf(c), locale);
    if (isRefusal(change)) throw apiRefusal(change, locale);
    if ("token" in ref) {
      // Set on a guest's first add, and renewed by every add: the bag is kept 30 days after the last.
      const secure = env().BASE_URL.startsWith("https:");
      c.header("set-cookie", guestTokenCookie(CART_COOKIE, ref.token, GUEST_CART_DAYS, secure), {
        append: true,
      });
    }
    return c.json(cartBody(await viewCart(ref, locale, channelOf(c)), locale), 201);
  });

  api.openapi(setQuantity, async (c) => {
    const { lineId } = c.req.valid("param");
    const { quantity, locale } = c.req.valid("json");
    const ref = await refOf(c);
    const change = ref
      ? await setLineQuantity(ref, { lineId, quantity }, channelOf(c), locale)
      : refuse.notFound("cart:errors.removeFailed");
    if (isRefusal(change)) throw apiRefusal(change, locale);
    return c.json(cartBody(await viewCart(ref, locale, channelOf(c)), locale), 200);
  });

  api.openapi(deleteLine, async (c) => {
    const { lineId } = c.req.valid("param");
    const { locale } = c.req.valid("query");
    const ref = await refOf(c);
    const removed = ref ? await removeLine(ref, lineId) : refuse.notFound("cart:errors.removeFailed");
    if (isRefusal(removed)) throw apiRefusal(removed, locale);
    return c.json(cartBody(await viewCart(ref, locale, channelOf(c)), locale), 200);
  });
}
