import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInDemoAccounts } from "../../../tests/support/customers";
import { freshDatabase } from "../../../tests/support/database";
import { writeSetting } from "../../domains/content/content.server";
import { decideSandboxCheckout, paymentById } from "../../domains/payments/payments.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = createApi();
const cookies: Record<string, string> = {};

beforeAll(async () => {
  connection = await freshDatabase();
  Object.assign(cookies, await signedInDemoAccounts());
});
afterAll(() => connection.close());

const link = (body: Record<string, unknown>, options: { cookie?: string; key?: string } = {}) =>
  api.request("/v1/payments", {
    method: "POST",
    body: JSON.stringify({
      purpose: "order",
      reference: "700000001",
      amountCents: 2_995,
      method: "ideal",
      locale: "nl",
      description: "Bestelling 700000001",
      returnUrl: "/nl/",
      ...body,
    }),
    headers: {
      "content-type": "application/json",
      "idempotency-key": options.key ?? "support-link-0001",
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });

describe("GET /api/v1/payment-methods", () => {
  it("lists the methods of a country and amount with translated labels and iDEAL's banks", async () => {
    const response = await api.request("/v1/payment-methods?country=NL&amount=5995&locale=nl");
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      methods: { id: string; label: string; issuers?: unknown[]; needsApplePay: boolean }[];
      message: string | null;
    };
    expect(body.methods.map((m) => m.id)).toEqual([
      "ideal",
      "card",
      "applepay",
      "klarna",
      "afterpay",
      "billink",
      "fashioncheque",
    ]);
    expect(body.methods[1]?.label).toBe("Creditcard of debitcard");
    expect(body.methods[0]?.issuers?.length).toBeGreaterThan(5);
    expect(body.methods.find((m) => m.id === "applepay")?.needsApplePay).toBe(true);
    expect(body.message).toBeNull();
  });

  it("answers the spec's message when nothing is left, and 400 for a country the shop does not serve", async () => {
    await writeSetting("payments.methods", {
      card: { enabled: false, countries: [] },
      applepay: { enabled: false, countries: [] },
    });
    const none = (await (
      await api.request("/v1/payment-methods?country=ES&amount=5995&locale=es")
    ).json()) as {
      methods: unknown[];
      message: string;
    };
    expect(none.methods).toEqual([]);
    expect(none.message).toMatch(/atención al cliente/);
    await writeSetting("payments.methods", {});
    expect((await api.request("/v1/payment-methods?country=DE&amount=5995")).status).toBe(400);
  });
});

describe("payment links and following a payment", () => {
  it("are for customer service only", async () => {
    expect((await link({})).status).toBe(401);
    expect((await link({}, { cookie: cookies.customer })).status).toBe(403);
    expect((await link({}, { cookie: cookies.merchandiser })).status).toBe(403);
    expect((await link({ returnUrl: "https://evil.example/" }, { cookie: cookies.support })).status).toBe(
      400,
    );
  });

  it("creates one payment per idempotency key that the app can follow until it is paid", async () => {
    const first = await link({}, { cookie: cookies.support, key: "support-link-0002" });
    expect(first.status).toBe(201);
    const created = (await first.json()) as { paymentId: string; checkoutUrl: string };
    const again = (await (await link({}, { cookie: cookies.admin, key: "support-link-0002" })).json()) as {
      paymentId: string;
    };
    expect(again.paymentId).toBe(created.paymentId);

    const open = (await (await api.request(`/v1/payments/${created.paymentId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(open).toMatchObject({ status: "open", amountCents: 2_995, checkoutUrl: created.checkoutUrl });

    const sandboxId = (await paymentById(created.paymentId))!.providerId!;
    await decideSandboxCheckout(sandboxId, "paid");
    const paid = (await (await api.request(`/v1/payments/${created.paymentId}`)).json()) as Record<
      string,
      unknown
    >;
    expect(paid).toMatchObject({ status: "paid", checkoutUrl: null, paidAt: expect.any(String) });

    expect((await api.request("/v1/payments/pay_doesnotexist")).status).toBe(404);
    expect((await api.request("/v1/payments/not-an-id")).status).toBe(400);

    const refund = (key: string, amountCents: number, cookie = cookies.support) =>
      api.request(`/v1/payments/${created.paymentId}/refunds`, {
        method: "POST",
        body: JSON.stringify({ amountCents, reason: "Goodwill" }),
        headers: {
          "content-type": "application/json",
          "idempotency-key": key,
          ...(cookie ? { cookie } : {}),
        },
      });
    expect((await refund("refund-key-0001", 500, cookies.customer)).status).toBe(403);
    const done = await refund("refund-key-0001", 500);
    expect(done.status).toBe(201);
    expect(await done.json()).toMatchObject({ amountCents: 500, status: "refunded", reason: "Goodwill" });
    expect((await refund("refund-key-0001", 500)).status).toBe(201);
    expect((await refund("refund-key-0002", 2_996)).status).toBe(400);
    expect((await paymentById(created.paymentId))?.refundedCents).toBe(500);
  });
});

describe("the OpenAPI document", () => {
  it("describes the payment endpoints", async () => {
    const response = await api.request("/v1/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/v1/payment-methods",
        "/v1/payments",
        "/v1/payments/{id}",
        "/v1/payments/{id}/refunds",
      ]),
    );
  });
});
