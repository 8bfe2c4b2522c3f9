import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { listingPhoto as photo } from "../../../tests/support/factories";
import { accepted } from "../../../tests/support/refusals";
import { createListing } from "../../domains/marketplace/listings/commands.server";
import { openStore } from "../../domains/marketplace/stores/stores.server";
import { user } from "../../platform/auth/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
let listingId: number;
const api = createApi();

beforeAll(async () => {
  connection = await freshDatabase();
  const id = randomUUID();
  await connection.db
    .insert(user)
    .values({ id, name: "Léa Moreau", email: `${id}@example.fr`, firstName: "Léa", lastName: "Moreau" });
  accepted(
    await openStore(
      id,
      { name: "Le dressing de Léa", handle: "dressing-lea", country: "FR", gridType: "grid" },
      "fr",
    ),
  );
  listingId = accepted(
    await createListing(
      id,
      {
        title: "Robe portefeuille",
        category: "dresses",
        size: "S",
        colour: "green",
        brand: "Atelier Brume",
        condition: "good",
        price: 3200,
      },
      [photo(1), photo(2)],
      { publish: true },
    ),
  ).id;
}, 120_000);
afterAll(() => connection.close());

describe("marketplace API", () => {
  it("searches across locales and counts facets", async () => {
    const response = await api.request("/v1/marketplace/listings?q=green+dress&size=S");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.total).toBe(1);
    expect(body.cards[0]).toMatchObject({
      id: listingId,
      priceCents: 3200,
      store: { handle: "dressing-lea" },
    });
    expect(body.facets.size).toEqual([{ value: "S", count: 1 }]);
  });

  it("answers a listing and a store without private data, and 404 for unknown ones", async () => {
    const listing = await (await api.request(`/v1/marketplace/listings/${listingId}`)).json();
    expect(listing.listing).toMatchObject({ title: "Robe portefeuille", language: "fr", state: "published" });
    expect(listing.store).not.toHaveProperty("userId");
    const store = await (await api.request("/v1/marketplace/stores/dressing-lea")).json();
    expect(store).toMatchObject({ count: 1, store: { name: "Le dressing de Léa" } });
    expect(store.store).not.toHaveProperty("userId");
    expect((await api.request("/v1/marketplace/listings/999999")).status).toBe(404);
    expect((await api.request("/v1/marketplace/stores/nobody")).status).toBe(404);
  });
});
