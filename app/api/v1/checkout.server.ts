import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { cartRefOf } from "../../domains/cart/cart.server";
import {
  addCheckoutGiftCard,
  applyCheckoutCode,
  type CheckoutInput,
  type CheckoutMessage,
  checkoutServicePoints,
  checkoutView,
  lookupCheckoutAddress,
  placeOrder,
  removeCheckoutCode,
  removeCheckoutGiftCard,
} from "../../domains/checkout/checkout.server";
import { CheckoutGiftCardSchema } from "../../domains/gift-cards/validation";
import { ORDER_NUMBER } from "../../domains/orders/numbers";
import {
  confirmationUrl,
  lookUpGuestOrder,
  orderForConfirmation,
  orderForCustomer,
  ordersOfCustomer,
} from "../../domains/orders/orders.server";
import { paymentMethods } from "../../domains/payments/methods";
import {
  AddressSchema,
  PostcodeLookupSchema,
  ServicePointSearchSchema,
} from "../../domains/shipping/validation";
import { requireCustomer, requireMayOrder } from "../../platform/auth/guards.server";
import { checkSession } from "../../platform/auth/session.server";
import { translateMessage } from "../../platform/forms/messages";
import { shopErrorMap } from "../../platform/forms/rules";
import { countries } from "../../platform/forms/validators";
import { httpErrors } from "../../platform/http/api-error";
import { clientIp } from "../../platform/http/client-ip.server";
import type { Channel } from "../../platform/http/context";
import type { AppEnv } from "../../platform/http/middleware.server";
import type { Locale } from "../../platform/i18n/locales";
import { serverI18n } from "../../platform/i18n/resources.server";
import { isRefusal } from "../../platform/refusal";
import { apiRefusal } from "../errors.server";
import { errorResponse, LocaleQuery } from "./schemas";

const Country = z.enum(countries);
const Cents = z.number().int();

const TotalsSchema = z
  .object({
    subtotalCents: Cents,
    discountCents: Cents,
    lineDiscountCents: z.array(Cents),
    shippingPriceCents: Cents,
    shippingCents: Cents,
    freeShipping: z.enum(["threshold", "code"]).nullable(),
    toFreeShippingCents: Cents.nullable(),
    donationCents: Cents,
    totalCents: Cents,
    vat: z.object({
      lines: z.array(
        z.object({ ratePercent: z.number(), grossCents: Cents, vatCents: Cents, netCents: Cents }),
      ),
      exemptCents: Cents,
      vatCents: Cents,
    }),
    giftCardCents: Cents,
    walletCents: Cents,
    amountDueCents: Cents.openapi({ description: "What the payment provider collects" }),
  })
  .openapi("CheckoutTotals", {
    description: "subtotal − discount + shipping + donation = total; VAT of the destination included",
  });

const MessageSchema = z
  .object({ messageTranslationKey: z.string(), message: z.string() })
  .nullable()
  .openapi("CheckoutMessage");

const ServicePointSchema = z
  .object({
    id: z.string(),
    country: Country,
    carrier: z.string(),
    name: z.string(),
    street: z.string(),
    houseNumber: z.string(),
    postalCode: z.string(),
    city: z.string(),
    days: z.string().openapi({ description: "`monSat` or `monFri`" }),
    opens: z.string(),
    closes: z.string(),
  })
  .openapi("ServicePoint");

const QuoteSchema = z
  .object({
    country: Country,
    lines: z.array(
      z.object({
        lineId: z.number().int(),
        productId: z.number().int(),
        variantId: z.number().int(),
        name: z.string(),
        slug: z.string(),
        size: z.string(),
        colour: z.string(),
        imageUrl: z.string().nullable(),
        quantity: z.number().int(),
        unitPriceCents: Cents,
        originalPriceCents: Cents.nullable(),
        discountCents: Cents,
        problem: z.enum(["not-enough-stock", "sold-out", "no-longer-available", "app-only"]).nullable(),
        problemMessage: MessageSchema,
      }),
    ),
    canOrder: z.boolean(),
    totals: TotalsSchema,
    methods: z.array(
      z.object({
        id: z.string(),
        type: z.enum(["home", "service-point"]),
        carrier: z.string(),
        priceCents: Cents,
        moments: z.boolean(),
      }),
    ),
    methodId: z.string().nullable(),
    freeFromCents: Cents,
    promise: z.object({
      shipsToday: z.boolean(),
      minutesLeft: z.number().int(),
      shipDate: z.string(),
      deliveryDate: z.string(),
    }),
    moments: z.array(
      z.object({
        id: z.string(),
        date: z.string(),
        window: z.enum(["daytime", "evening"]),
        from: z.string(),
        to: z.string(),
      }),
    ),
    servicePoints: z.array(ServicePointSchema).nullable(),
    pointSearch: z.string().nullable(),
    discount: z.object({ code: z.string(), ok: z.boolean(), problemMessage: MessageSchema }).nullable(),
    paymentMethods: z.array(z.enum(paymentMethods)).openapi({
      description: "For the country and amount; empty: 'No payment methods available, contact service'",
    }),
    giftCardLines: z.array(
      z.object({
        id: z.string(),
        kind: z.enum(["egift", "physical"]),
        amountCents: Cents,
        toName: z.string(),
        fromName: z.string(),
        message: z.string().nullable(),
        recipientEmail: z.string().nullable(),
        dispatchDate: z.string().nullable(),
      }),
    ),
    payment: z
      .object({
        giftCards: z.array(
          z.object({
            cardId: z.number().int(),
            last4: z.string(),
            availableCents: Cents,
            usable: z.boolean(),
            amountCents: Cents.openapi({ description: "What this card pays of this order" }),
          }),
        ),
        wallet: z
          .object({
            balanceCents: Cents,
            maxUsableCents: Cents,
            usedCents: Cents,
            on: z.boolean(),
          })
          .nullable()
          .openapi({ description: "Null for a guest" }),
        problem: z.unknown().nullable(),
      })
      .openapi({
        description: "Gift cards and wallet credit; `totals.amountDueCents` is what the provider collects",
      }),
  })
  .openapi("CheckoutQuote");

const Choices = {
  locale: LocaleQuery,
  country: Country,
  email: z.string().max(200).optional().openapi({ description: "A guest's e-mail (for first-order codes)" }),
  methodId: z.string().max(60).optional().openapi({ description: "Default: the country's first method" }),
  momentId: z.string().max(40).optional(),
  servicePointId: z.string().max(60).optional(),
  pointSearch: z
    .string()
    .max(10)
    .optional()
    .openapi({ description: "Postal code to list service points near" }),
  donationCents: z.union([z.literal(0), z.literal(200), z.literal(500)]).default(0),
  useWallet: z.boolean().optional().openapi({
    description: "A signed-in customer pays with wallet credit, up to its maximum usable amount",
  }),
};

const quote = createRoute({
  method: "post",
  path: "/v1/checkout/quote",
  summary: "Price the bag for a destination and delivery choice",
  description:
    "The shopper's bag (session or `shop_cart` cookie) with its problems, the shipping methods and moments, service points near `pointSearch`, the active discount code, the totals with VAT and the payment methods for that amount.",
  request: {
    body: {
      content: { "application/json": { schema: z.object(Choices).openapi("CheckoutChoices") } },
      required: true,
    },
  },
  responses: {
    200: { description: "The quote", content: { "application/json": { schema: QuoteSchema } } },
    400: errorResponse("Invalid input"),
    403: errorResponse("Blocked user cannot order (`errors.blockedCannotOrder`)"),
  },
});

const applyCode = createRoute({
  method: "post",
  path: "/v1/checkout/discount-code",
  summary: "Make a code the bag's one active code",
  description:
    "A second valid code replaces the first (`replaced` names it). A refused code answers 400 with the reason's key (409 when its uses ran out).",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({ code: z.string().min(1).max(40), ...Choices }).openapi("ApplyDiscountCode"),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "Applied",
      content: {
        "application/json": {
          schema: z.object({ code: z.string(), replaced: z.string().nullable(), message: z.string() }),
        },
      },
    },
    400: errorResponse("Unknown, expired, first order only, minimum not reached…"),
    409: errorResponse("Empty bag, or the code's uses ran out (used up, already used)"),
  },
});

const removeCode = createRoute({
  method: "delete",
  path: "/v1/checkout/discount-code",
  summary: "Remove the bag's discount code",
  request: { query: z.object({ locale: LocaleQuery }) },
  responses: { 204: { description: "Removed (or there was none)" } },
});

const addGiftCard = createRoute({
  method: "post",
  path: "/v1/checkout/gift-cards",
  summary: "Pay with a gift card (number + PIN)",
  description:
    "Adds a card to the bag's payment; the quote then shows what it pays. No such card, a wrong PIN and a locked card (5 wrong PINs, an hour) give the same 400. Gift cards cannot be combined with Klarna.",
  request: {
    query: z.object({ locale: LocaleQuery }),
    body: {
      content: {
        "application/json": {
          schema: z
            .object({ giftCardNumber: z.string().max(40), giftCardPin: z.string().max(12) })
            .openapi("AddCheckoutGiftCard"),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "Added (again: unchanged)",
      content: {
        "application/json": {
          schema: z.object({ cardId: z.number().int(), last4: z.string(), availableCents: Cents }),
        },
      },
    },
    400: errorResponse("Invalid input, or not recognised (`giftcard:errors.notRecognised`)"),
    409: errorResponse("Blocked, expired or empty card; too many cards; empty bag"),
    429: errorResponse("Too many cards tried from this address"),
  },
});

const removeGiftCard = createRoute({
  method: "delete",
  path: "/v1/checkout/gift-cards/{cardId}",
  summary: "Stop paying with a gift card",
  request: {
    params: z.object({ cardId: z.coerce.number().int().positive() }),
    query: z.object({ locale: LocaleQuery }),
  },
  responses: {
    204: { description: "Removed" },
    404: errorResponse("Not on this bag (`giftcard:errors.notApplied`)"),
  },
});

const addressLookup = createRoute({
  method: "get",
  path: "/v1/checkout/address-lookup",
  summary: "NL postcode + house number lookup",
  description: "Street and town of a Dutch address. Fields in `missing` must be typed by the shopper.",
  request: {
    query: z.object({
      postalCode: z.string().max(10),
      houseNumber: z.string().max(10),
      addition: z.string().max(10).optional(),
      locale: LocaleQuery,
    }),
  },
  responses: {
    200: {
      description: "found, not-found or unavailable (enter the address by hand)",
      content: {
        "application/json": {
          schema: z
            .object({
              status: z.enum(["found", "not-found", "unavailable"]),
              address: z
                .object({
                  street: z.string().nullable(),
                  city: z.string().nullable(),
                  postalCode: z.string(),
                  houseNumber: z.string(),
                  addition: z.string().nullable(),
                  country: z.literal("NL"),
                })
                .optional(),
              missing: z.array(z.string()).optional(),
            })
            .openapi("AddressLookup"),
        },
      },
    },
    400: errorResponse("Not a Dutch postcode, or letters in the house number"),
  },
});

const servicePoints = createRoute({
  method: "get",
  path: "/v1/checkout/service-points",
  summary: "Service points near a postal code",
  request: { query: z.object({ country: Country, postalCode: z.string().max(10), locale: LocaleQuery }) },
  responses: {
    200: {
      description: "Nearest first",
      content: { "application/json": { schema: z.array(ServicePointSchema) } },
    },
    400: errorResponse("Invalid postal code for the country, or an area the shop does not deliver to"),
  },
});

const AddressBody = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    street: z.string(),
    houseNumber: z.string().openapi({ description: "Digits only; letters go in `addition`" }),
    addition: z.string().optional(),
    postalCode: z.string(),
    city: z.string(),
    country: Country,
    phone: z.string().optional(),
  })
  .openapi("OrderAddress");

const OrderCreated = z
  .object({
    number: z.string().openapi({ example: "482913075" }),
    checkoutUrl: z.string().openapi({ description: "The provider's payment page: send the shopper there" }),
    confirmationUrl: z.string().openapi({ description: "Where the provider sends the shopper back to" }),
    created: z
      .boolean()
      .openapi({ description: "false: the Idempotency-Key was used before; this is that order" }),
  })
  .openapi("PlacedOrder");

const place = createRoute({
  method: "post",
  path: "/v1/orders",
  summary: "Place an order for the bag and start its payment",
  description:
    "One transaction re-checks the bag, reserves the stock, redeems the bag's code and writes the order; then the payment is created. The same `Idempotency-Key` answers the same order and payment; it never changes the payment method of an order whose payment is under way (409). An unpaid order is canceled after 30 minutes and its stock returned.",
  request: {
    headers: z.object({ "idempotency-key": z.string().min(16).max(100) }),
    body: {
      content: {
        "application/json": {
          schema: z
            .object({
              ...Choices,
              email: z.string().max(200).openapi({ description: "Ignored for a signed-in customer" }),
              methodId: z.string().max(60),
              address: AddressBody,
              paymentMethod: z.enum(paymentMethods).optional().openapi({
                description:
                  "Needed unless gift cards and wallet credit pay everything (then the order is paid at once: `checkoutUrl` is the confirmation page)",
              }),
              issuer: z.string().max(40).optional().openapi({ description: "iDEAL bank" }),
            })
            .openapi("PlaceOrder"),
        },
      },
      required: true,
    },
  },
  responses: {
    201: { description: "Placed", content: { "application/json": { schema: OrderCreated } } },
    200: {
      description: "The order of this Idempotency-Key",
      content: { "application/json": { schema: OrderCreated } },
    },
    400: errorResponse(
      "Invalid input (address rules of SPEC §5); a delivery, code or payment choice not possible (no payment methods, moment gone, code refused…)",
    ),
    403: errorResponse("Blocked user cannot order"),
    409: errorResponse(
      "Empty bag, not enough stock, just sold out, no longer available, app only, the code's uses ran out; the Idempotency-Key's order is waiting for a payment with another method",
    ),
    503: errorResponse("Ordering unavailable at this moment"),
  },
});

const OrderSchema = z.record(z.string(), z.unknown()).openapi("Order", {
  description: "Number, status, lines, totals with VAT, delivery, addresses, payment method, status history",
});

const getOrder = createRoute({
  method: "get",
  path: "/v1/orders/{number}",
  summary: "An order",
  description:
    "A signed-in customer's own order; a guest's with the confirmation link's `key`, or with the `email` it was placed with. Anyone else: 404.",
  request: {
    params: z.object({ number: z.string().regex(ORDER_NUMBER) }),
    query: z.object({ key: z.string().max(64).optional(), email: z.string().max(200).optional() }),
  },
  responses: {
    200: { description: "The order", content: { "application/json": { schema: OrderSchema } } },
    404: errorResponse("No such order for you"),
    429: errorResponse("Too many order lookups by e-mail (`account:throttled`)"),
  },
});

const listOrders = createRoute({
  method: "get",
  path: "/v1/orders",
  summary: "The signed-in customer's orders, newest first",
  responses: {
    200: {
      description: "Orders",
      content: {
        "application/json": {
          schema: z.array(
            z.object({
              number: z.string(),
              status: z.string(),
              createdAt: z.string(),
              totalCents: Cents,
              itemCount: z.number().int(),
              trackAndTrace: z.string().nullable(),
            }),
          ),
        },
      },
    },
    401: errorResponse("Sign in first"),
  },
});

function channelOf(c: Context<AppEnv>): Channel {
  return c.get("channel") ?? (c.req.header("x-shop-channel") === "app" ? "app" : "web");
}

/** The shopper behind a request (refusing a blocked customer) and their bag. */
async function shopperOf(c: Context<AppEnv>) {
  const visitor = await requireMayOrder(c.req.raw);
  const { setCookies } = await checkSession(c.req.raw);
  for (const cookie of setCookies) c.header("set-cookie", cookie, { append: true });
  c.header("cache-control", "private, no-store");
  return {
    cart: cartRefOf(visitor?.id, c.req.header("cookie") ?? null),
    channel: channelOf(c),
    customer: visitor ? { userId: visitor.id, email: visitor.email } : null,
  };
}

/** A message of the checkout page (a line's problem, a code that does not apply), translated. */
function message(shown: CheckoutMessage | null, locale: Locale) {
  if (!shown) return null;
  return {
    messageTranslationKey: shown.messageKey,
    message: serverI18n(locale).t(shown.messageKey, shown.values ?? {}) as string,
  };
}

/** Zod issues of the shop's rule schemas, translated, as the `details` of a 400. */
function invalid(issues: readonly { path: PropertyKey[]; message: string }[], locale: Locale, prefix = "") {
  const t = serverI18n(locale).t as (key: string, options: Record<string, unknown>) => string;
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = prefix + (issue.path.join(".") || "_");
    fields[key] = [...(fields[key] ?? []), translateMessage(t, issue.message)];
  }
  return httpErrors.badRequest({ fields });
}

export function registerCheckoutRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(quote, async (c) => {
    const body = c.req.valid("json");
    const shopper = await shopperOf(c);
    const view = await checkoutView({
      ...shopper,
      locale: body.locale,
      email: body.email,
      country: body.country,
      delivery: body,
      donationCents: body.donationCents,
      useWallet: body.useWallet === true,
      pointSearch: body.pointSearch,
    });
    return c.json(
      {
        ...view,
        lines: view.lines.map(({ error, ...line }) => ({
          ...line,
          problemMessage: message(error, body.locale),
        })),
        discount: view.discount && {
          code: view.discount.code,
          ok: view.discount.ok,
          problemMessage: message(view.discount.error, body.locale),
        },
      },
      200,
    );
  });

  api.openapi(applyCode, async (c) => {
    const body = c.req.valid("json");
    const shopper = await shopperOf(c);
    const input: CheckoutInput & { code: string } = { ...shopper, ...body, delivery: body };
    const applied = await applyCheckoutCode(input);
    if (isRefusal(applied)) throw apiRefusal(applied, body.locale);
    const { t } = serverI18n(body.locale);
    const text = applied.replaced
      ? t("checkout:discount.replaced", { code: applied.code, previous: applied.replaced })
      : t("checkout:discount.applied", { code: applied.code });
    return c.json({ code: applied.code, replaced: applied.replaced, message: text as string }, 200);
  });

  api.openapi(removeCode, async (c) => {
    const { locale } = c.req.valid("query");
    const shopper = await shopperOf(c);
    await removeCheckoutCode(shopper.cart, locale, shopper.channel);
    return c.body(null, 204);
  });

  api.openapi(addGiftCard, async (c) => {
    const { locale } = c.req.valid("query");
    const shopper = await shopperOf(c);
    const parsed = CheckoutGiftCardSchema.safeParse(c.req.valid("json"), { error: shopErrorMap });
    if (!parsed.success) throw invalid(parsed.error.issues, locale);
    const added = await addCheckoutGiftCard(
      shopper.cart,
      { number: parsed.data.giftCardNumber, pin: parsed.data.giftCardPin },
      { ip: clientIp(c) },
    );
    if (isRefusal(added)) throw apiRefusal(added, locale);
    return c.json({ cardId: added.cardId, last4: added.last4, availableCents: added.availableCents }, 200);
  });

  api.openapi(removeGiftCard, async (c) => {
    const { locale } = c.req.valid("query");
    const shopper = await shopperOf(c);
    const removed = await removeCheckoutGiftCard(shopper.cart, c.req.valid("param").cardId);
    if (isRefusal(removed)) throw apiRefusal(removed, locale);
    return c.body(null, 204);
  });

  api.openapi(addressLookup, async (c) => {
    const query = c.req.valid("query");
    const parsed = PostcodeLookupSchema.safeParse(query, { error: shopErrorMap });
    if (!parsed.success) throw invalid(parsed.error.issues, query.locale);
    return c.json(await lookupCheckoutAddress(parsed.data), 200);
  });

  api.openapi(servicePoints, async (c) => {
    const query = c.req.valid("query");
    const parsed = ServicePointSearchSchema.safeParse(query, { error: shopErrorMap });
    if (!parsed.success) throw invalid(parsed.error.issues, query.locale);
    return c.json(await checkoutServicePoints(parsed.data.country, parsed.data.postalCode), 200);
  });

  api.openapi(place, async (c) => {
    const body = c.req.valid("json");
    const key = c.req.valid("header")["idempotency-key"];
    const shopper = await shopperOf(c);
    const address = AddressSchema.safeParse(body.address, { error: shopErrorMap });
    if (!address.success) throw invalid(address.error.issues, body.locale, "address.");
    const placed = await placeOrder({
      ...shopper,
      idempotencyKey: key,
      locale: body.locale,
      email: shopper.customer?.email ?? body.email,
      country: address.data.country,
      delivery: body,
      donationCents: body.donationCents,
      address: address.data,
      paymentMethod: body.paymentMethod ?? null,
      useWallet: body.useWallet === true,
      issuer: body.issuer,
    });
    if (isRefusal(placed)) throw apiRefusal(placed, body.locale);
    return c.json(
      {
        number: placed.number,
        checkoutUrl: placed.checkoutUrl,
        confirmationUrl: confirmationUrl(placed.number, body.locale),
        created: placed.created,
      },
      placed.created ? 201 : 200,
    );
  });

  api.openapi(getOrder, async (c) => {
    const { number } = c.req.valid("param");
    const { key, email } = c.req.valid("query");
    c.header("cache-control", "private, no-store");
    const { visitor } = await checkSession(c.req.raw);
    let order =
      (visitor ? await orderForCustomer(visitor.id, number) : null) ??
      (key ? await orderForConfirmation(number, key) : null);
    if (!order && email) {
      // By e-mail it is the guest order lookup: throttled per IP and per number like the returns page's.
      const looked = await lookUpGuestOrder({ number, email }, { ip: clientIp(c) });
      if (isRefusal(looked) && looked.kind === "too-many") throw apiRefusal(looked);
      order = isRefusal(looked) ? null : looked;
    }
    if (!order) throw httpErrors.notFound();
    return c.json(order as unknown as Record<string, unknown>, 200);
  });

  api.openapi(listOrders, async (c) => {
    const visitor = await requireCustomer(c.req.raw);
    c.header("cache-control", "private, no-store");
    return c.json(await ordersOfCustomer(visitor.id), 200);
  });
}
