import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { transitionNames } from "../../domains/marketplace/transactions/transaction-process";
import {
  enquire,
  moveTransaction,
  payTransaction,
  printLabel,
  transactionFor,
  transactionsOf,
} from "../../domains/marketplace/transactions/transactions.server";
import { paymentMethods } from "../../domains/payments/payments.server";
import { requireCustomer } from "../../platform/auth/guards.server";
import type { AppEnv } from "../../platform/http/middleware.server";
import { refuse } from "../../platform/refusal";
import { accepted } from "../errors.server";
import { DisputeSchema } from "./marketplace-disputes.server";
import { errorResponse, IdParam, LocaleOnlyQuery as Query } from "./schemas";

/**
 * Marketplace purchases and sales for the app (decision 0045): buy (enquire), read, take a move of the
 * transaction process, pay again, and the provider's label. The spec's marketplace status codes: 200/201,
 * 400 invalid input, 401 not signed in, 402 the payment failed, 403 one's own listing, 404 not a party,
 * 409 a move the process table refuses (wrong state, wrong actor, too early or too late), 500.
 */

const tags = ["Marketplace transactions"];
const unauthorised = errorResponse("Not signed in");
const notFound = errorResponse("Not a transaction of this customer");

const SummarySchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    side: z.enum(["customer", "provider"]),
    state: z.string(),
    title: z.string(),
    items: z.number().int(),
    totalCents: z.number().int().openapi({ description: "Paid by the buyer; for sales, the earnings" }),
    storeName: z.string(),
    yourMove: z.boolean(),
    deadline: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("MarketplaceTransactionSummary");

const DetailSchema = z
  .object({
    id: z.number().int(),
    number: z.string(),
    side: z.enum(["customer", "provider"]),
    state: z.string(),
    deadline: z.string().nullable(),
    actions: z.array(z.string()).openapi({ description: "The transitions this person may take now" }),
    items: z.array(
      z.object({ listingId: z.number().int(), title: z.string(), priceCents: z.number().int() }),
    ),
    amounts: z.record(z.string(), z.number().int()),
    earnings: z.string(),
    trackingCode: z.string().nullable(),
    timeline: z.array(
      z.object({ transition: z.string(), actor: z.string(), note: z.string().nullable(), at: z.string() }),
    ),
    dispute: DisputeSchema.nullable().openapi({ description: "The dispute, when the buyer opened one" }),
  })
  .openapi("MarketplaceTransaction");

const BuyBody = z
  .object({
    listingIds: z.array(z.number().int().positive()).min(1).max(20),
    delivery: z.enum(["home", "service-point"]),
    address: z.object({
      name: z.string().min(1).max(80),
      street: z.string().max(80).default(""),
      houseNumber: z.string().max(12).default(""),
      postalCode: z.string().min(1).max(10),
      city: z.string().max(60).default(""),
      country: z.enum(["NL", "BE", "FR", "ES"]),
    }),
    servicePointId: z.string().max(40).optional(),
    method: z.enum(paymentMethods),
    issuer: z.string().max(40).optional(),
    idempotencyKey: z.string().min(8).max(64),
  })
  .openapi("MarketplaceBuy");

const MoveBody = z
  .object({
    transition: z.enum(transitionNames as [string, ...string[]]),
    note: z.string().max(2000).optional(),
    trackingCode: z.string().max(40).optional(),
    rating: z.number().int().min(1).max(5).optional(),
    body: z.string().max(2000).optional(),
  })
  .openapi("MarketplaceMove");

const PayAnswer = z.object({ transactionId: z.number().int(), checkoutUrl: z.string() });

const routes = {
  list: createRoute({
    method: "get",
    path: "/v1/marketplace/transactions",
    tags,
    summary: "The customer's purchases or sales, newest first, with whose move it is and by when",
    request: { query: z.object({ side: z.enum(["purchases", "sales"]).default("purchases") }) },
    responses: {
      200: {
        description: "The transactions",
        content: { "application/json": { schema: z.object({ transactions: z.array(SummarySchema) }) } },
      },
      401: unauthorised,
    },
  }),
  detail: createRoute({
    method: "get",
    path: "/v1/marketplace/transactions/{id}",
    tags,
    summary: "One purchase or sale: state, allowed moves, amounts, parcel, timeline",
    request: { params: IdParam },
    responses: {
      200: { description: "The transaction", content: { "application/json": { schema: DetailSchema } } },
      401: unauthorised,
      404: notFound,
    },
  }),
  buy: createRoute({
    method: "post",
    path: "/v1/marketplace/transactions",
    tags,
    summary: "Buy listings of one store (enquire): reserves them and answers the payment page",
    request: { query: Query, body: { content: { "application/json": { schema: BuyBody } }, required: true } },
    responses: {
      201: {
        description: "Reserved; pay at `checkoutUrl`",
        content: { "application/json": { schema: PayAnswer } },
      },
      400: errorResponse("Invalid input"),
      401: unauthorised,
      403: errorResponse("One's own listing"),
      404: errorResponse("No such listing"),
      409: errorResponse("Sold or reserved already, or the store is closed"),
      503: errorResponse("The payment provider cannot be reached"),
    },
  }),
  pay: createRoute({
    method: "post",
    path: "/v1/marketplace/transactions/{id}/payment",
    tags,
    summary: "The payment page of a purchase waiting for payment",
    request: { query: Query, params: IdParam },
    responses: {
      200: { description: "Pay here", content: { "application/json": { schema: PayAnswer } } },
      401: unauthorised,
      402: errorResponse("The payment failed: the purchase was canceled (trade:errors.paymentFailed)"),
      404: notFound,
      409: errorResponse("Paid already"),
    },
  }),
  move: createRoute({
    method: "post",
    path: "/v1/marketplace/transactions/{id}/transitions",
    tags,
    summary: "Take a transition of the transaction process as buyer or provider",
    request: {
      query: Query,
      params: IdParam,
      body: { content: { "application/json": { schema: MoveBody } }, required: true },
    },
    responses: {
      200: { description: "Moved", content: { "application/json": { schema: DetailSchema } } },
      400: errorResponse("What the move needs is missing (tracking code, reason, rating)"),
      401: unauthorised,
      404: notFound,
      409: errorResponse("The process table refuses the move (trade:refused.*)"),
    },
  }),
  label: createRoute({
    method: "get",
    path: "/v1/marketplace/transactions/{id}/label",
    tags,
    summary: "The provider's prepaid parcel label (PDF, A6, QR code); creates the parcel once",
    request: { query: Query, params: IdParam },
    responses: {
      200: { description: "The label", content: { "application/pdf": { schema: z.string() } } },
      401: unauthorised,
      404: notFound,
      409: errorResponse("Not paid, or past sending"),
    },
  }),
};

async function me(c: Context<AppEnv>) {
  c.header("cache-control", "private, no-store");
  return requireCustomer(c.req.raw);
}

export function registerMarketplaceTransactionRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.list, async (c) => {
    const visitor = await me(c);
    const side = c.req.valid("query").side === "sales" ? "provider" : "customer";
    return c.json({ transactions: await transactionsOf(visitor.id, side) }, 200);
  });
  api.openapi(routes.detail, async (c) => {
    const visitor = await me(c);
    const detail = await transactionFor(visitor.id, c.req.valid("param").id);
    return c.json(accepted(c, detail ?? refuse.notFound(), "en"), 200);
  });
  api.openapi(routes.buy, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const body = c.req.valid("json");
    const started = await enquire(visitor.id, { ...body, listingIds: body.listingIds, locale });
    return c.json(accepted(c, started, locale), 201);
  });
  api.openapi(routes.pay, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    return c.json(accepted(c, await payTransaction(visitor.id, c.req.valid("param").id), locale), 200);
  });
  api.openapi(routes.move, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const id = c.req.valid("param").id;
    const detail = await transactionFor(visitor.id, id);
    if (!detail) accepted(c, refuse.notFound(), locale);
    const move = c.req.valid("json");
    accepted(
      c,
      await moveTransaction(
        id,
        move.transition as (typeof transitionNames)[number],
        { role: detail!.side, userId: visitor.id },
        {
          note: move.note,
          trackingCode: move.trackingCode ?? detail!.trackingCode ?? undefined,
          review: move.rating ? { rating: move.rating, body: move.body ?? "" } : undefined,
        },
      ),
      locale,
    );
    return c.json((await transactionFor(visitor.id, id))!, 200);
  });
  api.openapi(routes.label, async (c) => {
    const visitor = await me(c);
    const { locale } = c.req.valid("query");
    const id = c.req.valid("param").id;
    const label = accepted(c, await printLabel(id, visitor.id, locale), locale);
    return new Response(Buffer.from(label.pdf), {
      status: 200,
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="label-${label.trackingCode}.pdf"`,
        "cache-control": "private, no-store",
      },
    }) as never;
  });
}
