import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { db, type Queryable, selectRows } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { readSetting, writeSetting } from "../content/content.server";
import { type CapDecision, EventCap } from "./event-cap";
import { COUNTER_RETENTION_DAYS, gatherFacts } from "./facts.server";
import type { EventKind } from "./hourly";
import {
  CARD_HIGHLIGHT_LIMIT,
  computeHighlights,
  type Highlight,
  type HighlightCode,
  type ProductFacts,
} from "./labels";
import { eventRecorder } from "./recorder.server";
import {
  type FitAnswer,
  productEventCounts,
  productFitAnswers,
  productHighlights,
  type StoredFacts,
} from "./tables.server";
import {
  defaultHighlightThresholds,
  type HighlightThresholds,
  HighlightThresholdsSchema,
} from "./thresholds";

export type { CapDecision } from "./event-cap";
export type { EventKind } from "./hourly";
export type { Highlight, HighlightCode } from "./labels";
export type { FitAnswer } from "./tables.server";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const THRESHOLDS_SETTING = "highlightThresholds";
const INSERT_BATCH = 1_000;

// ── Recording ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * Records `n` events of a product (views, cart adds, units sold, wishlist adds) for the hourly counters.
 * Costs the caller an array push: events are written in batches, and it never throws.
 */
export function recordEvent(productId: number, kind: EventKind, n = 1): void {
  eventRecorder.record(productId, kind, n);
}

/** Writes the buffered events now; the server calls it while shutting down. Never rejects. */
export function flushEvents(): Promise<void> {
  return eventRecorder.flush();
}

/** One "how does it fit?" answer for a product. */
export async function recordFitAnswer(
  productId: number,
  answer: FitAnswer,
  on: Queryable = db(),
): Promise<void> {
  const one = {
    small: answer === "small" ? 1 : 0,
    trueToSize: answer === "true" ? 1 : 0,
    large: answer === "large" ? 1 : 0,
  };
  await on
    .insert(productFitAnswers)
    .values({ productId, ...one })
    .onConflictDoUpdate({
      target: productFitAnswers.productId,
      set: {
        small: sql`${productFitAnswers.small} + ${one.small}`,
        trueToSize: sql`${productFitAnswers.trueToSize} + ${one.trueToSize}`,
        large: sql`${productFitAnswers.large} + ${one.large}`,
        updatedAt: sql`now()`,
      },
    });
}

// ── Thresholds (operator settings) ─────────────────────────────────────────────────────────────────────

/** The thresholds operators set, or PRODUCT.md's defaults when none (or an invalid value) is stored. */
export async function highlightThresholds(on?: Queryable): Promise<HighlightThresholds> {
  const stored = HighlightThresholdsSchema.safeParse(await readSetting(THRESHOLDS_SETTING, on));
  return stored.success ? stored.data : defaultHighlightThresholds;
}

/** Validates and saves the thresholds; the next highlights run uses them. */
export async function setHighlightThresholds(
  thresholds: HighlightThresholds,
  by?: string,
  tx?: Queryable,
): Promise<void> {
  await writeSetting(THRESHOLDS_SETTING, HighlightThresholdsSchema.parse(thresholds), by, tx);
}

// ── Computing ──────────────────────────────────────────────────────────────────────────────────────────

function storedFacts(facts: ProductFacts): StoredFacts {
  return {
    ...facts,
    onlineFrom: facts.onlineFrom?.toISOString() ?? null,
    restockedAt: facts.restockedAt?.toISOString() ?? null,
  };
}

/**
 * Computes every product's labels from the counters and replaces the stored ones in one transaction
 * (readers see the old set or the new one, never half), then prunes counters no label reads any more.
 */
export async function refreshHighlights(
  now = new Date(),
): Promise<{ products: number; labelled: number; ms: number }> {
  const started = performance.now();
  const thresholds = await highlightThresholds();
  const rows: (typeof productHighlights.$inferInsert)[] = [];
  const all = await gatherFacts(db(), thresholds, now);
  for (const [productId, facts] of all) {
    const labels = computeHighlights(facts, thresholds, now);
    if (labels.length > 0) rows.push({ productId, labels, facts: storedFacts(facts), computedAt: now });
  }
  await transaction(async (tx) => {
    await tx.delete(productHighlights);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx.insert(productHighlights).values(rows.slice(i, i + INSERT_BATCH));
    }
  });
  await db()
    .delete(productEventCounts)
    .where(lt(productEventCounts.hour, new Date(now.getTime() - COUNTER_RETENTION_DAYS * DAY_MS)));
  const result = { products: all.size, labelled: rows.length, ms: Math.round(performance.now() - started) };
  logger.debug(result, "highlights refreshed");
  return result;
}

/** Every 5 minutes; the server also runs it once at start-up (see `warmHighlights`). */
export const refreshHighlightsJob = defineJob<{ reason: string }>({
  name: "highlights.refresh",
  schedule: { cron: "*/5 * * * *", data: { reason: "schedule" } },
  options: { retryLimit: 0, expireInSeconds: 240 },
  async handle() {
    await refreshHighlights();
  },
});

/** The start-up run, so labels show from the first request after a deploy or a fresh seed. */
export async function warmHighlights(): Promise<void> {
  try {
    const result = await refreshHighlights();
    logger.info(result, "highlights computed");
  } catch (error) {
    logger.error({ err: error }, "highlights not computed at start-up; the schedule retries");
  }
}

// ── Reading ────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The stored labels of these products (all of them, or the first `limit`), in `HIGHLIGHT_PRIORITY` order;
 * products without labels are absent. One primary-key lookup, whatever the number of cards.
 */
export async function highlightsFor(
  productIds: readonly number[],
  options: { limit?: number; except?: readonly HighlightCode[]; on?: Queryable } = {},
): Promise<Map<number, Highlight[]>> {
  const found = new Map<number, Highlight[]>();
  if (productIds.length === 0) return found;
  const rows = await (options.on ?? db())
    .select({ productId: productHighlights.productId, labels: productHighlights.labels })
    .from(productHighlights)
    .where(inArray(productHighlights.productId, [...productIds]));
  for (const { productId, labels } of rows) {
    const shown = labels.filter((label) => !options.except?.includes(label.code));
    if (shown.length > 0) found.set(productId, shown.slice(0, options.limit ?? shown.length));
  }
  return found;
}

/** What a product card shows of a label: its code and count, no evidence. */
export interface CardHighlight {
  code: HighlightCode;
  count?: number;
}

/**
 * The labels product cards show: at most `CARD_HIGHLIGHT_LIMIT`, without "few left", which the card
 * shows itself from the live stock.
 */
export async function cardHighlightsFor(
  productIds: readonly number[],
  on: Queryable = db(),
): Promise<Map<number, CardHighlight[]>> {
  const labels = await highlightsFor(productIds, { limit: CARD_HIGHLIGHT_LIMIT, except: ["few-left"], on });
  return new Map(
    [...labels].map(([id, list]) => [
      id,
      list.map(({ code, count }) => (count === undefined ? { code } : { code, count })),
    ]),
  );
}

/**
 * The products that sold the most units in the last `days` days (most first, ties by id), online ones only:
 * the home page's best sellers. One range scan of the hourly counters (`product_event_counts_hour_idx`).
 */
export async function bestSellingProductIds(
  options: { limit: number; days?: number; now?: Date; on?: Queryable } = { limit: 8 },
): Promise<number[]> {
  const { limit, days = 30, now = new Date(), on = db() } = options;
  if (limit <= 0) return [];
  const since = new Date(now.getTime() - days * DAY_MS);
  const rows = await selectRows<{ product_id: number }>(
    on,
    sql`select c.product_id from ${productEventCounts} c
        join products p on p.id = c.product_id
        where c.hour >= ${since.toISOString()}::timestamptz and c.units_sold > 0
          and p.is_active and (p.online_from is null or p.online_from <= ${now.toISOString()}::timestamptz)
        group by c.product_id
        order by sum(c.units_sold) desc, c.product_id
        limit ${limit}`,
  );
  return rows.map((row) => Number(row.product_id));
}

export interface HourlyCounts {
  hour: Date;
  views: number;
  cartAdds: number;
  unitsSold: number;
  wishlistAdds: number;
}

export interface HighlightTrace {
  productId: number;
  /** When the stored labels were computed; null when the product has none. */
  computedAt: Date | null;
  labels: Highlight[];
  /** The facts the labels were computed from; null when the product has none. */
  facts: StoredFacts | null;
  thresholds: HighlightThresholds;
  /** The raw counters of the last 30 days, oldest first. */
  hourly: HourlyCounts[];
}

/** A product's labels with the facts, thresholds and hourly counters behind them; null for no product. */
export async function highlightTrace(productId: number, now = new Date()): Promise<HighlightTrace | null> {
  const [product] = await selectRows(db(), sql`select id from products where id = ${productId}`);
  if (!product) return null;
  const [[stored], hourly, thresholds] = await Promise.all([
    db().select().from(productHighlights).where(eq(productHighlights.productId, productId)),
    db()
      .select({
        hour: productEventCounts.hour,
        views: productEventCounts.views,
        cartAdds: productEventCounts.cartAdds,
        unitsSold: productEventCounts.unitsSold,
        wishlistAdds: productEventCounts.wishlistAdds,
      })
      .from(productEventCounts)
      .where(
        and(
          eq(productEventCounts.productId, productId),
          gte(productEventCounts.hour, new Date(now.getTime() - 30 * DAY_MS)),
        ),
      )
      .orderBy(asc(productEventCounts.hour)),
    highlightThresholds(),
  ]);
  return {
    productId,
    computedAt: stored?.computedAt ?? null,
    labels: stored?.labels ?? [],
    facts: stored?.facts ?? null,
    thresholds,
    hourly,
  };
}

// ── Public view beacons ────────────────────────────────────────────────────────────────────────────────

const viewCap = new EventCap();

/**
 * A product-page view reported by a browser: counted unless the same client reported this product
 * recently ("repeat", accepted but not counted) or sends too many ("limited", refused).
 */
export function acceptViewBeacon(client: string, productId: number, now = Date.now()): CapDecision {
  const decision = viewCap.decide(client, String(productId), now);
  if (decision === "count") recordEvent(productId, "view");
  return decision;
}
