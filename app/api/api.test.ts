import { createRoute, z } from "@hono/zod-openapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/database";
import type { Connection } from "../platform/db/db.server";
import { addWarmup } from "../platform/readiness.server";
import { API_BODY_LIMIT_BYTES, createApi } from "./index.server";

let connection: Connection;
const api = createApi();
const received: unknown[] = [];

// A probe route with a body schema, to exercise validation as every real endpoint will.
api.openapi(
  createRoute({
    method: "post",
    path: "/v1/probe",
    request: {
      body: {
        content: {
          "application/json": { schema: z.object({ email: z.email(), quantity: z.number().int().min(1) }) },
        },
      },
    },
    responses: { 200: { description: "ok" } },
  }),
  (c) => {
    received.push(c.req.valid("json"));
    return c.json({ ok: true }, 200);
  },
);
api.get("/v1/explode", () => {
  throw new Error("secret internals at /app/domains/x.ts:12");
});

beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

const shape = {
  message: expect.any(String),
  messageTranslationKey: expect.any(String),
  statusCode: expect.any(Number),
  details: expect.any(Object),
};

function post(body: BodyInit, headers: Record<string, string> = { "content-type": "application/json" }) {
  return api.request("/v1/probe", { method: "POST", body, headers });
}

describe("/api", () => {
  it("answers liveness and readiness as JSON", async () => {
    const health = await api.request("/health/");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });

    const ready = await api.request("/ready/");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: "ready",
      migrations: { current: true },
      photosPending: 0,
    });
  });

  it("is not ready while warm-up work runs", async () => {
    let finish = () => {};
    addWarmup("test photos", new Promise<void>((resolve) => (finish = resolve)));
    const warming = await api.request("/ready/");
    expect(warming.status).toBe(503);
    expect(await warming.json()).toMatchObject({ statusCode: 503, details: { warming: ["test photos"] } });
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await api.request("/ready/")).status).toBe(200);
  });

  it("publishes its OpenAPI document", async () => {
    const doc = await (await api.request("/v1/openapi.json")).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/health", "/ready"]));
  });

  it("refuses malformed JSON with a 400 Api error and changes nothing", async () => {
    const response = await post("{not json");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      ...shape,
      statusCode: 400,
      messageTranslationKey: "errors.malformedJson",
    });
    expect(received).toHaveLength(0);
  });

  it("refuses invalid input with a message per field", async () => {
    const response = await post(JSON.stringify({ email: "nope", quantity: 0 }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ ...shape, statusCode: 400, messageTranslationKey: "errors.invalidInput" });
    expect(Object.keys(body.details.fields)).toEqual(expect.arrayContaining(["email", "quantity"]));
    expect(received).toHaveLength(0);
  });

  it("accepts valid input", async () => {
    const response = await post(JSON.stringify({ email: "anna@example.nl", quantity: 2 }));
    expect(response.status).toBe(200);
    expect(received).toEqual([{ email: "anna@example.nl", quantity: 2 }]);
    received.length = 0;
  });

  it("refuses bodies over the limit with 413", async () => {
    const big = JSON.stringify({ email: "a@b.nl", quantity: 1, pad: "x".repeat(API_BODY_LIMIT_BYTES) });
    const response = await post(big);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      ...shape,
      statusCode: 413,
      messageTranslationKey: "errors.payloadTooLarge",
    });
    expect(received).toHaveLength(0);
  });

  it("answers unknown paths with 404 and wrong methods with 405", async () => {
    const missing = await api.request("/v1/nothing-here");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ ...shape, statusCode: 404 });

    const wrongMethod = await api.request("/health", { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toContain("GET");
    expect(await wrongMethod.json()).toMatchObject({ ...shape, statusCode: 405 });
  });

  it("hides internals of unexpected failures", async () => {
    const response = await api.request("/v1/explode");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      ...shape,
      statusCode: 500,
      messageTranslationKey: "errors.tryAgainLater",
    });
    expect(text).not.toMatch(/secret|\.ts:|\bat\s/);
  });
});
