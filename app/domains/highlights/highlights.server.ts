import { eq, sql } from "drizzle-orm";
import { db, selectRows, type Transaction } from "../../platform/db/db.server";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import {
  forgetProductEventsBefore,
  type HourlyCounts,
  type LabelledProduct,
  productEventHistory,
  recordProductEvent,
  replaceStoredLabels,
  storedLabels,
  storedLabelsOf,
} from "../catalog/catalog.server";
import { readSetting, writeSetting } from "../content/content.server";
import { type CapDecision, EventCap } from "./event-cap";
import { COUNTER_RETENTION_DAYS, gatherFacts } from "./facts.server";
import { computeHighlights, type Highlight, type ProductFacts } from "./labels";
import { type FitAnswer, productFitAnswers } from "./tables.server";
import {
  defaultHighlightThresholds,
  type HighlightThresholds,
  HighlightThresholdsSchema,
} from "./thresholds";

export type { CapDecision } from "./event-cap";
export type { Highlight } from "./labels";
export type { FitAnswer } from "./tables.server";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const THRESHOLDS_SETTING = "highlightThresholds";

// ── Recording ──────────────────────────────────────────────────────────────────────────────────────────
// Views, cart adds, units sold and wishlist adds are recorded by the catalogue (`recordProductEvent`),
// where the domains that see them already reach; this domain reads the counters.

/** One "how does it fit?" answer for a product. */
export async function recordFitAnswer(
  productId: number,
  answer: FitAnswer,
  options: { tx?: Transaction } = {},
): Promise<void> {
  const one = {
    small: answer === "small" ? 1 : 0,
    trueToSize: answer === "true" ? 1 : 0,
    large: answer === "large" ? 1 : 0,
  };
  await (options.tx ?? db())
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

/** A product's "how does it fit?" answers so far (reviews and returns' fit reasons), for the size advice. */
export async function productFit(productId: number): Promise<{ small: number; true: number; large: number }> {
  const [row] = await db()
    .select({
      small: productFitAnswers.small,
      true: productFitAnswers.trueToSize,
      large: productFitAnswers.large,
    })
    .from(productFitAnswers)
    .where(eq(productFitAnswers.productId, productId));
  return row ?? { small: 0, true: 0, large: 0 };
}

// ── Thresholds (operator settings) ─────────────────────────────────────────────────────────────────────

/** The thresholds operators set, or PRODUCT.md's defaults when none (or an invalid value) is stored. */
export async function highlightThresholds(options: { tx?: Transaction } = {}): Promise<HighlightThresholds> {
  const stored = HighlightThresholdsSchema.safeParse(await readSetting(THRESHOLDS_SETTING, options));
  return stored.success ? stored.data : defaultHighlightThresholds;
}

/** Validates and saves the thresholds; the next highlights run uses them. */
export async function setHighlightThresholds(
  thresholds: HighlightThresholds,
  options: { by?: string; tx?: Transaction } = {},
): Promise<void> {
  await writeSetting(THRESHOLDS_SETTING, HighlightThresholdsSchema.parse(thresholds), options);
}

// ── Computing ──────────────────────────────────────────────────────────────────────────────────────────

/** Facts as stored: dates as ISO strings. */
export type StoredFacts = Omit<ProductFacts, "onlineFrom" | "restockedAt"> & {
  onlineFrom: string | null;
  restockedAt: string | null;
};

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
  const rows: LabelledProduct[] = [];
  const all = await gatherFacts(thresholds, now);
  for (const [productId, facts] of all) {
    const labels = computeHighlights(facts, thresholds, now);
    if (labels.length > 0) rows.push({ productId, labels, facts: storedFacts(facts), computedAt: now });
  }
  await replaceStoredLabels(rows);
  await forgetProductEventsBefore(new Date(now.getTime() - COUNTER_RETENTION_DAYS * DAY_MS));
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

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * The stored labels of these products, in `HIGHLIGHT_PRIORITY` order (the order they were computed and
 * stored in); products without labels are absent. One primary-key lookup, whatever the number.
 */
export async function highlightsFor(productIds: readonly number[]): Promise<Map<number, Highlight[]>> {
  // This domain wrote them (refreshHighlights): they are `computeHighlights`' labels.
  return (await storedLabels(productIds)) as Map<number, Highlight[]>;
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

export type { HourlyCounts };

/** A product's labels with the facts, thresholds and hourly counters behind them; null for no product. */
export async function highlightTrace(productId: number, now = new Date()): Promise<HighlightTrace | null> {
  const [product] = await selectRows(db(), sql`select id from products where id = ${productId}`);
  if (!product) return null;
  const [stored, hourly, thresholds] = await Promise.all([
    storedLabelsOf(productId),
    productEventHistory(productId, new Date(now.getTime() - 30 * DAY_MS)),
    highlightThresholds(),
  ]);
  return {
    productId,
    computedAt: stored?.computedAt ?? null,
    // This domain wrote them (refreshHighlights).
    labels: (stored?.labels ?? []) as Highlight[],
    facts: (stored?.facts ?? null) as StoredFacts | null,
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
  if (decision === "count") recordProductEvent(productId, "view");
  return decision;
}
