import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/database";
import { accepted } from "../../tests/support/refusal";
import { createPayment, decideSandboxCheckout, paymentById } from "../domains/payments/payments.server";
import type { Connection } from "../platform/db/db.server";
import { createWebhooks } from "./webhooks.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

describe("POST /webhooks/payments/:provider", () => {
  it("applies a signed sandbox webhook and refuses an unsigned one", async () => {
    const { signWebhookBody } = await import("../domains/payments/sandbox/psp.server");
    const { paymentId } = accepted(
      await createPayment({
        purpose: "order",
        reference: "400000001",
        amountCents: 4_200,
        method: "bancontact",
        locale: "fr",
        description: "Commande 400000001",
        returnUrl: "http://localhost:3000/fr/confirmation-de-commande/",
        idempotencyKey: "webhook-route-test",
      }),
    );
    const sandboxId = (await paymentById(paymentId))!.providerId!;
    await decideSandboxCheckout(sandboxId, "paid");
    const app = createWebhooks();
    const body = JSON.stringify({ id: sandboxId });

    const refused = await app.request("/payments/sandbox", { method: "POST", body });
    expect(refused.status).toBe(401);
    expect((await paymentById(paymentId))?.status).toBe("open");

    const applied = await app.request("/payments/sandbox", {
      method: "POST",
      body,
      headers: { "x-sandbox-signature": signWebhookBody(body) },
    });
    expect(applied.status).toBe(200);
    expect((await paymentById(paymentId))?.status).toBe("paid");
  });

  it("answers 404 for an unknown provider and 413 for a large body", async () => {
    const app = createWebhooks();
    expect((await app.request("/payments/paypal", { method: "POST", body: "{}" })).status).toBe(404);
    const large = await app.request("/payments/sandbox", {
      method: "POST",
      body: "x".repeat(20_000),
      headers: { "content-length": "20000" },
    });
    expect(large.status).toBe(413);
  });
});
