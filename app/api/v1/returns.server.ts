import { randomUUID } from "node:crypto";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ordersOfCustomer } from "../../domains/orders/orders.server";
import {
  isReturnLabelKey,
  type Requester,
  requestReturn,
  returnByNumber,
  returnLabelPath,
  returnLabelPdf,
  returnOptions,
  returnsOfCustomer,
  toReturnView,
  withdrawalDraft,
  withdrawFromOrder,
} from "../../domains/returns/returns.server";
import { ReturnRequestSchema, returnMethods, returnReasons } from "../../domains/returns/validation";
import { requireCustomer } from "../../platform/auth/guards.server";
import { checkSession } from "../../platform/auth/session.server";
import { translateMessage } from "../../platform/forms/messages";
import { parseShopForm } from "../../platform/forms/submission";
import { httpErrors } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import type { Locale } from "../../platform/i18n/locales";
import { translator } from "../../platform/i18n/resources.server";
import { accepted } from "../errors.server";
import { errorResponse, LocaleQuery } from "./schemas";

/**
 * The returns API for the app (`/app/returns/`, issue 16): the signed-in customer's returns, what an order
 * offers to return, asking for a return, the withdrawal's two steps, and the printable label. The same
 * domain calls and form schema as the pages; signed in by the session cookie or a bearer token. Guests
 * return through `/returns/` (the throttled order lookup), not here.
 */

const ok = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { "application/json": { schema } },
});
const signedOut = errorResponse("Not signed in (`errors.signInRequired`)");
const notFound = errorResponse("No such order or return of this customer (`returns:errors.orderNotFound`)");
const query = { query: z.object({ locale: LocaleQuery }) };
const orderParam = z.object({ number: z.string().openapi({ example: "123456789" }) });
const returnParam = z.object({ number: z.string().openapi({ example: "R123456789" }) });
const statuses = [
  "requested",
  "in_transit",
  "received",
  "refunded",
  "partially_refunded",
  "rejected",
  "canceled",
] as const;

const ReturnSchema = z
  .object({
    number: z.string(),
    orderNumber: z.string(),
    kind: z.enum(["return", "withdrawal"]),
    status: z.enum(statuses),
    method: z.enum(returnMethods),
    feeCents: z.number().int(),
    shippingRefundCents: z.number().int(),
    refundToWallet: z.boolean(),
    refundedCents: z.number().int(),
    createdAt: z.string(),
    receivedAt: z.string().nullable(),
    refundDueAt: z.string().nullable(),
    labelUrl: z
      .string()
      .nullable()
      .openapi({ description: "The printable label (PDF) while the parcel is still to be sent" }),
    lines: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        size: z.string(),
        colour: z.string(),
        quantity: z.number().int(),
        reason: z.string(),
        outcome: z.enum(["pending", "accepted", "rejected"]),
        rejectReason: z.string().nullable(),
        refundCents: z.number().int(),
        exchange: z.object({ size: z.string(), state: z.enum(["held", "shipped", "released"]) }).nullable(),
      }),
    ),
    timeline: z.array(
      z.object({
        from: z.enum(statuses).nullable(),
        to: z.enum(statuses),
        actor: z.string(),
        at: z.string(),
      }),
    ),
  })
  .openapi("Return");

const ReturnOptionsSchema = z
  .object({
    orderNumber: z.string(),
    lines: z.array(
      z.object({
        orderLineId: z.number().int(),
        name: z.string(),
        size: z.string(),
        colour: z.string(),
        imageUrl: z.string().nullable(),
        bought: z.number().int(),
        left: z.number().int().openapi({ description: "Units not returned yet" }),
        otherSizes: z.array(
          z.object({ variantId: z.number().int(), size: z.string(), inStock: z.boolean() }),
        ),
      }),
    ),
    returnWindow: z.object({ open: z.boolean(), closesAt: z.string().nullable() }),
    withdrawalOpen: z.boolean(),
    feeCents: z.number().int().openapi({ description: "The country's return fee (not for exchanges)" }),
    canUseWallet: z.boolean(),
  })
  .openapi("ReturnOptions");

const ReturnRequest = z
  .object({
    number: z.string().openapi({ description: "The order number" }),
    method: z.enum(returnMethods),
    refundToWallet: z.boolean().optional(),
    lines: z.array(
      z.object({
        orderLineId: z.number().int(),
        quantity: z.number().int().openapi({ description: "0 keeps the line" }),
        reason: z.enum(returnReasons).optional(),
        exchangeVariantId: z.number().int().optional(),
      }),
    ),
    idempotencyKey: z.string().optional().openapi({ description: "The same key answers the same return" }),
  })
  .openapi("ReturnRequest");

const WithdrawalDraftSchema = z
  .object({
    statement: z.object({
      name: z.string(),
      email: z.string(),
      orderNumber: z.string(),
      orderedOn: z.string(),
    }),
    lines: z.array(z.object({ name: z.string(), size: z.string(), quantity: z.number().int() })),
  })
  .openapi("WithdrawalDraft");

const tags = ["Returns"];
const routes = {
  list: createRoute({
    method: "get",
    path: "/v1/returns",
    tags,
    summary: "The signed-in customer's returns and withdrawals, newest first",
    request: query,
    responses: { 200: ok("Returns", z.array(ReturnSchema)), 401: signedOut },
  }),
  get: createRoute({
    method: "get",
    path: "/v1/returns/{number}",
    tags,
    summary: "One of the customer's returns, with its lines and timeline",
    request: { ...query, params: returnParam },
    responses: { 200: ok("The return", ReturnSchema), 401: signedOut, 404: notFound },
  }),
  label: createRoute({
    method: "get",
    path: "/v1/returns/{number}/label",
    tags,
    summary: "The printable return label (PDF, A6)",
    description:
      "For the customer who owns the return, or with the `key` of the label link in the return e-mail.",
    request: {
      query: z.object({ locale: LocaleQuery.optional(), key: z.string().optional() }),
      params: returnParam,
    },
    responses: {
      200: { description: "The label", content: { "application/pdf": { schema: z.string() } } },
      404: notFound,
    },
  }),
  options: createRoute({
    method: "get",
    path: "/v1/orders/{number}/return-options",
    tags,
    summary: "What an order offers to return: lines with units left and other sizes, windows, fee",
    request: { ...query, params: orderParam },
    responses: { 200: ok("The options", ReturnOptionsSchema), 401: signedOut, 404: notFound },
  }),
  request: createRoute({
    method: "post",
    path: "/v1/returns",
    tags,
    summary: "Ask for a return: units and a reason per line, and a way back (QR drop-off, label, exchange)",
    description:
      "Refused with a translated message (and nothing written) outside the window (409 `returns:errors.windowClosed`), for someone else's order (404), for more units than are left (409 `returns:errors.tooMany`) or an exchange size that is gone (409).",
    request: {
      ...query,
      body: { content: { "application/json": { schema: ReturnRequest } }, required: true },
    },
    responses: {
      201: ok("The return, with its QR code's number and label link", ReturnSchema),
      400: errorResponse("Invalid input, with a translated message per field in `details.fields`"),
      401: signedOut,
      404: notFound,
      409: errorResponse("Refused by the return rules"),
    },
  }),
  withdrawalDraft: createRoute({
    method: "get",
    path: "/v1/orders/{number}/withdrawal",
    tags,
    summary: "Step 1 of the withdrawal function: the statement, prefilled from the order",
    request: { ...query, params: orderParam },
    responses: {
      200: ok("The statement to confirm", WithdrawalDraftSchema),
      401: signedOut,
      404: notFound,
      409: errorResponse("The withdrawal period has ended (`returns:errors.withdrawalClosed`)"),
    },
  }),
  withdraw: createRoute({
    method: "post",
    path: "/v1/orders/{number}/withdrawal",
    tags,
    summary: "Step 2: confirm the withdrawal; the receipt (content, date and time) is e-mailed at once",
    request: {
      ...query,
      params: orderParam,
      body: {
        content: {
          "application/json": {
            schema: z
              .object({ confirm: z.literal(true), idempotencyKey: z.string().optional() })
              .openapi("WithdrawalConfirmation"),
          },
        },
        required: true,
      },
    },
    responses: {
      201: ok("The withdrawal (a return of every unit not returned yet)", ReturnSchema),
      401: signedOut,
      404: notFound,
      409: errorResponse("The withdrawal period has ended, or everything was returned already"),
    },
  }),
};

async function customer(c: Context<AppEnv>): Promise<Requester & { kind: "customer" }> {
  c.header("cache-control", "private, no-store");
  const visitor = await requireCustomer(c.req.raw);
  return { kind: "customer", userId: visitor.id };
}

async function ownReturn(number: string, userId: string, locale: Locale) {
  const ret = await returnByNumber(number.toUpperCase());
  if (!ret || ret.userId !== userId) throw httpErrors.notFound();
  return toApi(ret, locale);
}

function toApi(ret: NonNullable<Awaited<ReturnType<typeof returnByNumber>>>, locale: Locale) {
  const view = toReturnView(ret);
  const toSend = view.status === "requested" || view.status === "in_transit";
  return {
    ...view,
    labelUrl: toSend && view.method !== "exchange" ? returnLabelPath(view.number, locale) : null,
    lines: view.lines.map(({ orderLineId: _o, imageUrl: _i, exchangeVariantId: _e, ...line }) => line),
    timeline: view.timeline.map(({ note: _n, ...event }) => event),
  };
}

/** The return form's schema over a JSON body: the lines as the page's `lines[i].field` names. */
function parseRequest(body: z.infer<typeof ReturnRequest>, locale: Locale) {
  const form = new URLSearchParams({ number: body.number, method: body.method });
  if (body.refundToWallet) form.set("refundToWallet", "on");
  body.lines.forEach((line, index) => {
    for (const [name, value] of Object.entries(line))
      if (value !== undefined) form.set(`lines[${index}].${name}`, String(value));
  });
  const parsed = parseShopForm(form, ReturnRequestSchema);
  if (parsed.status === "success") return parsed.value;
  const t = translator(locale);
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(parsed.error ?? {}))
    if (messages?.length) fields[name] = messages.map((m) => translateMessage(t, m));
  throw httpErrors.badRequest({ target: "json", fields });
}

export function registerReturnRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(routes.list, async (c) => {
    const { locale } = c.req.valid("query");
    const me = await customer(c);
    const orders = await ordersOfCustomer(me.userId);
    const returns = await returnsOfCustomer(orders.map((o) => o.number));
    return c.json(
      returns.map((r) => toApi(r, locale)),
      200,
    );
  });

  api.openapi(routes.get, async (c) => {
    const { locale } = c.req.valid("query");
    const me = await customer(c);
    return c.json(await ownReturn(c.req.valid("param").number, me.userId, locale), 200);
  });

  api.openapi(routes.label, async (c) => {
    const { key, locale } = c.req.valid("query");
    const number = c.req.valid("param").number.toUpperCase();
    const ret = await returnByNumber(number);
    if (!ret) throw httpErrors.notFound();
    const { visitor } = await checkSession(c.req.raw);
    const mine = visitor !== null && visitor.id === ret.userId;
    if (!mine && !(key && isReturnLabelKey(number, key))) throw httpErrors.notFound();
    const pdf = await returnLabelPdf(ret, locale ?? ret.locale);
    return new Response(Buffer.from(pdf), {
      status: 200,
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="return-label-${number}.pdf"`,
        "cache-control": "private, no-store",
      },
    }) as never;
  });

  api.openapi(routes.options, async (c) => {
    const { locale } = c.req.valid("query");
    const me = await customer(c);
    const options = accepted(c, await returnOptions(c.req.valid("param").number, me), locale);
    return c.json(options, 200);
  });

  api.openapi(routes.request, async (c) => {
    const { locale } = c.req.valid("query");
    const me = await customer(c);
    const body = c.req.valid("json");
    const input = parseRequest(body, locale);
    const made = accepted(
      c,
      await requestReturn({ ...input, idempotencyKey: body.idempotencyKey ?? randomUUID() }, me),
      locale,
    );
    return c.json(await ownReturn(made.number, me.userId, locale), 201);
  });

  api.openapi(routes.withdrawalDraft, async (c) => {
    const { locale } = c.req.valid("query");
    const me = await customer(c);
    return c.json(accepted(c, await withdrawalDraft(c.req.valid("param").number, me), locale), 200);
  });

  api.openapi(routes.withdraw, async (c) => {
    const { locale } = c.req.valid("query");
    const me = await customer(c);
    const { idempotencyKey } = c.req.valid("json");
    const done = accepted(
      c,
      await withdrawFromOrder(
        { number: c.req.valid("param").number, idempotencyKey: idempotencyKey ?? randomUUID() },
        me,
      ),
      locale,
    );
    return c.json(await ownReturn(done.number, me.userId, locale), 201);
  });
}
