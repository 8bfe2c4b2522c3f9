import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { freshDatabase } from "../../../tests/support/database";
import type { EntryDocument } from "../../domains/content/blocks";
import { createPublishedEntry } from "../../domains/content/content.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = new Hono().route("/api", createApi());
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());
afterEach(() => vi.useRealTimers());

const slugs = { en: "black-friday", nl: "black-friday", fr: "black-friday-fr", es: "black-friday-es" };
const document: EntryDocument = {
  translations: Object.fromEntries(
    Object.entries(slugs).map(([l, slug]) => [
      l,
      { slug, title: `Black Friday ${l}`, blocks: [{ type: "text", body: "Deals" }] },
    ]),
  ),
};
const from = new Date("2026-11-27T00:00:00Z");
const until = new Date("2026-11-30T00:00:00Z");

/** The shop's clock for the request: the API reads `new Date()` like the pages and the sitemap. */
function at(instant: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(instant));
}

describe("content API", () => {
  it("a scheduled campaign is invisible before its window and after it, listed and readable inside it", async () => {
    await createPublishedEntry({
      kind: "campaign",
      name: "BF",
      document,
      onlineFrom: from,
      onlineUntil: until,
      earlyAccessFrom: new Date("2026-11-25T00:00:00Z"),
    });
    at("2026-11-24T12:00:00Z");
    expect((await api.request("/api/v1/content/campaigns/black-friday-fr?locale=fr")).status).toBe(404);
    expect(await (await api.request("/api/v1/content/campaigns?locale=fr")).json()).toEqual({
      campaigns: [],
    });
    at("2026-11-26T12:00:00Z");
    const early = await api.request("/api/v1/content/campaigns/black-friday-fr?locale=fr");
    expect(early.status).toBe(200);
    expect(early.headers.get("cache-control")).toBe("private, no-store");
    expect(await early.json()).toMatchObject({ earlyAccess: { unlocked: false }, blocks: [] });
    const offered = await (await api.request("/api/v1/content/early-access?locale=nl")).json();
    expect(offered.campaigns.map((c: { slug: string }) => c.slug)).toEqual(["black-friday"]);
    at("2026-11-28T12:00:00Z");
    const live = await api.request("/api/v1/content/campaigns/black-friday-fr?locale=fr");
    expect(await live.json()).toMatchObject({
      title: "Black Friday fr",
      earlyAccess: null,
      blocks: [{ type: "text" }],
    });
    const list = await (await api.request("/api/v1/content/campaigns?locale=es")).json();
    expect(list.campaigns.map((c: { slug: string }) => c.slug)).toEqual(["black-friday-es"]);
    at("2026-11-30T00:00:00Z");
    expect((await api.request("/api/v1/content/campaigns/black-friday-fr?locale=fr")).status).toBe(404);
  });

  it("answers the FAQ searched, and a contact message becomes an app ticket", async () => {
    const faq = await (await api.request("/api/v1/service/faq?locale=es&q=devolucion")).json();
    expect(faq.topics.map((t: { topic: string }) => t.topic)).toEqual(["returns"]);
    const sent = await api.request("/api/v1/service/contact?locale=nl", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        topic: "product",
        name: "Anna",
        email: "anna@example.nl",
        message: "Valt deze jas klein?",
        captcha: await solvedCaptcha(),
      }),
    });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toMatchObject({
      reference: expect.stringMatching(/^CS-\d{6}$/),
      replyHours: 24,
    });
    const bad = await api.request("/api/v1/service/contact?locale=nl", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ topic: "product", name: "", email: "x", message: "", captcha: "" }),
    });
    expect(bad.status).toBe(400);
  });

  it("is in the OpenAPI document", async () => {
    const doc = await (await api.request("/api/v1/openapi.json")).json();
    for (const path of ["/v1/content/campaigns/{slug}", "/v1/content/home", "/v1/service/contact"])
      expect(Object.keys(doc.paths)).toContain(path);
  });
});
