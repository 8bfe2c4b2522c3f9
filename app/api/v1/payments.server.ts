import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  availablePaymentMethods,
  createPayment,
  idealIssuers,
  type PaymentRecord,
  paymentById,
  paymentMethodInfo,
  paymentMethods,
  refundPayment,
  syncPayment,
} from "../../domains/payments/payments.server";
import { checkSession, isStaff } from "../../platform/auth/session.server";
import { env } from "../../platform/env.server";
import { countries } from "../../platform/forms/validators";
import { ApiError } from "../../platform/http/api-error";
import type { AppEnv } from "../../platform/http/middleware.server";
import { locales } from "../../platform/i18n/locales";
import { serverI18n } from "../../platform/i18n/resources.server";
import { isRefusal } from "../../platform/refusal";
import { apiRefusal, sendApiError } from "../errors.server";
import { errorResponse, LocaleQuery } from "./schemas";

const MethodSchema = z.enum(paymentMethods);
const StatusSchema = z.enum(["open", "paid", "failed", "canceled", "expired"]);

const PaymentMethodOptionSchema = z
  .object({
    id: MethodSchema,
    label: z.string(),
    description: z.string(),
    mark: z.string().openapi({ description: "The text mark the shop shows for the method" }),
    issuers: z
      .array(z.object({ id: z.string(), name: z.string() }))
      .optional()
      .openapi({ description: "iDEAL: the banks to choose from" }),
    needsApplePay: z
      .boolean()
      .openapi({ description: "Offer only where the device supports Apple Pay (JS version 12)" }),
    payLater: z.boolean(),
  })
  .openapi("PaymentMethodOption");

const PaymentMethodsSchema = z
  .object({
    methods: z.array(PaymentMethodOptionSchema),
    message: z.string().nullable().openapi({
      description: "When no method is available: 'No payment methods available, contact service'",
    }),
  })
  .openapi("PaymentMethods");

const PaymentSchema = z
  .object({
    id: z.string(),
    status: StatusSchema,
    method: MethodSchema,
    amountCents: z.number().int(),
    refundedCents: z.number().int(),
    currency: z.literal("EUR"),
    checkoutUrl: z
      .string()
      .nullable()
      .openapi({ description: "The hosted payment page while the payment is open" }),
    paidAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .openapi("Payment");

const RefundSchema = z
  .object({
    id: z.string(),
    paymentId: z.string(),
    amountCents: z.number().int(),
    status: z.enum(["pending", "refunded", "failed"]),
    reason: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("Refund");

const IdempotencyHeader = z.object({
  "idempotency-key": z
    .string()
    .min(8)
    .max(200)
    .openapi({
      param: { name: "idempotency-key", in: "header" },
      description: "The same key answers the same result",
    }),
});

const PaymentIdParam = z.object({
  id: z
    .string()
    .regex(/^pay_[\w-]{1,40}$/)
    .openapi({ param: { name: "id", in: "path" }, example: "pay_3q9cXbq1x2m7Yb0uZk9a" }),
});

const getMethods = createRoute({
  method: "get",
  path: "/v1/payment-methods",
  summary: "The payment methods offered for a delivery country and amount",
  description:
    "From the operator setting `payments.methods` and the active provider. Gift cards and wallet credit are not provider methods.",
  request: {
    query: z.object({
      country: z.enum(countries).openapi({ example: "NL" }),
      amount: z.coerce
        .number()
        .int()
        .min(0)
        .max(100_000_000)
        .openapi({ description: "Amount in cents", example: 5995 }),
      locale: LocaleQuery,
    }),
  },
  responses: {
    200: {
      description: "The methods, in display order",
      content: { "application/json": { schema: PaymentMethodsSchema } },
    },
    400: errorResponse("Not a valid country or amount"),
  },
});

const getPayment = createRoute({
  method: "get",
  path: "/v1/payments/{id}",
  summary: "Follow a payment",
  description:
    "The payment's status. While it is open, the provider is asked for its true status first (as the return page does), so the app sees a payment as soon as the shopper finished it. The id is an unguessable capability handed out when the payment was created.",
  request: { params: PaymentIdParam },
  responses: {
    200: { description: "The payment", content: { "application/json": { schema: PaymentSchema } } },
    404: errorResponse("No such payment"),
  },
});

const CreatePaymentSchema = z
  .object({
    purpose: z.literal("order"),
    reference: z.string().min(1).max(40).openapi({ description: "The order number", example: "123456789" }),
    amountCents: z.number().int().positive().max(100_000_000),
    method: MethodSchema,
    issuer: z.string().max(40).optional(),
    locale: z.enum(locales),
    description: z.string().min(1).max(255),
    returnUrl: z.string().max(2000).openapi({ description: "A page of this shop (absolute or a path)" }),
  })
  .openapi("NewPayment");

const postPayment = createRoute({
  method: "post",
  path: "/v1/payments",
  summary: "Create a payment link (staff)",
  description:
    "Support staff ask a customer to pay an amount for an order through the provider's hosted page. Orders create their own payments when they are placed; this is for payments arranged by customer service.",
  request: {
    headers: IdempotencyHeader,
    body: { required: true, content: { "application/json": { schema: CreatePaymentSchema } } },
  },
  responses: {
    201: {
      description: "The payment and its hosted page",
      content: {
        "application/json": {
          schema: z.object({ paymentId: z.string(), checkoutUrl: z.string() }).openapi("PaymentLink"),
        },
      },
    },
    400: errorResponse("Not a valid payment"),
    401: errorResponse("Not signed in"),
    403: errorResponse("Not staff"),
    409: errorResponse("The idempotency key was used for another payment"),
    503: errorResponse("The payment provider is unavailable"),
  },
});

const postRefund = createRoute({
  method: "post",
  path: "/v1/payments/{id}/refunds",
  summary: "Refund (part of) a paid payment (staff)",
  request: {
    params: PaymentIdParam,
    headers: IdempotencyHeader,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .object({
              amountCents: z.number().int().positive().max(100_000_000),
              reason: z.string().max(255).optional(),
            })
            .openapi("NewRefund"),
        },
      },
    },
  },
  responses: {
    201: { description: "The refund", content: { "application/json": { schema: RefundSchema } } },
    401: errorResponse("Not signed in"),
    403: errorResponse("Not staff"),
    404: errorResponse("No such payment"),
    400: errorResponse("More than what is left to refund (`details.leftCents`)"),
    402: errorResponse("The provider refused the refund; nothing was refunded"),
    409: errorResponse("The payment is not paid, or the key was used for another refund"),
    503: errorResponse("The provider did not confirm the refund yet: send it again with the same key"),
  },
});

const notFound = () => new ApiError(404, "errors.notFound", "This payment could not be found.");

/** Customer service and admins may create payment links and refund. */
async function requireSupport(c: Context<AppEnv>): Promise<string> {
  const { visitor } = await checkSession(c.req.raw);
  if (!visitor) throw new ApiError(401, "errors.signInRequired", "Please sign in.");
  if (!isStaff(visitor, "support")) throw new ApiError(403, "errors.forbidden", "This is for staff only.");
  return visitor.id;
}

/** Only pages of this shop: a payment link must not send shoppers elsewhere after paying. */
function ownUrl(value: string): string | null {
  const base = new URL(env().BASE_URL);
  try {
    const url = new URL(value, base);
    return url.origin === base.origin ? url.toString() : null;
  } catch {
    return null;
  }
}

function paymentView(payment: PaymentRecord) {
  return {
    id: payment.id,
    status: payment.status,
    method: payment.method,
    amountCents: payment.amountCents,
    refundedCents: payment.refundedCents,
    currency: payment.currency,
    checkoutUrl: payment.status === "open" ? payment.checkoutUrl : null,
    paidAt: payment.paidAt?.toISOString() ?? null,
    expiresAt: payment.expiresAt?.toISOString() ?? null,
  };
}

export function registerPaymentRoutes(api: OpenAPIHono<AppEnv>) {
  api.openapi(getMethods, async (c) => {
    const { country, amount, locale } = c.req.valid("query");
    const { t } = serverI18n(locale);
    const methods = await availablePaymentMethods({ country, amountCents: amount });
    c.header("cache-control", "private, max-age=60");
    return c.json(
      {
        methods: methods.map((id) => {
          const info = paymentMethodInfo[id];
          return {
            id,
            label: t(`payments:${info.labelKey}`),
            description: t(`payments:${info.descriptionKey}`),
            mark: info.mark,
            ...(info.hasIssuers ? { issuers: idealIssuers.map(({ id, name }) => ({ id, name })) } : {}),
            needsApplePay: info.needsApplePay,
            payLater: info.payLater,
          };
        }),
        message: methods.length === 0 ? t("payments:errors.noMethods") : null,
      },
      200,
    );
  });

  api.openapi(getPayment, async (c) => {
    const { id } = c.req.valid("param");
    // A provider that cannot be reached now still leaves the last known status to answer with.
    const synced = await syncPayment(id).catch(() => null);
    const payment = synced && !isRefusal(synced) ? synced : await paymentById(id);
    if (!payment) return sendApiError(c, notFound()) as never;
    c.header("cache-control", "private, no-store");
    return c.json(paymentView(payment), 200);
  });

  api.openapi(postPayment, async (c) => {
    await requireSupport(c);
    const body = c.req.valid("json");
    const returnUrl = ownUrl(body.returnUrl);
    if (!returnUrl) {
      throw new ApiError(400, "errors.invalidInput", "The request is not valid.", {
        fields: { returnUrl: ["Must be a page of this shop"] },
      });
    }
    const created = await createPayment({
      ...body,
      returnUrl,
      idempotencyKey: `staff:${c.req.valid("header")["idempotency-key"]}`,
    });
    if (isRefusal(created)) throw apiRefusal(created, body.locale);
    return c.json(created, 201);
  });

  api.openapi(postRefund, async (c) => {
    await requireSupport(c);
    const { id } = c.req.valid("param");
    if (!(await paymentById(id))) return sendApiError(c, notFound()) as never;
    const refund = await refundPayment({
      paymentId: id,
      amountCents: c.req.valid("json").amountCents,
      reason: c.req.valid("json").reason,
      idempotencyKey: `staff:${c.req.valid("header")["idempotency-key"]}`,
    });
    if (isRefusal(refund)) throw apiRefusal(refund);
    return c.json({ ...refund, createdAt: refund.createdAt.toISOString() }, 201);
  });
}
