// Whose cart a request means, found or created and locked: the one way the cart's commands reach its row.
import { eq, sql } from "drizzle-orm";
import type { Queryable, Transaction } from "../../platform/db/db.server";
import { carts } from "./tables.server";

/** A signed-in customer's cart, or a guest's by the token in the `shop_cart` cookie. */
export type CartRef = { userId: string } | { token: string };

export function ownerIs(ref: CartRef) {
  return "userId" in ref ? eq(carts.userId, ref.userId) : eq(carts.token, ref.token);
}

export async function findCartId(on: Queryable, ref: CartRef): Promise<number | null> {
  const [row] = await on.select({ id: carts.id }).from(carts).where(ownerIs(ref));
  return row?.id ?? null;
}

/**
 * The shopper's cart, created on first use, locked until the transaction ends (one change at a time) and
 * marked changed (`updatedAt`, which the "in carts" counts and the guest-cart pruning read). Only the
 * bag's commands call it; one that refuses rolls the mark back with the rest. One statement: the upsert
 * locks the row it inserts or updates, and a second writer of the same owner waits on it.
 */
export async function lockedCart(tx: Transaction, ref: CartRef): Promise<number> {
  const [row] = await tx
    .insert(carts)
    .values("userId" in ref ? { userId: ref.userId } : { token: ref.token })
    .onConflictDoUpdate({
      target: "userId" in ref ? carts.userId : carts.token,
      set: { updatedAt: sql`now()` },
    })
    .returning({ id: carts.id });
  return row!.id;
}
