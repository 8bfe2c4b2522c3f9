import { randomBytes } from "node:crypto";
import { HttpResponse, http } from "msw";

/**
 * MSW handlers that play Mollie's Payments API v2 as documented (create payment, get payment, create
 * refund): Bearer API keys, amounts as `{ currency, value: "12.34" }`, 422 errors naming the field,
 * `Idempotency-Key` replays, `_links.checkout` while a payment is open. Tests drive the payment's status
 * as the shopper would on Mollie's hosted page (`setStatus`).
 */
export const MOLLIE_API = "https://api.mollie.com/v2";

type Amount = { currency: string; value: string };
interface FakePayment {
  resource: "payment";
  id: string;
  mode: "test" | "live";
  createdAt: string;
  status: string;
  amount: Amount;
  amountRefunded: Amount;
  amountRemaining: Amount;
  description: string;
  method: string | null;
  issuer?: string;
  locale?: string;
  metadata: unknown;
  redirectUrl: string;
  webhookUrl?: string;
  expiresAt?: string;
  paidAt?: string;
  profileId: string;
  sequenceType: "oneoff";
}

const cents = (value: string) => Math.round(Number(value) * 100);
const amount = (value: number): Amount => ({ currency: "EUR", value: (value / 100).toFixed(2) });
const id = (prefix: string) => `${prefix}_${randomBytes(5).toString("hex")}`;

function problem(status: number, title: string, detail: string, field?: string) {
  return HttpResponse.json(
    {
      status,
      title,
      detail,
      ...(field ? { field } : {}),
      _links: {
        documentation: { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" },
      },
    },
    { status, headers: { "content-type": "application/hal+json" } },
  );
}

const METHODS = new Set([
  "creditcard",
  "ideal",
  "bancontact",
  "klarna",
  "riverty",
  "applepay",
  "giftcard",
  "voucher",
]);

export function createFakeMollie(options: { apiKey?: string } = {}) {
  const payments = new Map<string, FakePayment>();
  const refunds: { id: string; paymentId: string; amount: Amount; description?: string }[] = [];
  const replays = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; body: unknown; idempotencyKey: string | null }[] = [];
  /** Answer every request with this status instead (outage simulation). */
  let outage: number | null = null;

  const authorised = (request: Request) => {
    const header = request.headers.get("authorization") ?? "";
    return options.apiKey ? header === `Bearer ${options.apiKey}` : /^Bearer (test|live)_\w+$/.test(header);
  };

  const view = (payment: FakePayment) => {
    const links: Record<string, { href: string; type: string }> = {
      self: { href: `${MOLLIE_API}/payments/${payment.id}`, type: "application/hal+json" },
      dashboard: { href: `https://my.mollie.com/dashboard/payments/${payment.id}`, type: "text/html" },
    };
    if (payment.status === "open")
      links.checkout = {
        href: `https://www.mollie.com/checkout/select-method/${payment.id}`,
        type: "text/html",
      };
    return { ...payment, _links: links };
  };

  async function guarded(
    request: Request,
    work: (body: Record<string, unknown>) => Promise<Response> | Response,
  ) {
    const body =
      request.method === "GET" ? {} : ((await request.json().catch(() => ({}))) as Record<string, unknown>);
    const key = request.headers.get("idempotency-key");
    requests.push({ method: request.method, path: new URL(request.url).pathname, body, idempotencyKey: key });
    if (outage) return problem(outage, "Internal Server Error", "Mollie is having a bad day");
    if (!authorised(request))
      return problem(401, "Unauthorized Request", "Missing authentication, or failed to authenticate");
    const replayKey = key ? `${request.method} ${new URL(request.url).pathname} ${key}` : null;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return HttpResponse.json(replay.body as never, { status: replay.status });
    const response = await work(body);
    if (replayKey && response.status < 500)
      replays.set(replayKey, { status: response.status, body: await response.clone().json() });
    return response;
  }

  const handlers = [
    http.post(`${MOLLIE_API}/payments`, ({ request }) =>
      guarded(request, (body) => {
        const given = body.amount as Amount | undefined;
        if (given?.currency !== "EUR" || !/^\d+\.\d{2}$/.test(String(given.value)))
          return problem(422, "Unprocessable Entity", "The amount is invalid", "amount.value");
        if (typeof body.description !== "string" || !body.description)
          return problem(422, "Unprocessable Entity", "The description is invalid", "description");
        if (typeof body.redirectUrl !== "string")
          return problem(422, "Unprocessable Entity", "The redirect URL is invalid", "redirectUrl");
        if (body.method !== undefined && !METHODS.has(String(body.method)))
          return problem(422, "Unprocessable Entity", "The payment method is invalid", "method");
        const payment: FakePayment = {
          resource: "payment",
          id: id("tr"),
          mode: "test",
          createdAt: new Date().toISOString(),
          status: "open",
          amount: given,
          amountRefunded: amount(0),
          amountRemaining: given,
          description: body.description,
          method: (body.method as string | undefined) ?? null,
          issuer: body.issuer as string | undefined,
          locale: body.locale as string | undefined,
          metadata: body.metadata ?? null,
          redirectUrl: body.redirectUrl,
          webhookUrl: body.webhookUrl as string | undefined,
          expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
          profileId: "pfl_fake",
          sequenceType: "oneoff",
        };
        payments.set(payment.id, payment);
        return HttpResponse.json(view(payment), { status: 201 });
      }),
    ),

    http.get(`${MOLLIE_API}/payments/:id`, ({ request, params }) =>
      guarded(request, () => {
        const payment = payments.get(String(params.id));
        if (!payment) return problem(404, "Not Found", `No payment exists with token ${params.id}`);
        return HttpResponse.json(view(payment));
      }),
    ),

    http.post(`${MOLLIE_API}/payments/:id/refunds`, ({ request, params }) =>
      guarded(request, (body) => {
        const payment = payments.get(String(params.id));
        if (!payment) return problem(404, "Not Found", `No payment exists with token ${params.id}`);
        const given = body.amount as Amount | undefined;
        if (!given || !/^\d+\.\d{2}$/.test(String(given.value)))
          return problem(422, "Unprocessable Entity", "The amount is invalid", "amount.value");
        if (payment.status !== "paid")
          return problem(422, "Unprocessable Entity", "The payment cannot be refunded");
        if (cents(given.value) > cents(payment.amountRemaining.value))
          return problem(
            422,
            "Unprocessable Entity",
            "The amount is higher than the refundable amount",
            "amount",
          );
        const refund = {
          id: id("re"),
          paymentId: payment.id,
          amount: given,
          description: body.description as string,
        };
        refunds.push(refund);
        payment.amountRefunded = amount(cents(payment.amountRefunded.value) + cents(given.value));
        payment.amountRemaining = amount(cents(payment.amount.value) - cents(payment.amountRefunded.value));
        return HttpResponse.json(
          { resource: "refund", ...refund, status: "pending", createdAt: new Date().toISOString() },
          { status: 201 },
        );
      }),
    ),
  ];

  return {
    handlers,
    payments,
    refunds,
    requests,
    /** What the shopper's choice on Mollie's hosted page leads to. */
    setStatus(
      paymentId: string,
      status: "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired",
    ) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no fake Mollie payment ${paymentId}`);
      payment.status = status;
      if (status === "paid") payment.paidAt = new Date().toISOString();
    },
    setOutage(status: number | null) {
      outage = status;
    },
  };
}
