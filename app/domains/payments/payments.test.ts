import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { accepted, acceptedAsync } from "../../../tests/support/refusal";
import type { Connection, Database } from "../../platform/db/db.server";
import { isRefusal } from "../../platform/refusal";
import { writeSetting } from "../content/content.server";
import { siteSettings } from "../content/tables.server";
import {
  availablePaymentMethods,
  createPayment,
  decideSandboxCheckout,
  handlePaymentWebhook,
  onPaymentStatus,
  type PaymentRecord,
  paymentById,
  paymentsOfReference,
  paymentTrail,
  reconcileOpenPayments,
  refundPayment,
  reserveRefund,
  sandboxCheckout,
  syncPayment,
} from "./payments.server";
import { expireSandboxPayments, SIGNATURE_HEADER, signWebhookBody } from "./sandbox/psp.server";
import { paymentEvents, paymentRefunds, payments, sandboxPayments } from "./tables.server";

let connection: Connection;
let db: Database;
const calls: { status: string; paymentId: string }[] = [];
let stopListening: () => void;

beforeAll(async () => {
  connection = await freshDatabase();
  db = connection.db;
  stopListening = onPaymentStatus("order", async (tx, payment) => {
    // The listener runs inside the transaction that applies the change, with the row already updated.
    const [row] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, payment.id));
    expect(row?.status).toBe(payment.status);
    calls.push({ status: payment.status, paymentId: payment.id });
  });
});
afterAll(async () => {
  stopListening();
  await connection.close();
});
afterEach(() => {
  calls.length = 0;
});

let counter = 0;
async function newPayment(overrides: Partial<Parameters<typeof createPayment>[0]> = {}) {
  counter++;
  const created = accepted(
    await createPayment({
      purpose: "order",
      reference: `10000000${counter}`,
      amountCents: 5_995,
      method: "ideal",
      issuer: "ideal_INGBNL2A",
      locale: "nl",
      description: `Order 10000000${counter}`,
      returnUrl: `http://localhost:3000/nl/orderbevestiging/?order=10000000${counter}`,
      idempotencyKey: `order-${counter}-${Math.random()}`,
      ...overrides,
    }),
  );
  const payment = (await paymentById(created.paymentId))!;
  return { ...created, payment, sandboxId: payment.providerId! };
}

function signedWebhook(sandboxId: string, signature?: string): Request {
  const body = JSON.stringify({ id: sandboxId });
  return new Request("http://localhost:3000/webhooks/payments/sandbox", {
    method: "POST",
    headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature ?? signWebhookBody(body) },
    body,
  });
}

/** Plays the PSP reporting `status` when asked, whatever it said before (a stale read, a replay). */
async function providerSays(sandboxId: string, status: PaymentRecord["status"]) {
  await db.update(sandboxPayments).set({ status }).where(eq(sandboxPayments.id, sandboxId));
}

describe("payment methods", () => {
  it("keeps the methods' setting a few seconds (every order reads it); a save shows at once", async () => {
    expect(await availablePaymentMethods({ country: "NL", amountCents: 5_000 })).toContain("klarna");
    const off = { klarna: { enabled: false, countries: [] } };
    await db
      .insert(siteSettings)
      .values({ key: "payments.methods", value: off })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: off } });
    expect(await availablePaymentMethods({ country: "NL", amountCents: 5_000 })).toContain("klarna");
    await writeSetting("payments.methods", off);
    expect(await availablePaymentMethods({ country: "NL", amountCents: 5_000 })).not.toContain("klarna");
    await writeSetting("payments.methods", {});
    expect(await availablePaymentMethods({ country: "NL", amountCents: 5_000 })).toContain("klarna");
  });
});

describe("createPayment", () => {
  it("writes the payment and answers the sandbox's hosted page", async () => {
    const { paymentId, checkoutUrl, payment, sandboxId } = await newPayment();
    expect(paymentId).toMatch(/^pay_[\w-]{20}$/);
    expect(checkoutUrl).toBe(`http://localhost:3000/sandbox-pay/${sandboxId}/`);
    expect(payment).toMatchObject({
      status: "open",
      provider: "sandbox",
      amountCents: 5_995,
      method: "ideal",
    });
    expect(payment.expiresAt).toBeInstanceOf(Date);
    const page = await sandboxCheckout(sandboxId);
    expect(page).toMatchObject({
      amountCents: 5_995,
      locale: "nl",
      status: "open",
      issuer: "ideal_INGBNL2A",
    });
  });

  it("answers the same payment for the same idempotency key, never a second one", async () => {
    const input = {
      purpose: "order" as const,
      reference: "200000001",
      amountCents: 1_000,
      method: "card" as const,
      locale: "en" as const,
      description: "Order 200000001",
      returnUrl: "http://localhost:3000/en/order-confirmation/?order=200000001",
      idempotencyKey: "place-order-200000001",
    };
    const [a, b] = await Promise.all([createPayment(input), createPayment(input)]);
    const c = await createPayment(input);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(await paymentsOfReference("order", "200000001")).toHaveLength(1);
    expect(
      await db.select().from(sandboxPayments).where(eq(sandboxPayments.idempotencyKey, input.idempotencyKey)),
    ).toHaveLength(1);

    expect(await createPayment({ ...input, amountCents: 2_000 })).toMatchObject({
      kind: "conflict",
      messageKey: "payments:errors.idempotencyMismatch",
    });
  });

  it("refuses amounts that are not positive whole cents", async () => {
    await expect(newPayment({ amountCents: 0 })).rejects.toThrow(RangeError);
    await expect(newPayment({ amountCents: 10.5 })).rejects.toThrow(RangeError);
  });
});

describe("webhooks", () => {
  it("refuses a bad signature with 401 and changes nothing", async () => {
    const { paymentId, sandboxId } = await newPayment();
    await decideSandboxCheckout(sandboxId, "paid");
    const forged = await handlePaymentWebhook("sandbox", signedWebhook(sandboxId, "0".repeat(64)));
    expect(forged.status).toBe(401);
    const unsigned = await handlePaymentWebhook("sandbox", signedWebhook(sandboxId, ""));
    expect(unsigned.status).toBe(401);
    const otherBody = new Request("http://localhost/webhooks/payments/sandbox", {
      method: "POST",
      headers: { [SIGNATURE_HEADER]: signWebhookBody(JSON.stringify({ id: "sbx_other" })) },
      body: JSON.stringify({ id: sandboxId }),
    });
    expect((await handlePaymentWebhook("sandbox", otherBody)).status).toBe(401);
    expect((await paymentById(paymentId))?.status).toBe("open");
    expect(await paymentTrail(paymentId)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("delivered three times and out of order (paid, open, failed), ends paid with one listener call", async () => {
    const { paymentId, sandboxId } = await newPayment();
    await decideSandboxCheckout(sandboxId, "paid", { issuer: "ideal_INGBNL2A" });
    // Three copies at once: one applies the change, the others wait for the row lock and find it done.
    const answers = await Promise.all(
      [1, 2, 3].map(() => handlePaymentWebhook("sandbox", signedWebhook(sandboxId))),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);

    await providerSays(sandboxId, "open"); // a stale read, delivered late
    expect((await handlePaymentWebhook("sandbox", signedWebhook(sandboxId))).status).toBe(200);
    await providerSays(sandboxId, "failed"); // a final status after paid
    expect((await handlePaymentWebhook("sandbox", signedWebhook(sandboxId))).status).toBe(200);

    const payment = await paymentById(paymentId);
    expect(payment).toMatchObject({ status: "paid" });
    expect(payment?.paidAt).toBeInstanceOf(Date);
    expect(calls).toEqual([{ status: "paid", paymentId }]);
    const trail = await paymentTrail(paymentId);
    expect(trail.map((e) => [e.source, e.outcome, e.toStatus])).toEqual([
      ["webhook", "applied", "paid"],
      ["webhook", "unchanged", "paid"],
      ["webhook", "unchanged", "paid"],
      ["webhook", "ignored", "open"],
      ["webhook", "ignored", "failed"],
    ]);
  });

  it("rolls the change back when the listener fails, so the provider's retry applies it again", async () => {
    const { paymentId, sandboxId } = await newPayment();
    await decideSandboxCheckout(sandboxId, "failed");
    const stop = onPaymentStatus("order", async () => {
      throw new Error("orders are down");
    });
    await expect(handlePaymentWebhook("sandbox", signedWebhook(sandboxId))).rejects.toThrow(
      "orders are down",
    );
    stop();
    expect((await paymentById(paymentId))?.status).toBe("open");
    expect((await handlePaymentWebhook("sandbox", signedWebhook(sandboxId))).status).toBe(200);
    expect((await paymentById(paymentId))?.status).toBe("failed");
    expect(calls.filter((c) => c.paymentId === paymentId)).toHaveLength(2); // the rolled-back one and the real one
  });

  it("answers 200 and logs a webhook for a payment it does not know", async () => {
    const response = await handlePaymentWebhook("sandbox", signedWebhook("sbx_nobody"));
    expect(response.status).toBe(200);
    const logged = await db.select().from(paymentEvents).where(eq(paymentEvents.providerId, "sbx_nobody"));
    expect(logged).toMatchObject([{ outcome: "unknown-payment", paymentId: null }]);
  });
});

describe("the return page and the sweeps", () => {
  it("syncPayment reads the provider's status when the webhook is late", async () => {
    const { paymentId, sandboxId } = await newPayment();
    expect(accepted(await syncPayment(paymentId))?.status).toBe("open");
    const decided = await decideSandboxCheckout(sandboxId, "canceled");
    expect(decided?.returnUrl).toMatch(/orderbevestiging/);
    expect(accepted(await syncPayment(paymentId))?.status).toBe("canceled");
    expect(accepted(await syncPayment(paymentId))?.status).toBe("canceled");
    expect(calls).toEqual([{ status: "canceled", paymentId }]);
    expect(await syncPayment("pay_unknown")).toBeNull();
  });

  it("deciding twice on the hosted page keeps the first decision", async () => {
    const { sandboxId } = await newPayment();
    expect(await decideSandboxCheckout(sandboxId, "paid")).toMatchObject({
      status: "paid",
      changed: true,
    });
    expect(await decideSandboxCheckout(sandboxId, "failed")).toMatchObject({
      status: "paid",
      changed: false,
    });
    expect(await decideSandboxCheckout("sbx_unknown", "paid")).toBeNull();
  });

  it("expires open sandbox payments after their expiry time, and the shop follows", async () => {
    const { paymentId, sandboxId, payment } = await newPayment();
    expect(await expireSandboxPayments(new Date(payment.expiresAt!.getTime() - 60_000))).toBe(0);
    expect(
      await expireSandboxPayments(new Date(payment.expiresAt!.getTime() + 1_000)),
    ).toBeGreaterThanOrEqual(1);
    expect((await sandboxCheckout(sandboxId))?.status).toBe("expired");
    expect((await handlePaymentWebhook("sandbox", signedWebhook(sandboxId))).status).toBe(200);
    expect((await paymentById(paymentId))?.status).toBe("expired");
    expect(calls).toEqual([{ status: "expired", paymentId }]);
  });

  it("reconciles open payments whose webhook never came", async () => {
    const { paymentId, sandboxId } = await newPayment();
    await decideSandboxCheckout(sandboxId, "paid");
    await db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(payments.id, paymentId));
    expect(await reconcileOpenPayments()).toBeGreaterThanOrEqual(1);
    expect((await paymentById(paymentId))?.status).toBe("paid");
    expect((await paymentTrail(paymentId)).map((e) => e.source)).toEqual(["reconcile"]);
  });
});

describe("refundPayment", () => {
  async function paidPayment(amountCents = 5_000) {
    const created = await newPayment({ amountCents });
    await decideSandboxCheckout(created.sandboxId, "paid");
    await syncPayment(created.paymentId);
    return created;
  }

  it("refunds part of a paid payment once per idempotency key, never more than was paid", async () => {
    const { paymentId, payment } = await paidPayment(5_000);
    const first = accepted(
      await refundPayment({
        paymentId,
        amountCents: 1_500,
        idempotencyKey: `r1-${paymentId}`,
        reason: "Returned a size M",
      }),
    );
    expect(first).toMatchObject({ status: "refunded", amountCents: 1_500, reason: "Returned a size M" });
    const again = accepted(
      await refundPayment({ paymentId, amountCents: 1_500, idempotencyKey: `r1-${paymentId}` }),
    );
    expect(again.id).toBe(first.id);
    expect((await paymentById(paymentId))?.refundedCents).toBe(1_500);

    expect(
      await refundPayment({ paymentId, amountCents: 3_501, idempotencyKey: `r2-${paymentId}` }),
    ).toMatchObject({
      kind: "invalid",
      messageKey: "payments:errors.refundTooMuch",
      values: { leftCents: 3_500 },
    });
    await refundPayment({ paymentId, amountCents: 3_500, idempotencyKey: `r3-${paymentId}` });
    const [listed] = await paymentsOfReference("order", payment.reference);
    expect(listed?.refundedCents).toBe(5_000);
    expect(listed?.refunds.map((r) => [r.amountCents, r.status])).toEqual([
      [1_500, "refunded"],
      [3_500, "refunded"],
    ]);
    // The PSP's books agree.
    const [psp] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, listed!.providerId!));
    expect(psp?.refundedCents).toBe(5_000);
  });

  it("asks the provider again for a refund reserved but never confirmed (the reconcile job)", async () => {
    const { paymentId } = await paidPayment(4_000);
    // Reserved, and then the process stopped before it asked the provider.
    const reserved = accepted(
      await reserveRefund({ paymentId, amountCents: 4_000, idempotencyKey: `lost-${paymentId}` }),
    );
    expect(reserved.status).toBe("pending");
    await reconcileOpenPayments();
    // Too recent to ask again: its own request may still be asking.
    expect(
      (await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, reserved.id)))[0]?.status,
    ).toBe("pending");
    await db
      .update(paymentRefunds)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(paymentRefunds.id, reserved.id));
    expect(await reconcileOpenPayments()).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, reserved.id));
    expect(row?.status).toBe("refunded");
    expect((await paymentById(paymentId))?.refundedCents).toBe(4_000);
  });

  it("refuses to refund a payment that is not paid", async () => {
    const { paymentId } = await newPayment();
    const refused = await refundPayment({ paymentId, amountCents: 100, idempotencyKey: `r-${paymentId}` });
    expect(isRefusal(refused)).toBe(true);
    expect(refused).toMatchObject({ kind: "conflict", messageKey: "payments:errors.refundNotPaid" });
  });

  it("refunds with the same key concurrently only once", async () => {
    const { paymentId } = await paidPayment(2_000);
    const key = `same-${paymentId}`;
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        acceptedAsync(refundPayment({ paymentId, amountCents: 2_000, idempotencyKey: key })),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect((await paymentById(paymentId))?.refundedCents).toBe(2_000);
  });
});

describe("availablePaymentMethods", () => {
  it("offers local methods in their country and pay-later within its limits", async () => {
    expect(await availablePaymentMethods({ country: "NL", amountCents: 5_000 })).toEqual([
      "ideal",
      "card",
      "applepay",
      "klarna",
      "afterpay",
      "billink",
      "fashioncheque",
    ]);
    expect(await availablePaymentMethods({ country: "BE", amountCents: 5_000 })).toContain("bancontact");
    expect(await availablePaymentMethods({ country: "BE", amountCents: 5_000 })).not.toContain("ideal");
    expect(await availablePaymentMethods({ country: "FR", amountCents: 5_000 })).toEqual([
      "card",
      "applepay",
    ]);
    expect(await availablePaymentMethods({ country: "NL", amountCents: 150_001 })).not.toContain("billink");
    expect(await availablePaymentMethods({ country: "NL", amountCents: 150_000 })).toContain("billink");
  });

  it("follows the operator setting, and falls back to the defaults when it is broken", async () => {
    await writeSetting("payments.methods", {
      card: { enabled: false, countries: ["NL", "BE", "FR", "ES"] },
      applepay: { enabled: false, countries: [] },
    });
    expect(await availablePaymentMethods({ country: "ES", amountCents: 5_000 })).toEqual([]);
    expect(await availablePaymentMethods({ country: "NL", amountCents: 5_000 })).toContain("ideal");
    await writeSetting("payments.methods", { card: { enabled: "yes" } });
    expect(await availablePaymentMethods({ country: "ES", amountCents: 5_000 })).toEqual([
      "card",
      "applepay",
    ]);
    await writeSetting("payments.methods", {});
  });
});
