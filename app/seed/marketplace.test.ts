import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/database";
import {
  conversationsOf,
  favouriteCards,
  followedStores,
  myListings,
} from "../domains/marketplace/marketplace.server";
import { user } from "../platform/auth/tables.server";
import type { Connection } from "../platform/db/db.server";

const DEMO_EMAIL = "demo@loomandlabel.test";

import { seedMarketplace } from "./marketplace.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
}, 120_000);
afterAll(() => connection.close());

describe("demo marketplace", () => {
  it("gives the demo shopper a store, follows, favourites and conversations", async () => {
    await connection.db.insert(user).values({
      id: "00000000-0000-4000-8000-00000000d3a0",
      name: "Sanne de Vries",
      email: DEMO_EMAIL,
      firstName: "Sanne",
      lastName: "de Vries",
    });
    const seeded = await seedMarketplace(connection.db, { stores: 10 });
    expect(seeded.stores).toBe(10);
    const [demo] = await connection.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_EMAIL));
    expect((await myListings(demo!.id)).length).toBeGreaterThan(0);
    expect((await followedStores(demo!.id)).length).toBe(4);
    expect((await favouriteCards(demo!.id)).length).toBeGreaterThan(0);
    const conversations = await conversationsOf(demo!.id);
    expect(conversations.map((c) => c.role).sort()).toEqual(["customer", "provider"]);
  });
});
