/**
 * The shop's clock is Europe/Amsterdam (ARCHITECTURE.md): staff type local times into `datetime-local`
 * inputs; the database keeps UTC. Client-safe; uses only `Intl`.
 */
export const SHOP_TIME_ZONE = "Europe/Amsterdam";

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallClock(instant: Date) {
  const get = (type: string) => Number(parts.formatToParts(instant).find((p) => p.type === type)?.value);
  return {
    y: get("year"),
    m: get("month"),
    d: get("day"),
    h: get("hour"),
    min: get("minute"),
    s: get("second"),
  };
}

/** Minutes Amsterdam is ahead of UTC at an instant (60 in winter, 120 in summer). */
function offsetMinutes(instant: Date): number {
  const w = wallClock(instant);
  const asUtc = Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** `2026-12-01T09:00` on the shop's clock → the UTC instant; null for text that is not such a time. */
export function shopLocalToUtc(local: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  const naive = Date.UTC(y, m - 1, d, h, min);
  if (Number.isNaN(naive)) return null;
  // The offset at the naive instant, corrected once for instants near a DST change.
  let utc = naive - offsetMinutes(new Date(naive)) * 60_000;
  utc = naive - offsetMinutes(new Date(utc)) * 60_000;
  const check = new Date(naive);
  if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc);
}

/** A UTC instant as `yyyy-mm-ddThh:mm` on the shop's clock, for a `datetime-local` input's value. */
export function utcToShopLocal(instant: Date | string | null): string {
  if (instant === null) return "";
  const w = wallClock(typeof instant === "string" ? new Date(instant) : instant);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${w.y}-${pad(w.m)}-${pad(w.d)}T${pad(w.h)}:${pad(w.min)}`;
}

const display = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "short",
});

/** "1 Dec 2026, 09:00" on the shop's clock, for back-office tables. */
export function formatShopTime(instant: Date | string | null): string {
  if (instant === null) return "—";
  return display.format(typeof instant === "string" ? new Date(instant) : instant);
}
