import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../tests/support/database";
import { newCustomer, listingPhoto as photo } from "../../../../tests/support/factories";
import { accepted } from "../../../../tests/support/refusals";
import type { Connection } from "../../../platform/db/db.server";
import { isRefusal } from "../../../platform/refusal";
import { changeListingState, createListing } from "../listings/commands.server";
import {
  acceptMarketplaceEvent,
  favouriteCards,
  flushMarketplaceEvents,
  followedFeed,
  followedStores,
  openStore,
  setFavourite,
  setFollowing,
  socialState,
} from "../marketplace.server";
import { marketplaceListings, marketplaceStores } from "../tables.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

async function customer(): Promise<string> {
  return (await newCustomer({ firstName: "Noor", lastName: "Bakker" })).id;
}

async function storeWithListing() {
  const owner = await customer();
  const handle = `st-${owner.slice(0, 8)}`;
  accepted(await openStore(owner, { name: "Kast", handle, country: "NL", gridType: "grid" }, "nl"));
  const { id } = accepted(
    await createListing(
      owner,
      {
        title: "Jas",
        category: "outerwear",
        size: "M",
        colour: "navy",
        brand: "Noord",
        condition: "good",
        price: 4500,
      },
      [photo(1), photo(2)],
      { publish: true },
    ),
  );
  return { owner, handle, listingId: id };
}

describe("following and favourites", () => {
  it("keeps the followers and wishlist counts equal to the rows, and refuses one's own", async () => {
    const { owner, handle, listingId } = await storeWithListing();
    const fans = [await customer(), await customer()];
    for (const fan of fans) {
      accepted(await setFollowing(fan, handle, true));
      accepted(await setFollowing(fan, handle, true)); // twice is once
      accepted(await setFavourite(fan, listingId, true));
    }
    const [store] = await connection.db
      .select({ followers: marketplaceStores.followers })
      .from(marketplaceStores)
      .where(eq(marketplaceStores.handle, handle));
    expect(store?.followers).toBe(2);
    expect(accepted(await setFavourite(fans[0]!, listingId, false)).wishlistCount).toBe(1);
    expect(accepted(await setFollowing(fans[0]!, handle, false)).followers).toBe(1);
    const own = await setFollowing(owner, handle, true);
    expect(isRefusal(own) && own.messageKey).toBe("marketplace:errors.ownStore");
    const ownFavourite = await setFavourite(owner, listingId, true);
    expect(isRefusal(ownFavourite) && ownFavourite.messageKey).toBe("marketplace:errors.ownListing");
    expect(await socialState(fans[1]!)).toEqual({ favourites: [listingId], following: [handle] });
    expect((await favouriteCards(fans[1]!)).map((c) => c.id)).toEqual([listingId]);
  });

  it("feeds new listings of followed stores only, and drops what is no longer for sale", async () => {
    const a = await storeWithListing();
    const b = await storeWithListing();
    const fan = await customer();
    accepted(await setFollowing(fan, a.handle, true));
    expect((await followedFeed(fan)).map((c) => c.id)).toEqual([a.listingId]);
    expect((await followedStores(fan)).map((s) => [s.handle, s.fresh])).toEqual([[a.handle, 1]]);
    accepted(await changeListingState(a.owner, a.listingId, "close"));
    expect(await followedFeed(fan)).toEqual([]);
    expect((await followedFeed(fan)).some((c) => c.id === b.listingId)).toBe(false);
  });
});

describe("views", () => {
  it("counts a client's view once per half hour, in one batch, and shares apart", async () => {
    const { handle, listingId } = await storeWithListing();
    const now = Date.now();
    expect(acceptMarketplaceEvent("203.0.113.9", { type: "view", listingId }, now)).toBe("count");
    expect(acceptMarketplaceEvent("203.0.113.9", { type: "view", listingId }, now + 1000)).toBe("repeat");
    expect(acceptMarketplaceEvent("198.51.100.4", { type: "view", listingId }, now)).toBe("count");
    expect(acceptMarketplaceEvent("198.51.100.4", { type: "share", listingId }, now)).toBe("count");
    expect(acceptMarketplaceEvent("198.51.100.4", { type: "store-view", storeHandle: handle }, now)).toBe(
      "count",
    );
    await flushMarketplaceEvents();
    const [row] = await connection.db
      .select({ watched: marketplaceListings.timesWatched, shared: marketplaceListings.timesShared })
      .from(marketplaceListings)
      .where(eq(marketplaceListings.id, listingId));
    expect(row).toEqual({ watched: 2, shared: 1 });
    const [store] = await connection.db
      .select({ views: marketplaceStores.views })
      .from(marketplaceStores)
      .where(eq(marketplaceStores.handle, handle));
    expect(store?.views).toBe(1);
  });
});
