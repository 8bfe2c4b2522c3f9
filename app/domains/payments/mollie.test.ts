import { execFileSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { createFakeMollie } from "../../../tests/support/msw/mollie";
import { accepted } from "../../../tests/support/refusal";
import type { Connection, Database } from "../../platform/db/db.server";
import { createMollieProvider, statusOf } from "./mollie.server";
import {
  availablePaymentMethods,
  configurePaymentProviders,
  createPayment,
  handlePaymentWebhook,
  onPaymentStatus,
  paymentById,
  refundPayment,
  syncPayment,
} from "./payments.server";
import { payments } from "./tables.server";

const API_KEY = "test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM";
const mollie = createFakeMollie({ apiKey: API_KEY });
const server = setupServer(...mollie.handlers);
let connection: Connection;
let db: Database;
const calls: string[] = [];
let stop: () => void;

beforeAll(async () => {
  server.listen({ onUnhandledFrame: "error" });
  connection = await freshDatabase();
  db = connection.db;
  configurePaymentProviders({
    providers: { mollie: createMollieProvider({ apiKey: API_KEY }) },
    active: "mollie",
  });
  stop = onPaymentStatus("order", async (_tx, payment) => {
    calls.push(`${payment.id}:${payment.status}`);
  });
});
afterEach(() => {
  mollie.setOutage(null);
  calls.length = 0;
});
afterAll(async () => {
  stop();
  configurePaymentProviders({});
  server.close();
  await connection.close();
});

let n = 0;
function order(overrides: Partial<Parameters<typeof createPayment>[0]> = {}) {
  n++;
  return {
    purpose: "order" as const,
    reference: `50000000${n}`,
    amountCents: 5_995,
    method: "ideal" as const,
    issuer: "ideal_INGBNL2A",
    locale: "nl" as const,
    description: `Bestelling 50000000${n}`,
    returnUrl: `http://localhost:3000/nl/orderbevestiging/?order=50000000${n}`,
    idempotencyKey: `mollie-order-${n}`,
    ...overrides,
  };
}

const webhook = (id: string) =>
  new Request("http://localhost:3000/webhooks/payments/mollie", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ id }).toString(),
  });

describe("the Mollie adapter", () => {
  it("makes its client under Node's own module loader, as the built server runs it", () => {
    // Vitest bundles the package's ES module; the built server gets its CommonJS build from Node.
    const script = `import { createMollieProvider } from "./app/domains/payments/mollie.server.ts";
      console.log(createMollieProvider({ apiKey: "${API_KEY}" }).name);`;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    expect(out.trim()).toBe("mollie");
  });

  it("creates a payment with method, issuer, amount, locale, redirect and webhook URLs and metadata", async () => {
    const input = order();
    const { paymentId, checkoutUrl } = accepted(await createPayment(input));
    const payment = (await paymentById(paymentId))!;
    expect(payment).toMatchObject({
      provider: "mollie",
      providerId: expect.stringMatching(/^tr_/),
      status: "open",
    });
    expect(checkoutUrl).toBe(`https://www.mollie.com/checkout/select-method/${payment.providerId}`);
    const sent = mollie.requests.find((r) => r.method === "POST" && r.path === "/v2/payments");
    expect(sent?.body).toMatchObject({
      amount: { currency: "EUR", value: "59.95" },
      description: input.description,
      method: "ideal",
      issuer: "ideal_INGBNL2A",
      locale: "nl_NL",
      redirectUrl: input.returnUrl,
      webhookUrl: "http://localhost:3000/webhooks/payments/mollie",
      metadata: { paymentId, purpose: "order", reference: input.reference },
    });
    expect(sent?.idempotencyKey).toBe(input.idempotencyKey);
    expect(payment.expiresAt).toBeInstanceOf(Date);
  });

  it("asks Mollie once per idempotency key, and maps Fashioncheque onto Mollie's gift card method", async () => {
    const input = order({ method: "fashioncheque", issuer: undefined });
    const first = await createPayment(input);
    const again = await createPayment(input);
    expect(again).toEqual(first);
    const created = mollie.requests.filter(
      (r) => r.method === "POST" && r.path === "/v2/payments" && r.idempotencyKey === input.idempotencyKey,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({ method: "giftcard", issuer: "fashioncheque" });
  });

  it("reads the status from the API on a webhook that carries only the id; duplicates and stale reads change nothing", async () => {
    const { paymentId } = accepted(await createPayment(order()));
    const providerId = (await paymentById(paymentId))!.providerId!;
    mollie.setStatus(providerId, "pending"); // waiting for the bank: still open to the shop
    expect((await handlePaymentWebhook("mollie", webhook(providerId))).status).toBe(200);
    expect((await paymentById(paymentId))?.status).toBe("open");

    mollie.setStatus(providerId, "paid");
    for (let i = 0; i < 3; i++)
      expect((await handlePaymentWebhook("mollie", webhook(providerId))).status).toBe(200);
    mollie.setStatus(providerId, "open");
    await handlePaymentWebhook("mollie", webhook(providerId));
    expect((await paymentById(paymentId))?.status).toBe("paid");
    expect(calls).toEqual([`${paymentId}:paid`]);
  });

  it("refuses a webhook without a payment id, and answers 200 for one it does not know", async () => {
    expect((await handlePaymentWebhook("mollie", webhook("not-an-id"))).status).toBe(401);
    expect((await handlePaymentWebhook("mollie", webhook("tr_unknown"))).status).toBe(200);
  });

  it("answers 503 to a webhook while Mollie cannot be read, so Mollie retries it", async () => {
    const { paymentId } = accepted(await createPayment(order()));
    const providerId = (await paymentById(paymentId))!.providerId!;
    mollie.setStatus(providerId, "paid");
    mollie.setOutage(500);
    expect((await handlePaymentWebhook("mollie", webhook(providerId))).status).toBe(503);
    expect((await paymentById(paymentId))?.status).toBe("open");
    mollie.setOutage(null);
    expect(accepted(await syncPayment(paymentId))?.status).toBe("paid");
  });

  it("refunds through Mollie's refunds API, partially and idempotently", async () => {
    const { paymentId } = accepted(await createPayment(order({ amountCents: 10_000 })));
    const providerId = (await paymentById(paymentId))!.providerId!;
    mollie.setStatus(providerId, "paid");
    await syncPayment(paymentId);

    const refund = accepted(
      await refundPayment({
        paymentId,
        amountCents: 2_550,
        idempotencyKey: "mollie-refund-1",
        reason: "Return",
      }),
    );
    expect(refund.status).toBe("refunded");
    await refundPayment({ paymentId, amountCents: 2_550, idempotencyKey: "mollie-refund-1" });
    expect(mollie.refunds).toEqual([
      expect.objectContaining({
        paymentId: providerId,
        amount: { currency: "EUR", value: "25.50" },
        description: "Return",
      }),
    ]);
    expect((await paymentById(paymentId))?.refundedCents).toBe(2_550);
  });

  it("releases the reserved amount when Mollie refuses a refund", async () => {
    const { paymentId } = accepted(await createPayment(order({ amountCents: 3_000 })));
    const providerId = (await paymentById(paymentId))!.providerId!;
    mollie.setStatus(providerId, "paid");
    await syncPayment(paymentId);
    // Mollie's own books already refunded part of it (say, in its dashboard), so our full refund is too much.
    mollie.payments.get(providerId)!.amountRemaining = { currency: "EUR", value: "10.00" };
    expect(
      await refundPayment({ paymentId, amountCents: 3_000, idempotencyKey: "mollie-refund-2" }),
    ).toMatchObject({
      kind: "payment-failed",
      messageKey: "payments:errors.refundFailed",
    });
    const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.refundedCents).toBe(0);
  });

  it("maps Mollie's statuses onto the shop's, and offers no Billink (Mollie has none)", async () => {
    expect(["open", "pending", "authorized", "paid", "failed", "canceled", "expired"].map(statusOf)).toEqual([
      "open",
      "open",
      "open",
      "paid",
      "failed",
      "canceled",
      "expired",
    ]);
    expect(await availablePaymentMethods({ country: "NL", amountCents: 5_000 })).not.toContain("billink");
    expect(await createPayment(order({ method: "billink", issuer: undefined }))).toMatchObject({
      kind: "unavailable",
    });
  });

  it("answers 'ordering unavailable' when Mollie is down or the key is refused", async () => {
    mollie.setOutage(503);
    expect(await createPayment(order())).toMatchObject({
      kind: "unavailable",
      messageKey: "payments:errors.unavailable",
    });
    mollie.setOutage(null);
    configurePaymentProviders({
      providers: { mollie: createMollieProvider({ apiKey: "test_wrongwrongwrongwrongwrong" }) },
      active: "mollie",
    });
    expect(await createPayment(order())).toMatchObject({ kind: "unavailable" });
    configurePaymentProviders({
      providers: { mollie: createMollieProvider({ apiKey: API_KEY }) },
      active: "mollie",
    });
  });
});
