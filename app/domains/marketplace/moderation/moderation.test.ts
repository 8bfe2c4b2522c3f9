import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../tests/support/database";
import { newCustomer, listingPhoto as photo } from "../../../../tests/support/factories";
import { accepted } from "../../../../tests/support/refusals";
import type { Connection } from "../../../platform/db/db.server";
import { isRefusal } from "../../../platform/refusal";
import { outboxMessages } from "../../notifications/tables.server";
import { createListing } from "../listings/commands.server";
import { parseBrowseQuery } from "../listings/query";
import {
  appealDecision,
  browseListings,
  decide,
  decideAppeal,
  decisionsFor,
  liftStoreMeasure,
  listingPage,
  moderationQueue,
  openStore,
  reportContent,
  storePage,
} from "../marketplace.server";
import { marketplaceListings } from "../tables.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

const key = (value: unknown) => (isRefusal(value) ? value.messageKey : null);

async function customer(): Promise<string> {
  return (await newCustomer({ firstName: "Sem", lastName: "Visser", locale: "fr" })).id;
}

async function seller(brand: string) {
  const owner = await customer();
  const handle = `m-${owner.slice(0, 8)}`;
  accepted(await openStore(owner, { name: "Kast", handle, country: "NL", gridType: "grid" }, "nl"));
  const { id } = accepted(
    await createListing(
      owner,
      {
        title: "Tas",
        category: "bags",
        size: "one-size",
        colour: "black",
        brand,
        condition: "good",
        price: 9000,
      },
      [photo(1), photo(2)],
      { publish: true },
    ),
  );
  const [row] = await connection.db
    .select({ storeId: marketplaceListings.storeId })
    .from(marketplaceListings)
    .where(eq(marketplaceListings.id, id));
  return { owner, handle, listingId: id, storeId: row!.storeId };
}

const found = async (q: string) =>
  (await browseListings(parseBrowseQuery(new URLSearchParams({ q })))).cards.map((c) => c.id);

const statementsTo = async (userId: string) =>
  connection.db
    .select({ id: outboxMessages.id, text: outboxMessages.text })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.template, "marketplaceStatement"),
        eq(outboxMessages.recipient, `${userId}@example.nl`),
      ),
    );

const notice = (targetKind: "listing" | "store" | "message", targetId: number) => ({
  targetKind,
  targetId,
  email: "reporter@example.org",
  reason: "counterfeit" as const,
  details: "Fake logo",
  goodFaith: true,
});

describe("notices and decisions", () => {
  it("a report leads to the listing's removal and a statement of reasons the owner can appeal", async () => {
    const { owner, listingId } = await seller("Fakeluxe");
    const reporter = await customer();
    accepted(await reportContent(notice("listing", listingId), reporter));
    accepted(await reportContent(notice("listing", listingId), null));
    const queue = await moderationQueue();
    expect(queue.find((q) => q.targetId === listingId)?.reports).toHaveLength(2);
    expect(key(await reportContent(notice("listing", listingId), owner))).toBe(
      "marketplace:errors.reportOwn",
    );

    const { id } = accepted(
      await decide(
        {
          targetKind: "listing",
          targetId: listingId,
          action: "remove",
          ground: "Terms 4.2",
          statement: "The logo is counterfeit.",
        },
        "ops@loomandlabel.test",
      ),
    );
    expect((await moderationQueue()).some((q) => q.targetId === listingId)).toBe(false);
    expect(await found("fakeluxe")).toEqual([]);
    expect(await listingPage(listingId)).toBeNull();
    const mails = await statementsTo(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("The logo is counterfeit.");

    const stranger = await customer();
    expect(key(await appealDecision(stranger, id, "not mine"))).toBe("marketplace:errors.decisionNotFound");
    const [mine] = await decisionsFor(owner);
    expect(mine).toMatchObject({ id, action: "remove", canAppeal: true });
    accepted(await appealDecision(owner, id, "It is genuine, here is the receipt."));
    expect(key(await appealDecision(owner, id, "again"))).toBe("marketplace:errors.alreadyAppealed");
    accepted(await decideAppeal(id, "reversed", "You are right, sorry."));
    const [row] = await connection.db
      .select({ state: marketplaceListings.state })
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listingId));
    expect(row?.state).toBe("closed");
  });

  it("a banned store and its listings leave browsing, search and pages; unbanning brings them back", async () => {
    const { handle, listingId, storeId } = await seller("Bannedbrand");
    expect(await found("bannedbrand")).toEqual([listingId]);
    accepted(
      await decide(
        {
          targetKind: "store",
          targetId: storeId,
          action: "ban",
          ground: "Repeated fraud",
          statement: "Scams.",
        },
        "ops",
      ),
    );
    expect(await found("bannedbrand")).toEqual([]);
    expect(await storePage(handle)).toBeNull();
    expect(await listingPage(listingId)).toBeNull();
    accepted(await liftStoreMeasure(storeId, "ban", "ops"));
    expect(await found("bannedbrand")).toEqual([listingId]);
  });

  it("a dismissed notice tells the owner nothing; a store is banned, not removed", async () => {
    const { owner, listingId, storeId } = await seller("Finebrand");
    accepted(await reportContent(notice("listing", listingId), null));
    accepted(
      await decide(
        { targetKind: "listing", targetId: listingId, action: "dismiss", ground: "-", statement: "Fine." },
        "ops",
      ),
    );
    expect(await statementsTo(owner)).toHaveLength(0);
    expect(await found("finebrand")).toEqual([listingId]);
    expect(
      key(
        await decide(
          { targetKind: "store", targetId: storeId, action: "remove", ground: "x", statement: "x" },
          "ops",
        ),
      ),
    ).toBe("marketplace:errors.removeStoreIsBan");
  });
});
