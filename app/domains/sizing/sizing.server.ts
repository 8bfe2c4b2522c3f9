import { and, eq } from "drizzle-orm";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { afterCommit, transaction } from "../../platform/db/transaction.server";
import { type Refusal, refuse } from "../../platform/refusal";
import type { BodyProfile } from "./body";
import { chartProblems } from "./chart-rules";
import { type ChartSize, type GarmentFamily, type SizeChart, sizeChartFor, sizeCharts } from "./size-charts";
import { sizeChartOverrides } from "./tables.server";

/** Charts are read on product pages: kept half a minute per process. */
const CACHE_MS = 30_000;
let cache: { overrides: Map<string, ChartSize[]>; until: number } | undefined;
/** Bumped when the charts change: a read that started before does not keep what it read. */
let generation = 0;
const keyOf = (profile: string, family: string) => `${profile}/${family}`;

async function overrides(): Promise<Map<string, ChartSize[]>> {
  if (cache && cache.until > Date.now()) return cache.overrides;
  const started = generation;
  const rows = await db().select().from(sizeChartOverrides);
  const map = new Map(rows.map((r) => [keyOf(r.profile, r.family), r.sizes]));
  if (started === generation) cache = { overrides: map, until: Date.now() + CACHE_MS };
  return map;
}

/**
 * Drops this process's charts once the change written through `tx` commits (others follow within
 * CACHE_MS). Not before: a product page read between the two would keep the old charts for CACHE_MS.
 */
function forgetCharts(tx: Queryable): void {
  afterCommit(tx, () => {
    generation++;
    cache = undefined;
  });
}

/** The sizes of a chart as operators changed them; null while the built-in chart applies. */
export async function customChartSizes(
  profile: BodyProfile,
  family: GarmentFamily,
): Promise<ChartSize[] | null> {
  return (await overrides()).get(keyOf(profile, family)) ?? null;
}

export interface StaffSizeChart extends SizeChart {
  custom: boolean;
}

/** Every chart as the shop uses it now, marked when operators changed it. */
export async function sizeChartsForStaff(): Promise<StaffSizeChart[]> {
  cache = undefined;
  const stored = await overrides();
  return sizeCharts.map((chart) => {
    const sizes = stored.get(keyOf(chart.profile, chart.family));
    return { ...chart, sizes: sizes ?? chart.sizes, custom: sizes !== undefined };
  });
}

/**
 * Saves new ranges for a built-in chart (same sizes, same order); refuses a chart that breaks the
 * contract of `chartProblems`. Returns the sizes before and after.
 */
export function saveSizeChart(
  profile: BodyProfile,
  family: GarmentFamily,
  sizes: ChartSize[],
  options: { tx?: Transaction } = {},
): Promise<{ before: readonly ChartSize[]; after: readonly ChartSize[] } | Refusal> {
  const builtIn = sizeChartFor(profile, family);
  if (!builtIn) return Promise.resolve(refuse.notFound("admin:sizing.noSuchChart"));
  if (sizes.map((s) => s.size).join() !== builtIn.sizes.map((s) => s.size).join())
    return Promise.resolve(refuse.invalid("admin:sizing.sizesFixed"));
  const problem = chartProblems({ keys: builtIn.keys, sizes })[0];
  if (problem) {
    const index = sizes.findIndex((s) => s.size === problem.size);
    return Promise.resolve(
      refuse.invalid(
        "admin:sizing.chartProblem",
        { size: problem.size, key: problem.key, problem: problem.message },
        `sizes[${index}].${problem.key}Min`,
      ),
    );
  }
  return transaction(
    async (tx) => {
      const [before] = await tx
        .select({ sizes: sizeChartOverrides.sizes })
        .from(sizeChartOverrides)
        .where(and(eq(sizeChartOverrides.profile, profile), eq(sizeChartOverrides.family, family)));
      await tx
        .insert(sizeChartOverrides)
        .values({ profile, family, sizes })
        .onConflictDoUpdate({
          target: [sizeChartOverrides.profile, sizeChartOverrides.family],
          set: { sizes, updatedAt: new Date() },
        });
      forgetCharts(tx);
      return { before: before?.sizes ?? builtIn.sizes, after: sizes };
    },
    { on: options.tx },
  );
}

/** Back to the built-in chart; null when the chart was the built-in one already. */
export function resetSizeChart(
  profile: BodyProfile,
  family: GarmentFamily,
  options: { tx?: Transaction } = {},
): Promise<{ before: readonly ChartSize[]; after: readonly ChartSize[] } | null> {
  return transaction(
    async (tx) => {
      const [removed] = await tx
        .delete(sizeChartOverrides)
        .where(and(eq(sizeChartOverrides.profile, profile), eq(sizeChartOverrides.family, family)))
        .returning({ sizes: sizeChartOverrides.sizes });
      forgetCharts(tx);
      return removed ? { before: removed.sizes, after: sizeChartFor(profile, family)?.sizes ?? [] } : null;
    },
    { on: options.tx },
  );
}
