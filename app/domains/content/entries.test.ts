import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { accepted } from "../../../tests/support/refusals";
import type { Connection } from "../../platform/db/db.server";
import { isRefusal } from "../../platform/refusal";
import type { EntryDocument } from "./blocks";
import { isEarlyAccessUnlocked, provideEarlyAccessCheck } from "./content.server";
import { copyTranslation, editBlocks, editTranslation } from "./drafts.server";
import {
  createEntry,
  earlyAccessCampaigns,
  entryForEditor,
  entryList,
  liveEntries,
  liveHome,
  onContentPublished,
  previewEntry,
  publishEntry,
  publishedEntry,
  restoreVersion,
  saveDraft,
  scheduleEntry,
} from "./entries.server";
import { contentEntries } from "./tables.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());
beforeEach(async () => {
  await connection.db.delete(contentEntries);
});

const slugs = { en: "winter", nl: "winter-nl", fr: "hiver", es: "invierno" } as const;
function documentWith(title: string, only?: readonly (keyof typeof slugs)[]): EntryDocument {
  const locales = only ?? (Object.keys(slugs) as (keyof typeof slugs)[]);
  return {
    translations: Object.fromEntries(
      locales.map((l) => [
        l,
        { slug: slugs[l], title: `${title} ${l}`, blocks: [{ type: "text", body: "Hello" }] },
      ]),
    ),
  };
}

const from = new Date("2026-11-20T00:00:00Z");
const until = new Date("2026-11-30T00:00:00Z");

describe("content entries", () => {
  it("a draft is never served to a visitor, only through its preview link", async () => {
    const id = accepted(
      await createEntry({ kind: "campaign", name: "Winter", document: documentWith("Winter") }),
    );
    expect(await publishedEntry("campaign", "fr", "hiver")).toBeNull();
    const [row] = await connection.db.select().from(contentEntries);
    expect((await previewEntry(row!.previewToken, "fr"))?.title).toBe("Winter fr");
    accepted(await publishEntry(id));
    accepted(await saveDraft(id, { name: "Winter", document: documentWith("Changed") }));
    // Visitors keep the published version; the preview shows the new draft.
    expect((await publishedEntry("campaign", "fr", "hiver"))?.title).toBe("Winter fr");
    expect((await previewEntry(row!.previewToken, "fr"))?.title).toBe("Changed fr");
    expect(await previewEntry("not-a-token", "fr")).toBeNull();
  });

  it("is refused for publishing while a locale is missing", async () => {
    const id = accepted(
      await createEntry({ kind: "page", name: "Half", document: documentWith("Half", ["en", "nl"]) }),
    );
    const refused = await publishEntry(id);
    expect(isRefusal(refused) && [refused.messageKey, refused.values]).toEqual([
      "admin:content.missingLocales",
      { locales: "fr, es" },
    ]);
    expect(await publishedEntry("page", "en", "winter")).toBeNull();
  });

  it("is invisible before its time and after its end, in pages and lists (injected clock)", async () => {
    const id = accepted(
      await createEntry({
        kind: "campaign",
        name: "Winter",
        document: documentWith("Winter"),
        onlineFrom: from,
        onlineUntil: until,
      }),
    );
    accepted(await publishEntry(id));
    const before = new Date("2026-11-19T23:59:59Z");
    const during = new Date("2026-11-25T12:00:00Z");
    expect(await publishedEntry("campaign", "nl", "winter-nl", before)).toBeNull();
    expect(await liveEntries("campaign", "nl", before)).toEqual([]);
    expect((await publishedEntry("campaign", "nl", "winter-nl", during))?.slugs).toEqual(slugs);
    expect((await liveEntries("campaign", "nl", during)).map((e) => e.slug)).toEqual(["winter-nl"]);
    expect(await publishedEntry("campaign", "nl", "winter-nl", until)).toBeNull();
    expect(await liveEntries("campaign", "nl", until)).toEqual([]);
  });

  it("finds an entry by its own slug in each locale, and only under its kind", async () => {
    accepted(
      await publishEntry(
        accepted(await createEntry({ kind: "page", name: "P", document: documentWith("P") })),
      ),
    );
    expect((await publishedEntry("page", "es", "invierno"))?.title).toBe("P es");
    expect(await publishedEntry("page", "es", "winter")).toBeNull();
    expect(await publishedEntry("campaign", "es", "invierno")).toBeNull();
  });

  it("refuses a slug another entry of the kind has, and numbers versions", async () => {
    const first = accepted(await createEntry({ kind: "page", name: "A", document: documentWith("A") }));
    expect(accepted(await publishEntry(first))).toEqual({ version: 1 });
    expect(accepted(await publishEntry(first))).toEqual({ version: 2 });
    const second = accepted(await createEntry({ kind: "page", name: "B", document: documentWith("B") }));
    const taken = await publishEntry(second);
    expect(isRefusal(taken) && [taken.kind, taken.values]).toEqual([
      "conflict",
      { locale: "en", slug: "winter" },
    ]);
  });

  it("tells the micro-cache after a publish commits, not after a refused one", async () => {
    let told = 0;
    const stop = onContentPublished(() => told++);
    const id = accepted(await createEntry({ kind: "page", name: "A", document: documentWith("A", ["en"]) }));
    await publishEntry(id);
    expect(told).toBe(0);
    accepted(await saveDraft(id, { name: "A", document: documentWith("A") }));
    accepted(await publishEntry(id));
    expect(told).toBe(1);
    stop();
  });

  it("refuses a window that ends before it starts", async () => {
    const refused = await createEntry({
      kind: "campaign",
      name: "W",
      document: documentWith("W"),
      onlineFrom: until,
      onlineUntil: from,
    });
    expect(isRefusal(refused) && refused.field).toBe("onlineUntil");
  });
});

describe("the editor's commands", () => {
  it("builds a locale block by block, reorders, copies a translation, and publishes only when all four are there", async () => {
    const id = accepted(
      await createEntry({ kind: "campaign", name: "Sale", document: { translations: {} } }),
    );
    const early = await editBlocks(id, "en", { op: "add", block: { type: "text", body: "x" } });
    expect(isRefusal(early) && early.messageKey).toBe("admin:content.translationFirst");
    accepted(await editTranslation(id, "en", { slug: "sale", title: "Sale" }));
    accepted(await editBlocks(id, "en", { op: "add", block: { type: "text", body: "First" } }));
    accepted(
      await editBlocks(id, "en", {
        op: "add",
        block: { type: "shelf", title: "Picks", source: { kind: "picks", productIds: [1] }, limit: 8 },
      }),
    );
    accepted(await editBlocks(id, "en", { op: "move", index: 1, by: -1 }));
    const moveOff = await editBlocks(id, "en", { op: "move", index: 0, by: -1 });
    expect(isRefusal(moveOff) && moveOff.kind).toBe("not-found");
    const refused = await publishEntry(id);
    expect(isRefusal(refused) && [refused.messageKey, refused.values]).toEqual([
      "admin:content.missingLocales",
      { locales: "nl, fr, es" },
    ]);
    for (const locale of ["nl", "fr", "es"] as const) accepted(await copyTranslation(id, "en", locale));
    accepted(await publishEntry(id));
    const fr = await publishedEntry("campaign", "fr", "sale-fr");
    expect(fr?.blocks.map((b) => b.type)).toEqual(["shelf", "text"]);
    expect((await entryList()).find((e) => e.id === id)?.unpublishedChanges).toBe(false);
  });

  it("restores an earlier version as the next one, and the history only grows", async () => {
    const id = accepted(await createEntry({ kind: "page", name: "About", document: documentWith("One") }));
    accepted(await publishEntry(id));
    accepted(await saveDraft(id, { name: "About", document: documentWith("Two") }));
    accepted(await publishEntry(id));
    expect((await publishedEntry("page", "en", "winter"))?.title).toBe("Two en");
    expect(accepted(await restoreVersion(id, 1))).toEqual({ version: 3 });
    expect((await publishedEntry("page", "en", "winter"))?.title).toBe("One en");
    const editor = await entryForEditor(id);
    expect(editor?.versions.map((v) => v.number)).toEqual([3, 2, 1]);
    expect(editor?.unpublishedChanges).toBe(false);
  });

  it("a schedule change on a published entry drops the cached pages after the commit", async () => {
    const id = accepted(await createEntry({ kind: "page", name: "About", document: documentWith("One") }));
    accepted(await publishEntry(id));
    let forgotten = 0;
    const stop = onContentPublished(() => forgotten++);
    accepted(await scheduleEntry(id, { name: "About", onlineFrom: from, onlineUntil: until }));
    stop();
    expect(forgotten).toBe(1);
  });
});

describe("the home page's slots and early access", () => {
  it("the newest live home entry is the home page; a scheduled one takes over at its time", async () => {
    const base = accepted(await createEntry({ kind: "home", name: "Home", document: documentWith("Base") }));
    accepted(await publishEntry(base));
    const bf = accepted(
      await createEntry({
        kind: "home",
        name: "Black Friday home",
        document: documentWith("BF"),
        onlineFrom: from,
        onlineUntil: until,
      }),
    );
    accepted(await publishEntry(bf));
    expect((await liveHome("nl", new Date("2026-11-19T00:00:00Z")))?.title).toBe("Base nl");
    expect((await liveHome("nl", new Date("2026-11-21T00:00:00Z")))?.title).toBe("BF nl");
    expect((await liveHome("nl", until))?.title).toBe("Base nl");
  });

  it("a campaign's early window is open only to visitors the engagement domain's check lets in", async () => {
    const earlyAccessFrom = new Date("2026-11-18T00:00:00Z");
    const refused = await createEntry({
      kind: "campaign",
      name: "BF",
      document: documentWith("BF"),
      earlyAccessFrom: from,
      onlineFrom: from,
    });
    expect(isRefusal(refused) && refused.messageKey).toBe("admin:content.earlyBeforeOnline");
    const id = accepted(
      await createEntry({
        kind: "campaign",
        name: "BF",
        document: documentWith("BF"),
        earlyAccessFrom,
        onlineFrom: from,
        onlineUntil: until,
      }),
    );
    accepted(await publishEntry(id));
    const inEarly = new Date("2026-11-19T00:00:00Z");
    // Not live yet: the list, the sitemap and a plain lookup do not have it.
    expect(await liveEntries("campaign", "en", inEarly)).toEqual([]);
    expect(await publishedEntry("campaign", "en", "winter", inEarly)).toBeNull();
    const found = await publishedEntry("campaign", "en", "winter", inEarly, { early: true });
    expect(found?.phase).toBe("early");
    expect((await earlyAccessCampaigns("en", inEarly)).map((c) => c.id)).toEqual([id]);
    const visitor = { customerId: null, ticket: "123456" };
    expect(await isEarlyAccessUnlocked(visitor, found!, inEarly)).toBe(false);
    const stop = provideEarlyAccessCheck(async (v, campaign) => v.ticket === "123456" && campaign.id === id);
    expect(await isEarlyAccessUnlocked(visitor, found!, inEarly)).toBe(true);
    expect(await isEarlyAccessUnlocked({ customerId: null, ticket: "999999" }, found!, inEarly)).toBe(false);
    // Before the early window and once the campaign is live, the ticket changes nothing.
    expect(await isEarlyAccessUnlocked(visitor, found!, new Date("2026-11-17T00:00:00Z"))).toBe(false);
    expect(await isEarlyAccessUnlocked(visitor, found!, from)).toBe(false);
    stop();
    expect((await publishedEntry("campaign", "en", "winter", from))?.phase).toBe("live");
  });
});
