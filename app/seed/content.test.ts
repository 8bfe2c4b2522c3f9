import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../tests/support/database";
import { entryShelves } from "../domains/catalog/catalog.server";
import { liveEntries, liveHome, publishedEntry } from "../domains/content/content.server";
import type { Connection } from "../platform/db/db.server";
import { seedDemoContent } from "./content.server";

let connection: Connection;
const now = new Date("2026-11-27T10:00:00Z");
beforeAll(async () => {
  connection = await seededDatabase({ products: 12, seed: 3, now });
}, 180_000);
afterAll(() => connection.close());

describe("demo content", () => {
  it("a fresh shop has a live campaign with products, an about page and a scheduled campaign; once", async () => {
    expect(await seedDemoContent(now)).toBe(4);
    expect(await seedDemoContent(now)).toBe(0);
    const live = await liveEntries("campaign", "fr", now);
    expect(live.map((c) => c.slug)).toEqual(["selection-hiver"]);
    const shelves = await entryShelves("fr", live[0]!.blocks);
    const picks = live[0]!.blocks.findIndex((b) => b.type === "shelf" && b.source.kind === "picks");
    expect(shelves[picks]!.length).toBeGreaterThan(0);
    expect((await publishedEntry("page", "nl", "over-ons", now))?.blocks.map((b) => b.type)).toEqual([
      "text",
      "tiles",
    ]);
    expect(await publishedEntry("campaign", "en", "spring-preview", now)).toBeNull();
    const inAMonth = new Date(now.getTime() + 31 * 86_400_000);
    expect(await publishedEntry("campaign", "en", "spring-preview", inAMonth)).not.toBeNull();
    const home = await liveHome("es", now);
    expect(home?.blocks.map((b) => b.type)).toEqual(["hero", "shelf", "shelf"]);
    const homeShelves = await entryShelves("es", home!.blocks);
    expect(homeShelves[1]!.length).toBeGreaterThan(0);
  });
});
