import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { newCustomer, listingPhoto as photo } from "../../../tests/support/factories";
import { accepted } from "../../../tests/support/refusals";
import type { Connection } from "../../platform/db/db.server";
import { isRefusal } from "../../platform/refusal";
import { changeListingState, createListing, updateListing } from "./listings/commands.server";
import { listingsChanged } from "./listings/listing-index.server";
import { parseBrowseQuery } from "./listings/query";
import { browseListings, listingPage, marketplaceHome, storePage } from "./marketplace.server";
import { openStore } from "./stores/stores.server";
import { marketplaceStores } from "./tables.server";
import type { ListingInput } from "./validation";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

const twoPhotos = [photo(1), photo(2)];

async function customer(): Promise<string> {
  return (await newCustomer({ firstName: "Fleur", lastName: "Jansen" })).id;
}

const item = (overrides: Partial<ListingInput> = {}): ListingInput => ({
  title: "Zwarte wikkeljurk",
  description: "Een keer gedragen.",
  category: "dresses",
  size: "M",
  colour: "black",
  brand: "Noordzee",
  condition: "like-new",
  material: "viscose",
  price: 2500,
  ...overrides,
});

async function seller(handle: string, language: "nl" | "fr" = "nl") {
  const userId = await customer();
  accepted(
    await openStore(
      userId,
      { name: `Store ${handle}`, handle, bio: "", country: "NL", gridType: "grid" },
      language,
    ),
  );
  return userId;
}

describe("stores", () => {
  it("opens one store per customer with a unique handle", async () => {
    const a = await customer();
    const b = await customer();
    const store = accepted(
      await openStore(
        a,
        { name: "Kast van Fleur", handle: "kast-van-fleur", country: "NL", gridType: "grid" },
        "nl",
      ),
    );
    expect(store).toMatchObject({ handle: "kast-van-fleur", language: "nl", banned: false });
    const again = await openStore(
      a,
      { name: "Other", handle: "other-store", country: "NL", gridType: "grid" },
      "nl",
    );
    expect(isRefusal(again) && again.messageKey).toBe("marketplace:errors.storeExists");
    const taken = await openStore(
      b,
      { name: "Copy", handle: "kast-van-fleur", country: "BE", gridType: "grid" },
      "en",
    );
    expect(isRefusal(taken) && [taken.messageKey, taken.field]).toEqual([
      "marketplace:errors.handleTaken",
      "handle",
    ]);
  });
});

describe("listings", () => {
  it("needs a store, a fair price and two photos to publish", async () => {
    const nobody = await customer();
    const noStore = await createListing(nobody, item(), twoPhotos, { publish: true });
    expect(isRefusal(noStore) && noStore.messageKey).toBe("marketplace:errors.noStore");
    const userId = await seller("photo-rules");
    const onePhoto = await createListing(userId, item(), [photo(1)], { publish: true });
    expect(isRefusal(onePhoto) && onePhoto.messageKey).toBe("marketplace:errors.tooFewPhotos");
    const cheap = await createListing(userId, item({ price: 50 }), twoPhotos, { publish: true });
    expect(isRefusal(cheap) && cheap.field).toBe("price");
    const draft = accepted(await createListing(userId, item(), [photo(1)], { publish: false }));
    expect(draft.state).toBe("draft");
    const publish = await changeListingState(userId, draft.id, "publish");
    expect(isRefusal(publish) && publish.messageKey).toBe("marketplace:errors.tooFewPhotos");
  });

  it("lets nobody change another seller's listing", async () => {
    const owner = await seller("owner-store");
    const other = await seller("other-store");
    const listing = accepted(await createListing(owner, item(), twoPhotos, { publish: true }));
    const edit = await updateListing(other, listing.id, item({ title: "Mine now" }), twoPhotos);
    expect(isRefusal(edit) && edit.kind).toBe("not-found");
    const close = await changeListingState(other, listing.id, "close");
    expect(isRefusal(close) && close.kind).toBe("not-found");
  });

  it("keeps the original price through a price drop", async () => {
    const userId = await seller("price-drops");
    const listing = accepted(
      await createListing(userId, item({ price: 4000 }), twoPhotos, { publish: true }),
    );
    expect(
      accepted(await updateListing(userId, listing.id, item({ price: 3000 }), twoPhotos)).priceDropped,
    ).toBe(true);
    accepted(await updateListing(userId, listing.id, item({ price: 2500 }), twoPhotos));
    const page = await listingPage(listing.id);
    expect(page?.listing).toMatchObject({ priceCents: 2500, originalPriceCents: 4000 });
    accepted(await updateListing(userId, listing.id, item({ price: 4000 }), twoPhotos));
    expect((await listingPage(listing.id))?.listing.originalPriceCents).toBeNull();
  });
});

describe("browsing and search", () => {
  let dutch: number;
  let sold: number;
  beforeAll(async () => {
    const nl = await seller("zoek-nl");
    const fr = await seller("cherche-fr", "fr");
    dutch = accepted(
      await createListing(nl, item({ brand: "Hollands Blauw", size: "S" }), twoPhotos, { publish: true }),
    ).id;
    accepted(
      await createListing(
        nl,
        item({
          title: "Blauwe spijkerbroek",
          category: "jeans",
          colour: "blue",
          size: "W28",
          brand: "Kanaal 9",
        }),
        twoPhotos,
        { publish: true },
      ),
    );
    accepted(
      await createListing(
        fr,
        item({ title: "Robe portefeuille noire", size: "M", brand: "Maison Calme", condition: "good" }),
        twoPhotos,
        { publish: true },
      ),
    );
    sold = accepted(
      await createListing(fr, item({ title: "Robe vendue", size: "L", brand: "Maison Calme" }), twoPhotos, {
        publish: true,
      }),
    ).id;
    accepted(await changeListingState(fr, sold, "mark-sold"));
  });

  const browse = (params: string, category: string | null = null) =>
    browseListings(parseBrowseQuery(new URLSearchParams(params), category));

  it("finds a Dutch listing by an English query of its brand, size and colour", async () => {
    const result = await browse("q=hollands+blauw+black+dress");
    expect(result.cards.map((c) => c.id)).toContain(dutch);
  });

  it("leaves sold listings out of the results at once", async () => {
    const result = await browse("q=robe");
    expect(result.cards.map((c) => c.id)).not.toContain(sold);
    expect((await listingPage(sold))?.listing.state).toBe("sold");
  });

  it("counts facets disjunctively and matches a brute-force count", async () => {
    const all = await browse("");
    const withM = await browse("size=M", "dresses");
    // The size facet ignores the size filter itself: it still offers S beside M.
    expect(withM.facets.size.map((f) => f.value).sort()).toEqual(["M", "S"]);
    for (const facet of withM.facets.brand) {
      const brute = all.cards.filter((c) => c.brand === facet.value && c.size === "M").length;
      expect(facet.count).toBe(brute);
    }
    expect(withM.total).toBe(all.cards.filter((c) => c.size === "M").length);
  });

  it("hides a banned store's listings and store page", async () => {
    const userId = await seller("to-be-banned");
    const listing = accepted(
      await createListing(userId, item({ brand: "Banned Brand" }), twoPhotos, { publish: true }),
    );
    expect((await browse("q=banned+brand")).total).toBe(1);
    await connection.db.update(marketplaceStores).set({ banned: true });
    // A ban by an operator says so itself; a write beside the commands is followed at the next feed sync.
    listingsChanged(connection.db);
    expect((await browse("q=banned+brand")).total).toBe(0);
    expect(await listingPage(listing.id)).toBeNull();
    expect(await storePage("to-be-banned")).toBeNull();
    expect((await marketplaceHome()).newIn).toEqual([]);
    await connection.db.update(marketplaceStores).set({ banned: false });
    listingsChanged(connection.db);
  });
});
