import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import {
  categories,
  categoryTranslations,
  productCategories,
  products,
  productTranslations,
} from "../../domains/catalog/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = createApi();

beforeAll(async () => {
  connection = await freshDatabase();
  const db = connection.db;
  const [category] = await db.insert(categories).values({}).returning({ id: categories.id });
  const categoryId = category?.id as number;
  await db.insert(categoryTranslations).values([
    { categoryId, locale: "en", name: "Dresses", slug: "dresses" },
    { categoryId, locale: "nl", name: "Jurken", slug: "jurken" },
  ]);
  const [product] = await db
    .insert(products)
    .values({ styleCode: "D1", brand: "Nordvik", colour: "black", colourHex: "#000", priceCents: 5995 })
    .returning({ id: products.id });
  const productId = product?.id as number;
  await db.insert(productCategories).values({ productId, categoryId });
  await db.insert(productTranslations).values([
    { productId, locale: "en", name: "Wrap dress", slug: "wrap-dress", description: "" },
    { productId, locale: "nl", name: "Wikkeljurk", slug: "wikkeljurk", description: "" },
  ]);
});
afterAll(() => connection.close());

const shape = {
  message: expect.any(String),
  messageTranslationKey: "errors.invalidInput",
  statusCode: 400,
  details: expect.any(Object),
};

describe("GET /api/v1/search", () => {
  it("answers ranked results with facets and corrections", async () => {
    const res = await api.request("/v1/search?q=jurken&locale=nl");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ total: 1, page: 1, pageCount: 1, corrections: [], capped: false });
    expect(body.products[0]).toMatchObject({ name: "Wikkeljurk", slug: "wikkeljurk" });
    expect(body.facets.colour).toEqual([{ value: "black", count: 1 }]);
    expect(body.categories).toEqual([{ id: expect.any(Number), name: "Jurken", slug: "jurken" }]);

    const typo = await (await api.request("/v1/search?q=wrap%20drses&locale=en")).json();
    expect(typo.total).toBe(1);
    expect(typo.corrections).toEqual([{ from: "drses", to: ["dress"] }]);
  });

  it("answers 400 in the Api error shape with a message per invalid parameter", async () => {
    const res = await api.request("/v1/search?q=dress&sort=cheapest&page=0&price_min=abc&size=%3Cx%3E");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toEqual(shape);
    expect(Object.keys(body.details.fields).sort()).toEqual(["page", "price_min", "size", "sort"]);
    expect(body.details.fields.sort).toEqual([expect.stringContaining("relevance")]);
  });

  it("answers 400 without a search text, with an unknown locale, or past the last page", async () => {
    for (const url of [
      "/v1/search",
      "/v1/search?q=%20",
      "/v1/search?q=dress&locale=de",
      "/v1/search?q=dress&page=2",
    ]) {
      const res = await api.request(url);
      expect(res.status, url).toBe(400);
      expect(await res.json(), url).toEqual(shape);
    }
    const long = await api.request(`/v1/search?q=${"a".repeat(101)}`);
    expect(long.status).toBe(400);
    expect((await long.json()).details.fields.q).toBeDefined();
  });
});

describe("GET /api/v1/search/suggestions", () => {
  it("suggests products and categories for a half-typed word", async () => {
    const res = await api.request("/v1/search/suggestions?q=dre&locale=en");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(await res.json()).toEqual({
      products: [expect.objectContaining({ name: "Wrap dress", slug: "wrap-dress", priceCents: 5995 })],
      categories: [{ id: expect.any(Number), name: "Dresses", slug: "dresses" }],
      corrections: [],
    });
  });

  it("answers 400 without q", async () => {
    const res = await api.request("/v1/search/suggestions?locale=en");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(shape);
  });

  it("is described in the OpenAPI document", async () => {
    const doc = await (await api.request("/v1/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/search", "/v1/search/suggestions"]));
  });
});
