const HOUR_MS = 3_600_000;

export const eventKinds = ["view", "cart-add", "purchase", "wishlist-add"] as const;
export type EventKind = (typeof eventKinds)[number];

/** A raw product event as the recorder receives it. */
export type ProductEvent =
  | { productId: number; kind: "view" | "cart-add" | "wishlist-add"; at: Date }
  /** `quantity` (default 1) counts units, so sales figures compare with stock. */
  | { productId: number; kind: "purchase"; at: Date; quantity?: number };

export interface HourCount {
  /** Start of the UTC hour, as `hourBucket` gives it. */
  hour: Date;
  count: number;
}

/** A counter row to add to: `count` more events of `kind` for the product in that hour. */
export interface HourlyIncrement extends HourCount {
  productId: number;
  kind: EventKind;
}

/** The start of the UTC hour holding `date`: buckets never see a time zone or a DST change. */
export function hourBucket(date: Date): Date {
  return new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);
}

/**
 * The sum of the buckets that start in [from, to). With `to` = now this never counts an event from before
 * `from`; it leaves out the part of `from`'s own hour after `from` (up to an hour), so a count falls short
 * rather than overstate.
 */
export function sumWindow(buckets: readonly HourCount[], from: Date, to: Date): number {
  let sum = 0;
  for (const { hour, count } of buckets) {
    if (hour >= from && hour < to) sum += count;
  }
  return sum;
}

/**
 * One batch of events as counter increments per (product, hour, kind), sorted by product, hour and kind,
 * so a flush writes rows in a stable order.
 */
export function mergeEvents(events: readonly ProductEvent[]): { increments: HourlyIncrement[] } {
  const increments = new Map<string, HourlyIncrement>();
  for (const event of events) {
    const hour = hourBucket(event.at);
    const key = `${event.productId}|${hour.getTime()}|${event.kind}`;
    const units = event.kind === "purchase" ? (event.quantity ?? 1) : 1;
    const row = increments.get(key);
    if (row) row.count += units;
    else increments.set(key, { productId: event.productId, hour, kind: event.kind, count: units });
  }
  const order = (a: { productId: number; hour: Date }, b: { productId: number; hour: Date }) =>
    a.productId - b.productId || a.hour.getTime() - b.hour.getTime();
  return {
    increments: [...increments.values()].sort(
      (a, b) => order(a, b) || eventKinds.indexOf(a.kind) - eventKinds.indexOf(b.kind),
    ),
  };
}
