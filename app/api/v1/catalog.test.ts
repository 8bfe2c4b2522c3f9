import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = createApi();

beforeAll(async () => {
  connection = await seededDatabase({
    products: 60,
    seed: 11,
  });
}, 180_000);
afterAll(() => connection.close());

describe("catalogue API", () => {
  it("lists the category tree in a locale", async () => {
    const response = await api.request("/v1/categories?locale=nl");
    expect(response.status).toBe(200);
    const { categories } = await response.json();
    expect(categories.map((c: { slug: string }) => c.slug)).toContain("dames");
  });

  it("lists a category's products with facets, filtered and sorted from the query", async () => {
    const all = await (await api.request("/v1/categories/dames/products?locale=nl")).json();
    expect(all.total).toBeGreaterThan(0);
    const colour = all.facets.colour[0];
    const response = await api.request(
      `/v1/categories/dames/products?locale=nl&colour=${colour.value}&sort=price_asc`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("public");
    const listing = await response.json();
    expect(listing.total).toBe(colour.count);
    expect(listing.products.every((p: { colour: string }) => p.colour === colour.value)).toBe(true);
    const prices = listing.products.map((p: { priceCents: number }) => p.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("takes several values of a facet, repeated or comma-separated", async () => {
    const all = await (await api.request("/v1/products?locale=en")).json();
    const [a, b] = all.facets.colour;
    const repeated = await api.request(`/v1/products?locale=en&colour=${a.value}&colour=${b.value}`);
    expect(repeated.status).toBe(200);
    expect((await repeated.json()).total).toBe(a.count + b.count);
    const joined = await (await api.request(`/v1/products?locale=en&colour=${a.value},${b.value}`)).json();
    expect(joined.total).toBe(a.count + b.count);
  });

  it("refuses bad parameters with a 400 per field, and an unknown category with a 404", async () => {
    const bad = await api.request("/v1/products?sort=cheapest&page=0&price_min=abc&size=%3Cscript%3E");
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(Object.keys(body.details.fields).sort()).toEqual(["page", "price_min", "size", "sort"]);
    expect((await api.request("/v1/products?page=400")).status).toBe(400);
    expect((await api.request("/v1/products?locale=xx")).status).toBe(400);
    expect((await api.request("/v1/categories/no-such-thing/products")).status).toBe(404);
  });

  it("documents the catalogue endpoints in OpenAPI", async () => {
    const doc = await (await api.request("/v1/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/v1/categories", "/v1/products", "/v1/categories/{slug}/products"]),
    );
  });
});
