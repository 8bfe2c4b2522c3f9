import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { products } from "../catalog/tables.server";
import { user } from "../customers/auth-tables.server";
import { wishlists } from "./tables.server";
import {
  addToWishlist,
  mergeGuestWishlist,
  pruneGuestWishlists,
  removeFromWishlist,
  wishlistCards,
  wishlistCounts,
  wishlistProductIds,
  wishlistRefOf,
} from "./wishlist.server";

let connection: Connection;
let ids: number[];

beforeAll(async () => {
  connection = await seededDatabase({ products: 12, seed: 3, now: new Date("2026-06-01T10:00:00Z") });
  const rows = await connection.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.id)
    .limit(3);
  ids = rows.map((r) => r.id);
}, 180_000);
afterAll(() => connection.close());
beforeEach(async () => {
  await connection.db.delete(wishlists);
  await connection.db.update(products).set({ isActive: true });
});

const guest = () => ({ token: newGuestToken() });

async function newCustomer(): Promise<string> {
  const id = randomUUID();
  await connection.db
    .insert(user)
    .values({ id, name: "Sam Peeters", email: `${id}@example.be`, firstName: "Sam", lastName: "Peeters" });
  return id;
}

describe("wishlist", () => {
  it("adds and removes a product idempotently", async () => {
    const ref = guest();
    expect(await addToWishlist(connection.db, ref, ids[0]!)).toEqual({ ok: true, changed: true });
    expect(await addToWishlist(connection.db, ref, ids[0]!)).toEqual({ ok: true, changed: false });
    expect(await addToWishlist(connection.db, ref, ids[1]!)).toEqual({ ok: true, changed: true });
    expect(await wishlistProductIds(connection.db, ref)).toHaveLength(2);
    expect(await removeFromWishlist(connection.db, ref, ids[0]!)).toEqual({ ok: true, changed: true });
    expect(await removeFromWishlist(connection.db, ref, ids[0]!)).toEqual({ ok: true, changed: false });
    expect(await removeFromWishlist(connection.db, guest(), ids[0]!)).toEqual({ ok: true, changed: false });
    expect(await wishlistProductIds(connection.db, ref)).toEqual([ids[1]]);
  });

  it("refuses an unknown or inactive product with the spec's wishlist add failure", async () => {
    const ref = guest();
    expect(await addToWishlist(connection.db, ref, 999_999)).toEqual({
      ok: false,
      messageKey: "wishlist:errors.add",
    });
    await connection.db.update(products).set({ isActive: false }).where(eq(products.id, ids[0]!));
    expect(await addToWishlist(connection.db, ref, ids[0]!)).toMatchObject({ ok: false });
  });

  it("lists active products as cards in the shopper's locale", async () => {
    const ref = guest();
    for (const id of ids) await addToWishlist(connection.db, ref, id);
    await connection.db.update(products).set({ isActive: false }).where(eq(products.id, ids[1]!));
    const cards = await wishlistCards(connection.db, ref, "fr");
    expect(cards.map((c) => c.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(cards[0]!.name).not.toBe("");
    expect(await wishlistCards(connection.db, null, "fr")).toEqual([]);
  });

  it("merges a guest wishlist into the customer's at sign-in and drops the guest one", async () => {
    const userId = await newCustomer();
    await addToWishlist(connection.db, { userId }, ids[0]!);
    const { token } = guest();
    await addToWishlist(connection.db, { token }, ids[0]!);
    await addToWishlist(connection.db, { token }, ids[1]!);
    expect(await mergeGuestWishlist(connection.db, token, userId)).toBe(1);
    expect((await wishlistProductIds(connection.db, { userId })).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await wishlistProductIds(connection.db, { token })).toEqual([]);
    expect(await connection.db.select().from(wishlists).where(eq(wishlists.token, token))).toEqual([]);
  });

  it("counts the wishlists holding each product", async () => {
    for (let i = 0; i < 3; i++) await addToWishlist(connection.db, guest(), ids[0]!);
    await addToWishlist(connection.db, guest(), ids[1]!);
    const counts = await wishlistCounts(connection.db);
    expect(counts.get(ids[0]!)).toBe(3);
    expect(counts.get(ids[1]!)).toBe(1);
  });

  it("finds the wishlist of a request and prunes old guest lists", async () => {
    const { token } = guest();
    expect(wishlistRefOf(null, `a=b; shop_wishlist=${token}`)).toEqual({ token });
    expect(wishlistRefOf("u1", `shop_wishlist=${token}`)).toEqual({ userId: "u1" });
    expect(wishlistRefOf(null, "shop_wishlist=short")).toBeNull();
    await addToWishlist(connection.db, { token }, ids[0]!);
    await connection.db.update(wishlists).set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) });
    expect(await pruneGuestWishlists(connection.db)).toBe(1);
  });
});
