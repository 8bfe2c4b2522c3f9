import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { newProduct } from "../../../tests/support/factories";
import { flushProductEvents } from "../../domains/catalog/catalog.server";
import { productEventCounts } from "../../domains/catalog/tables.server";
import { EventCap } from "../../domains/highlights/event-cap";
import { refreshHighlights } from "../../domains/highlights/highlights.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
let productId: number;
const api = createApi();

beforeAll(async () => {
  connection = await freshDatabase();
  productId = (await newProduct({ sizes: [{ size: "M", stock: 2 }] })).id;
});
afterAll(() => connection.close());

const shape = {
  message: expect.any(String),
  messageTranslationKey: expect.any(String),
  statusCode: expect.any(Number),
  details: expect.any(Object),
};

function postEvent(body: unknown, ip = "203.0.113.1") {
  return api.request("/v1/events", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
  });
}

async function views(): Promise<number> {
  await flushProductEvents();
  const rows = await connection.db
    .select({ views: productEventCounts.views })
    .from(productEventCounts)
    .where(eq(productEventCounts.productId, productId));
  return rows.reduce((sum, r) => sum + r.views, 0);
}

describe("POST /api/v1/events", () => {
  it("accepts a view with 202 and counts it once the batch is flushed", async () => {
    const response = await postEvent({ type: "view", productId });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ counted: true });
    expect(await views()).toBe(1);
  });

  it.each<[string, unknown]>([
    ["no body", ""],
    ["malformed JSON", "{type:"],
    ["an unknown type", { type: "purchase", productId: 1 }],
    ["a missing product id", { type: "view" }],
    ["a product id that is not a positive integer", { type: "view", productId: -3 }],
    ["a product id as a string", { type: "view", productId: "1" }],
    ["a fractional product id", { type: "view", productId: 1.5 }],
    ["an id beyond the database's integers", { type: "view", productId: 2 ** 31 }],
    ["extra fields", { type: "view", productId: 1, count: 1000 }],
  ])("refuses %s with a 400 in the Api error shape", async (_, body) => {
    const response = await postEvent(body, "203.0.113.50");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(shape);
  });

  it("counts a client's repeat view of the same product once, and refuses a flood with 429", async () => {
    const before = await views();
    const client = "198.51.100.7";
    const first = await postEvent({ type: "view", productId }, client);
    expect(await first.json()).toEqual({ counted: true });
    const repeat = await postEvent({ type: "view", productId }, client);
    expect(repeat.status).toBe(202);
    expect(await repeat.json()).toEqual({ counted: false });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await postEvent({ type: "view", productId }, client)).status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const limited = await postEvent({ type: "view", productId }, client);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ ...shape, statusCode: 429 });
    expect(await views()).toBe(before + 1);
    // Another client is not affected.
    expect((await postEvent({ type: "view", productId }, "198.51.100.8")).status).toBe(202);
  });

  it("takes the address the proxy appended, not one the client put in front", async () => {
    const spoofed = (n: number) => postEvent({ type: "view", productId }, `10.9.9.${n}, 192.0.2.77`);
    const counted = [];
    for (let n = 0; n < 3; n++) counted.push((await (await spoofed(n)).json()).counted);
    expect(counted).toEqual([true, false, false]);
  });
});

describe("EventCap", () => {
  it("forgets repeats after two repeat windows and resets the per-client budget each window", () => {
    const cap = new EventCap({ windowMs: 1_000, maxPerWindow: 3, repeatWindowMs: 10_000 });
    expect(cap.decide("a", "1", 0)).toBe("count");
    expect(cap.decide("a", "1", 10)).toBe("repeat");
    expect(cap.decide("a", "2", 20)).toBe("count");
    expect(cap.decide("a", "3", 30)).toBe("limited");
    expect(cap.decide("a", "3", 1_000)).toBe("count");
    expect(cap.decide("a", "1", 12_000)).toBe("repeat"); // still in the previous window's set
    expect(cap.decide("a", "1", 25_000)).toBe("count");
  });
});

describe("GET /api/v1/products/{id}/highlights", () => {
  it("returns the labels with their evidence, the facts and the raw hourly counts", async () => {
    await refreshHighlights();
    const response = await api.request(`/v1/products/${productId}/highlights`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      productId,
      labels: [{ code: "few-left", count: 2, evidence: { stock: 2, threshold: 5 } }],
      facts: { stock: 2 },
      thresholds: { fewLeft: { maxStock: 5 } },
    });
    expect(body.hourly.length).toBeGreaterThan(0);
    expect(body.hourly[0]).toEqual({
      hour: expect.stringMatching(/:00:00\.000Z$/),
      views: expect.any(Number),
      cartAdds: 0,
      unitsSold: 0,
      wishlistAdds: 0,
    });
  });

  it("answers 404 for an unknown product and 400 for a bad id, in the Api error shape", async () => {
    const missing = await api.request("/v1/products/999999/highlights");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual(shape);
    const bad = await api.request("/v1/products/abc/highlights");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual(shape);
  });

  it("is in the OpenAPI document", async () => {
    const doc = await (await api.request("/v1/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/v1/events", "/v1/products/{id}/highlights"]),
    );
  });
});
