import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { newCustomer } from "../../../tests/support/factories";
import type { Connection } from "../../platform/db/db.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { products } from "../catalog/tables.server";
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

describe("wishlist", () => {
  it("adds and removes a product idempotently", async () => {
    const ref = guest();
    expect(await addToWishlist(ref, ids[0]!)).toEqual({ changed: true });
    expect(await addToWishlist(ref, ids[0]!)).toEqual({ changed: false });
    expect(await addToWishlist(ref, ids[1]!)).toEqual({ changed: true });
    expect(await wishlistProductIds(ref)).toHaveLength(2);
    expect(await removeFromWishlist(ref, ids[0]!)).toEqual({ changed: true });
    expect(await removeFromWishlist(ref, ids[0]!)).toEqual({ changed: false });
    expect(await removeFromWishlist(guest(), ids[0]!)).toEqual({ changed: false });
    expect(await wishlistProductIds(ref)).toEqual([ids[1]]);
  });

  it("refuses an unknown or inactive product with the spec's wishlist add failure", async () => {
    const ref = guest();
    expect(await addToWishlist(ref, 999_999)).toMatchObject({
      kind: "not-found",
      messageKey: "wishlist:errors.add",
    });
    await connection.db.update(products).set({ isActive: false }).where(eq(products.id, ids[0]!));
    expect(await addToWishlist(ref, ids[0]!)).toMatchObject({ messageKey: "wishlist:errors.add" });
  });

  it("lists active products as cards in the shopper's locale", async () => {
    const ref = guest();
    for (const id of ids) await addToWishlist(ref, id);
    await connection.db.update(products).set({ isActive: false }).where(eq(products.id, ids[1]!));
    const cards = await wishlistCards(ref, "fr");
    expect(cards.map((c) => c.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(cards[0]!.name).not.toBe("");
    expect(await wishlistCards(null, "fr")).toEqual([]);
  });

  it("merges a guest wishlist into the customer's at sign-in and drops the guest one", async () => {
    const { id: userId } = await newCustomer({ firstName: "Sam", lastName: "Peeters" });
    await addToWishlist({ userId }, ids[0]!);
    const { token } = guest();
    await addToWishlist({ token }, ids[0]!);
    await addToWishlist({ token }, ids[1]!);
    expect(await mergeGuestWishlist(token, userId)).toBe(1);
    expect((await wishlistProductIds({ userId })).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await wishlistProductIds({ token })).toEqual([]);
    expect(await connection.db.select().from(wishlists).where(eq(wishlists.token, token))).toEqual([]);
  });

  it("counts the wishlists holding each product", async () => {
    for (let i = 0; i < 3; i++) await addToWishlist(guest(), ids[0]!);
    await addToWishlist(guest(), ids[1]!);
    const counts = await wishlistCounts();
    expect(counts.get(ids[0]!)).toBe(3);
    expect(counts.get(ids[1]!)).toBe(1);
  });

  it("finds the wishlist of a request and prunes old guest lists", async () => {
    const { token } = guest();
    expect(wishlistRefOf(null, `a=b; shop_wishlist=${token}`)).toEqual({ token });
    expect(wishlistRefOf("u1", `shop_wishlist=${token}`)).toEqual({ userId: "u1" });
    expect(wishlistRefOf(null, "shop_wishlist=short")).toBeNull();
    await addToWishlist({ token }, ids[0]!);
    await connection.db.update(wishlists).set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) });
    expect(await pruneGuestWishlists()).toBe(1);
  });
});
