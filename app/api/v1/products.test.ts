import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { productTranslations, productVariants } from "../../domains/catalog/tables.server";
import { stockAlerts } from "../../domains/stock-alerts/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = createApi();

beforeAll(async () => {
  connection = await seededDatabase({
    products: 8,
    seed: 3,
    now: new Date("2026-06-01T10:00:00Z"),
  });
}, 180_000);
afterAll(() => connection.close());

const post = (body: unknown) =>
  api.request("/v1/stock-alerts", {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });

describe("GET /api/v1/products/{slug}", () => {
  it("answers the product of a locale's slug, and 404 in the Api error shape otherwise", async () => {
    const [nl] = await connection.db
      .select()
      .from(productTranslations)
      .where(eq(productTranslations.locale, "nl"))
      .limit(1);
    const response = await api.request(`/v1/products/${nl!.slug}?locale=nl`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      name: string;
      slugs: Record<string, string>;
      variants: unknown[];
    };
    expect(body.name).toBe(nl!.name);
    expect(body.slugs.nl).toBe(nl!.slug);
    expect(body.variants.length).toBeGreaterThan(0);

    const other = await api.request(`/v1/products/${nl!.slug}?locale=en`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ statusCode: 404, messageTranslationKey: "errors.notFound" });
    expect((await api.request(`/v1/products/x?locale=xx`)).status).toBe(400);
  });
});

describe("POST /api/v1/stock-alerts", () => {
  it("answers 400 with a translated message per field", async () => {
    const response = await post({ variantId: 1, email: "anna@", locale: "nl" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { details: { fields: Record<string, string[]> } };
    expect(Object.keys(body.details.fields)).toEqual(["email"]);
    const none = await post({ variantId: 1, locale: "en" });
    expect(((await none.json()) as typeof body).details.fields.email).toEqual([
      "Fill in an e-mail address or a phone number",
    ]);
    expect((await post({ email: "a@example.nl", locale: "en" })).status).toBe(400);
  });

  it("signs up once for a sold-out size, and answers 409 (stock alert failure) for a size in stock", async () => {
    const [variant] = await connection.db.select().from(productVariants).limit(1);
    await connection.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant!.id));
    const first = await post({ variantId: variant!.id, phone: "0612345678", locale: "nl" });
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ created: true });
    expect(
      await (await post({ variantId: variant!.id, phone: "+31 6 12345678", locale: "nl" })).json(),
    ).toEqual({
      created: false,
    });
    expect(await connection.db.select().from(stockAlerts)).toHaveLength(1);

    await connection.db.update(productVariants).set({ stock: 5 }).where(eq(productVariants.id, variant!.id));
    const inStock = await post({ variantId: variant!.id, email: "a@example.nl", locale: "en" });
    expect(inStock.status).toBe(409);
    expect(await inStock.json()).toMatchObject({ messageTranslationKey: "product:stockAlert.failed" });
  });

  it("documents both endpoints in OpenAPI", async () => {
    const doc = (await (await api.request("/v1/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(doc.paths).toHaveProperty("/v1/products/{slug}");
    expect(doc.paths).toHaveProperty("/v1/stock-alerts");
  });
});
