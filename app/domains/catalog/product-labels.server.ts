// The labels the highlights job stored for each product ("In 4 carts", "Back in stock"): the catalogue
// serves them with its cards and product pages; the highlights domain computes and replaces them.
import { eq, inArray } from "drizzle-orm";
import { db } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import type { HighlightCode } from "./highlight-codes";
import { productHighlights, type StoredLabel } from "./tables.server";

export type { StoredLabel } from "./tables.server";

const INSERT_BATCH = 1_000;

/**
 * The stored labels of these products (all of them, or the first `limit`), in the order the highlights
 * job stored them; products without labels are absent. One primary-key lookup, whatever the number.
 */
export async function storedLabels(
  productIds: readonly number[],
  options: { limit?: number; except?: readonly HighlightCode[] } = {},
): Promise<Map<number, StoredLabel[]>> {
  const found = new Map<number, StoredLabel[]>();
  if (productIds.length === 0) return found;
  const rows = await db()
    .select({ productId: productHighlights.productId, labels: productHighlights.labels })
    .from(productHighlights)
    .where(inArray(productHighlights.productId, [...productIds]));
  for (const { productId, labels } of rows) {
    const shown = labels.filter((label) => !options.except?.includes(label.code));
    if (shown.length > 0) found.set(productId, shown.slice(0, options.limit ?? shown.length));
  }
  return found;
}

/** A product's stored labels with the facts and the time they were computed; null when it has none. */
export async function storedLabelsOf(productId: number) {
  const [row] = await db().select().from(productHighlights).where(eq(productHighlights.productId, productId));
  return row ?? null;
}

export interface LabelledProduct {
  productId: number;
  labels: StoredLabel[];
  facts: Record<string, unknown>;
  computedAt: Date;
}

/** Replaces every product's labels in one transaction: readers see the old set or the new one, never half. */
export async function replaceStoredLabels(rows: readonly LabelledProduct[]): Promise<void> {
  await transaction(async (tx) => {
    await tx.delete(productHighlights);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx.insert(productHighlights).values(rows.slice(i, i + INSERT_BATCH));
    }
  });
}
