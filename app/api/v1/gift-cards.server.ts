import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { ZodType } from "zod";
import {
  changeGiftCardDispatch,
  checkGiftCardBalance,
  giftCardsOfOrder,
} from "../../domains/gift-cards/gift-cards.server";
import { BalanceCheckSchema, GiftCardDispatchSchema } from "../../domains/gift-cards/validation";
import { ORDER_NUMBER } from "../../domains/orders/numbers";
import { orderForCustomer } from "../../domains/orders/orders.server";
import { requireCustomer } from "../../platform/auth/guards.server";
import { translateMessage } from "../../platform/forms/messages";
import { parseShopForm } from "../../platform/forms/submission";
import { httpErrors } from "../../platform/http/api-error";
import { clientIp } from "../../platform/http/client-ip.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import type { Locale } from "../../platform/i18n/locales";
import { translator } from "../../platform/i18n/resources.server";
import { accepted } from "../errors.server";
import { errorResponse, LocaleQuery } from "./schemas";

/** The gift-card API for the app: the balance checker's domain call and form schema, as `/saldo-checker/`. */

const GiftCardBalance = z
  .object({
    last4: z.string(),
    balanceCents: z.number().int().openapi({ description: "What can be spent now (0 once expired)" }),
    validUntil: z.string().openapi({ description: "ISO date-time" }),
    expired: z.boolean(),
    blocked: z.boolean(),
  })
  .openapi("GiftCardBalance");

const OrderGiftCard = z
  .object({
    id: z.number().int(),
    kind: z.enum(["egift", "physical"]),
    amountCents: z.number().int(),
    toName: z.string(),
    recipientEmail: z.string().nullable(),
    dispatchDate: z.string().nullable().openapi({ description: "YYYY-MM-DD, Europe/Amsterdam" }),
    status: z.enum(["ordered", "issued", "sent", "canceled"]),
    sentAt: z.string().nullable(),
    changeable: z
      .boolean()
      .openapi({ description: "An e-gift card not sent yet: recipient and date can change" }),
  })
  .openapi("OrderGiftCard");

const orderParams = z.object({ number: z.string().regex(ORDER_NUMBER) });

const routes = {
  balance: createRoute({
    method: "post",
    path: "/v1/gift-cards/balance",
    tags: ["Gift cards"],
    summary: "Balance and valid-until of a gift card (number + PIN)",
    description:
      "Needs a solved captcha (GET /v1/captcha). No such card, a wrong PIN and a locked card (5 wrong PINs, an hour) give the same 400.",
    request: {
      query: z.object({ locale: LocaleQuery }),
      body: {
        content: {
          "application/json": {
            schema: z
              .object({ number: z.string(), pin: z.string(), captcha: z.string() })
              .openapi("GiftCardBalanceRequest"),
          },
        },
        required: true,
      },
    },
    responses: {
      200: { description: "The card", content: { "application/json": { schema: GiftCardBalance } } },
      400: errorResponse("Invalid input, or not recognised (`giftcard:errors.notRecognised`)"),
      429: errorResponse("Too many checks from this address or for this card"),
    },
  }),
  orderCards: createRoute({
    method: "get",
    path: "/v1/account/orders/{number}/gift-cards",
    tags: ["Gift cards"],
    summary: "The gift cards one of the customer's orders sold (never their numbers or PINs)",
    request: { params: orderParams },
    responses: {
      200: {
        description: "The cards, in the order they were put in the bag",
        content: { "application/json": { schema: z.array(OrderGiftCard) } },
      },
      401: errorResponse("Sign in first"),
      404: errorResponse("Not one of your orders"),
    },
  }),
  changeOrderCard: createRoute({
    method: "patch",
    path: "/v1/account/orders/{number}/gift-cards/{id}",
    tags: ["Gift cards"],
    summary: "Change the recipient's e-mail address and the dispatch date of an e-gift card not sent yet",
    description:
      "The date lies within today … +1 year on the shop's clock (Europe/Amsterdam). A card already sent answers 409 (`giftcard:errors.alreadySent`).",
    request: {
      query: z.object({ locale: LocaleQuery }),
      params: orderParams.extend({ id: z.coerce.number().int().positive() }),
      body: {
        content: {
          "application/json": {
            schema: z
              .object({ recipientEmail: z.string().max(200), dispatchDate: z.string().max(20) })
              .openapi("ChangeOrderGiftCard"),
          },
        },
        required: true,
      },
    },
    responses: {
      200: {
        description: "The card as it is now",
        content: { "application/json": { schema: OrderGiftCard } },
      },
      400: errorResponse("Invalid e-mail address or a date outside today … +1 year"),
      401: errorResponse("Sign in first"),
      404: errorResponse("Not one of your orders, or no such e-gift card in it"),
      409: errorResponse("Already sent"),
    },
  }),
};

/** A form schema's messages for a JSON body, translated, as the 400 the other calls answer. */
function parsed<Schema extends ZodType>(schema: Schema, body: Record<string, unknown>, locale: Locale) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) form.set(name, String(value));
  const result = parseShopForm(form, schema);
  if (result.status === "success") return result.value;
  const t = translator(locale);
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(result.error ?? {}))
    if (messages?.length) fields[name] = messages.map((m) => translateMessage(t, m));
  throw httpErrors.badRequest({ target: "json", fields });
}

async function customerOrder(request: Request, number: string) {
  const visitor = await requireCustomer(request);
  const order = await orderForCustomer(visitor.id, number);
  if (!order) throw httpErrors.notFound();
  return order;
}

const cardView = (card: Awaited<ReturnType<typeof giftCardsOfOrder>>[number]) => ({
  ...card,
  sentAt: card.sentAt?.toISOString() ?? null,
});

export function registerGiftCardRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.balance, async (c) => {
    const { locale } = c.req.valid("query");
    c.header("cache-control", "private, no-store");
    const input = parsed(BalanceCheckSchema, c.req.valid("json"), locale);
    const card = accepted(c, await checkGiftCardBalance(input, { ip: clientIp(c) }), locale);
    return c.json(
      {
        last4: card.last4,
        balanceCents: card.expired ? 0 : card.availableCents,
        validUntil: card.validUntil.toISOString(),
        expired: card.expired,
        blocked: card.status === "blocked",
      },
      200,
    );
  });

  api.openapi(routes.orderCards, async (c) => {
    const order = await customerOrder(c.req.raw, c.req.valid("param").number);
    c.header("cache-control", "private, no-store");
    return c.json((await giftCardsOfOrder(order.number)).map(cardView), 200);
  });

  api.openapi(routes.changeOrderCard, async (c) => {
    const { locale } = c.req.valid("query");
    const { number, id } = c.req.valid("param");
    const order = await customerOrder(c.req.raw, number);
    c.header("cache-control", "private, no-store");
    const input = parsed(GiftCardDispatchSchema, { ...c.req.valid("json"), purchaseId: id }, locale);
    accepted(
      c,
      await changeGiftCardDispatch({
        orderReference: order.number,
        purchaseId: id,
        recipientEmail: input.recipientEmail,
        dispatchDate: input.dispatchDate,
      }),
      locale,
    );
    const card = (await giftCardsOfOrder(order.number)).find((gift) => gift.id === id)!;
    return c.json(cardView(card), 200);
  });
}
