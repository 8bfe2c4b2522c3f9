import { createHash } from "node:crypto";
import { desc, inArray, lt, sql } from "drizzle-orm";
import { db, selectRows } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { activeProductCards, type PageCard, pageCards, relatedBestSellers } from "../catalog/catalog.server";
import { coPurchasedPairs } from "../orders/orders.server";
import { productAffinities, recommendationViews } from "./tables.server";

/** A co-purchase weighs as much as this many co-views. */
const PURCHASE_WEIGHT = 3;
/** Neighbours kept per product. */
const KEEP = 12;
const VIEW_DAYS = 30;

const sessionHash = (token: string) => createHash("sha256").update(`recommendations:${token}`).digest("hex");

/**
 * Records that a consenting visitor's anonymous session viewed a product (the caller checked the
 * personalisation consent). Idempotent per session and product.
 */
export async function recordRecommendationView(session: string, productId: number): Promise<void> {
  await db()
    .insert(recommendationViews)
    .values({ sessionHash: sessionHash(session), productId })
    .onConflictDoUpdate({
      target: [recommendationViews.sessionHash, recommendationViews.productId],
      set: { viewedAt: sql`now()` },
    });
}

/**
 * Recomputes every product's neighbours from the last 30 days' co-views (sessions that viewed both) and
 * the last 180 days' co-purchases (orders that held both, weighted ×3), keeping the best 12; replaces
 * the table in one transaction, so readers see the old list or the new one. Old views are dropped.
 */
export async function computeAffinities(): Promise<{ products: number; pairs: number }> {
  await db()
    .delete(recommendationViews)
    .where(lt(recommendationViews.viewedAt, sql`now() - make_interval(days => ${VIEW_DAYS})`));
  const coViews = await selectRows<{ a: number; b: number; n: number }>(
    db(),
    sql`select x.product_id as a, y.product_id as b, count(*)::int as n
        from ${recommendationViews} x
        join ${recommendationViews} y on y.session_hash = x.session_hash and y.product_id <> x.product_id
        group by 1, 2`,
  );
  const scores = new Map<number, Map<number, number>>();
  const add = (a: number, b: number, points: number) => {
    const row = scores.get(a) ?? new Map<number, number>();
    row.set(b, (row.get(b) ?? 0) + points);
    scores.set(a, row);
  };
  for (const { a, b, n } of coViews) add(Number(a), Number(b), Number(n));
  for (const { a, b, n } of await coPurchasedPairs()) add(a, b, n * PURCHASE_WEIGHT);
  const rows = [...scores].flatMap(([productId, others]) =>
    [...others]
      .sort((x, y) => y[1] - x[1] || x[0] - y[0])
      .slice(0, KEEP)
      .map(([otherId, score]) => ({ productId, otherId, score })),
  );
  await transaction(async (tx) => {
    await tx.delete(productAffinities);
    for (let at = 0; at < rows.length; at += 1_000)
      await tx.insert(productAffinities).values(rows.slice(at, at + 1_000));
  });
  return { products: scores.size, pairs: rows.length };
}

/** Every hour: the neighbours from the latest views and orders. */
export const computeAffinitiesJob = defineJob<{ reason: string }>({
  name: "marketing.recommendations",
  schedule: { cron: "17 * * * *", data: { reason: "schedule" } },
  options: { retryLimit: 1, expireInSeconds: 900 },
  async handle() {
    const result = await computeAffinities();
    logger.info(result, "recommendations computed");
  },
});

/**
 * "You may also like" for a product page or a cart. With personalisation consent: the products' nearest
 * neighbours by co-views and co-purchases, best first, topped up by the same categories' best sellers;
 * without it only those best sellers (nothing about the visitor is read). Never a product of `productIds`,
 * never a sold-out one.
 */
export async function recommendations(
  locale: Locale,
  productIds: readonly number[],
  options: { personalised: boolean; size?: number },
): Promise<{ personalised: boolean; products: PageCard[] }> {
  const size = options.size ?? 8;
  const own = new Set(productIds);
  let picked: PageCard[] = [];
  if (options.personalised && productIds.length > 0) {
    const near = await db()
      .select({ id: productAffinities.otherId, score: sql<number>`sum(${productAffinities.score})::int` })
      .from(productAffinities)
      .where(inArray(productAffinities.productId, [...productIds]))
      .groupBy(productAffinities.otherId)
      .orderBy(desc(sql`sum(${productAffinities.score})`), productAffinities.otherId)
      .limit(size * 3);
    const ids = near.map((n) => n.id).filter((id) => !own.has(id));
    const cards = pageCards(await activeProductCards(locale, ids));
    picked = cards.filter((card) => card.stock > 0 && !card.comingSoon).slice(0, size);
  }
  const filler =
    picked.length < size
      ? await relatedBestSellers(locale, productIds, {
          size: size - picked.length,
          except: picked.map((card) => card.id),
        })
      : [];
  return { personalised: options.personalised && picked.length > 0, products: [...picked, ...filler] };
}
