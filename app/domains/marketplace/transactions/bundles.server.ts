// The store's bundle discount as its owner sets it (PRODUCT.md: none, or a percentage from 2 or 3 items of
// the store). Buying reads the same row (buying.server.ts); a purchase keeps the discount it was priced with.
import { eq, sql } from "drizzle-orm";
import { db } from "../../../platform/db/db.server";
import { type Refusal, refuse } from "../../../platform/refusal";
import { marketplaceStores } from "../tables.server";
import { marketplaceStoreBundles } from "./tables.server";

export interface BundleRule {
  percent: number;
  fromItems: 2 | 3;
}

/** The bundle discount of the person's store, or null (none, or no store). */
export async function myBundle(userId: string): Promise<BundleRule | null> {
  const [row] = await db()
    .select({ percent: marketplaceStoreBundles.percent, fromItems: marketplaceStoreBundles.fromItems })
    .from(marketplaceStoreBundles)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceStoreBundles.storeId))
    .where(eq(marketplaceStores.userId, userId));
  return row ? { percent: row.percent, fromItems: row.fromItems === 3 ? 3 : 2 } : null;
}

/** A store's bundle discount by its id (the store page says it), or null. */
export async function bundleOfStore(storeId: number): Promise<BundleRule | null> {
  const [row] = await db()
    .select({ percent: marketplaceStoreBundles.percent, fromItems: marketplaceStoreBundles.fromItems })
    .from(marketplaceStoreBundles)
    .where(eq(marketplaceStoreBundles.storeId, storeId));
  return row ? { percent: row.percent, fromItems: row.fromItems === 3 ? 3 : 2 } : null;
}

/**
 * Sets the owner's bundle discount; 0 % removes it. Only one's own store (someone without one gets a
 * 404); percentages 1–50 from 2 or 3 items, as the table's check allows.
 */
export async function saveBundle(
  userId: string,
  rule: { percent: number; fromItems: number },
): Promise<BundleRule | null | Refusal> {
  if (
    !Number.isInteger(rule.percent) ||
    rule.percent < 0 ||
    rule.percent > 50 ||
    (rule.fromItems !== 2 && rule.fromItems !== 3)
  )
    return refuse.invalid("trade:bundle.invalid", {}, "percent");
  const [store] = await db()
    .select({ id: marketplaceStores.id })
    .from(marketplaceStores)
    .where(eq(marketplaceStores.userId, userId));
  if (!store) return refuse.notFound();
  if (rule.percent === 0) {
    await db().delete(marketplaceStoreBundles).where(eq(marketplaceStoreBundles.storeId, store.id));
    return null;
  }
  const values = { percent: rule.percent, fromItems: rule.fromItems };
  await db()
    .insert(marketplaceStoreBundles)
    .values({ storeId: store.id, ...values })
    .onConflictDoUpdate({
      target: marketplaceStoreBundles.storeId,
      set: { ...values, updatedAt: sql`now()` },
    });
  return { percent: rule.percent, fromItems: rule.fromItems as 2 | 3 };
}
