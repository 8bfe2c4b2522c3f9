import { SHOP_TIME_ZONE } from "../../platform/shop-time";

/**
 * Customer service's opening hours (the `serviceHours` setting): pure and client-safe, so the chat page and
 * the app show the same "open now" as the server decides.
 */
export interface ServiceHours {
  weekdayFrom: number;
  weekdayUntil: number;
  saturdayFrom: number;
  saturdayUntil: number;
  sundayFrom: number;
  sundayUntil: number;
}

export type DayGroup = "weekdays" | "saturday" | "sunday";

export interface DayHours {
  days: DayGroup;
  /** null when closed all day. */
  from: number | null;
  until: number | null;
}

export function weekSchedule(hours: ServiceHours): DayHours[] {
  const day = (days: DayGroup, from: number, until: number): DayHours =>
    until > from ? { days, from, until } : { days, from: null, until: null };
  return [
    day("weekdays", hours.weekdayFrom, hours.weekdayUntil),
    day("saturday", hours.saturdayFrom, hours.saturdayUntil),
    day("sunday", hours.sundayFrom, hours.sundayUntil),
  ];
}

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  weekday: "short",
  hour: "2-digit",
  hourCycle: "h23",
});

/** Whether service is open at `now` (Amsterdam time). */
export function isOpen(hours: ServiceHours, now: Date): boolean {
  const parts = Object.fromEntries(clock.formatToParts(now).map((p) => [p.type, p.value]));
  const hour = Number(parts.hour);
  const group: DayGroup =
    parts.weekday === "Sat" ? "saturday" : parts.weekday === "Sun" ? "sunday" : "weekdays";
  const today = weekSchedule(hours).find((d) => d.days === group)!;
  return today.from !== null && today.until !== null && hour >= today.from && hour < today.until;
}
