/**
 * A light cap on public view beacons, per process, so one client cannot inflate a product's views:
 * a client's repeat view of the same product within `repeatWindowMs` is not counted again, and a client
 * sending more than `maxPerWindow` beacons within `windowMs` is refused. Memory stays bounded: both maps
 * are replaced as their windows pass (or when they hold `maxKeys`), so nothing is kept for long.
 */
export type CapDecision = "count" | "repeat" | "limited";

export interface EventCapOptions {
  windowMs?: number;
  maxPerWindow?: number;
  repeatWindowMs?: number;
  maxKeys?: number;
}

export class EventCap {
  private readonly windowMs: number;
  private readonly maxPerWindow: number;
  private readonly repeatWindowMs: number;
  private readonly maxKeys: number;
  private perClient = new Map<string, number>();
  private clientWindow = -1;
  /** Seen (client, product) pairs of the current and the previous repeat window. */
  private seen = new Set<string>();
  private seenBefore = new Set<string>();
  private seenWindow = -1;

  constructor(options: EventCapOptions = {}) {
    this.windowMs = options.windowMs ?? 60_000;
    this.maxPerWindow = options.maxPerWindow ?? 30;
    this.repeatWindowMs = options.repeatWindowMs ?? 30 * 60_000;
    this.maxKeys = options.maxKeys ?? 200_000;
  }

  decide(client: string, key: string, now: number): CapDecision {
    const window = Math.floor(now / this.windowMs);
    if (window !== this.clientWindow || this.perClient.size >= this.maxKeys) {
      this.perClient = new Map();
      this.clientWindow = window;
    }
    const sent = (this.perClient.get(client) ?? 0) + 1;
    this.perClient.set(client, sent);
    if (sent > this.maxPerWindow) return "limited";

    const repeatWindow = Math.floor(now / this.repeatWindowMs);
    if (repeatWindow !== this.seenWindow || this.seen.size >= this.maxKeys) {
      this.seenBefore =
        repeatWindow === this.seenWindow + 1 || this.seen.size >= this.maxKeys ? this.seen : new Set();
      this.seen = new Set();
      this.seenWindow = repeatWindow;
    }
    const pair = `${client}|${key}`;
    if (this.seen.has(pair) || this.seenBefore.has(pair)) return "repeat";
    this.seen.add(pair);
    return "count";
  }
}
