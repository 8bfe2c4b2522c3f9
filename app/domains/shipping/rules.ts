import type { Country } from "../../platform/forms/validators";
import { SHOP_TIME_ZONE } from "../../platform/shop-time";

/** Pure, client-safe shipping rules: methods and prices (defaults of the settings), cut-off, delivery moments. */

export type DeliveryType = "home" | "service-point";

export interface ShippingMethod {
  id: string;
  type: DeliveryType;
  carrier: string;
  priceCents: number;
  /** Home delivery with a choice of day and time window (where the carrier offers one). */
  moments: boolean;
}

/** Default of the `shippingMethods` setting. */
export const DEFAULT_SHIPPING_METHODS: Record<Country, ShippingMethod[]> = {
  NL: [
    { id: "nl-home", type: "home", carrier: "PostNL", priceCents: 495, moments: true },
    { id: "nl-point", type: "service-point", carrier: "PostNL", priceCents: 395, moments: false },
  ],
  BE: [
    { id: "be-home", type: "home", carrier: "bpost", priceCents: 595, moments: true },
    { id: "be-point", type: "service-point", carrier: "bpost", priceCents: 495, moments: false },
  ],
  FR: [
    { id: "fr-home", type: "home", carrier: "Colissimo", priceCents: 695, moments: false },
    { id: "fr-point", type: "service-point", carrier: "Mondial Relay", priceCents: 495, moments: false },
  ],
  ES: [
    { id: "es-home", type: "home", carrier: "Correos Express", priceCents: 695, moments: false },
    { id: "es-point", type: "service-point", carrier: "Correos", priceCents: 595, moments: false },
  ],
};

/** Orders placed before this hour ship the same day (SPEC §9). */
export const SAME_DAY_CUTOFF_HOUR = 23;

const localParts = new Intl.DateTimeFormat("en-CA", {
  timeZone: SHOP_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The date (YYYY-MM-DD) and time in Amsterdam at `now`. */
export function shopClock(now: Date): { date: string; hour: number; minute: number } {
  const parts = Object.fromEntries(localParts.formatToParts(now).map((p) => [p.type, p.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** Carriers deliver Monday to Saturday. */
function nextDeliveryDay(date: string): string {
  let day = addDays(date, 1);
  while (weekday(day) === 0) day = addDays(day, 1);
  return day;
}

export interface ShippingPromise {
  /** Ordered now, the parcel leaves the warehouse today. */
  shipsToday: boolean;
  /** Minutes left before the cut-off today (0 once passed). */
  minutesLeft: number;
  /** The day the parcel leaves (Amsterdam date). */
  shipDate: string;
  /** Expected delivery: next day in NL and BE, two to three working days in FR and ES. */
  deliveryDate: string;
}

/** The same-day promise: ordered before 23:00 Europe/Amsterdam, shipped today, delivered tomorrow in NL/BE. */
export function shippingPromise(now: Date, country: Country): ShippingPromise {
  const clock = shopClock(now);
  const shipsToday = clock.hour < SAME_DAY_CUTOFF_HOUR;
  const minutesLeft = shipsToday ? (SAME_DAY_CUTOFF_HOUR - clock.hour) * 60 - clock.minute : 0;
  const shipDate = shipsToday ? clock.date : addDays(clock.date, 1);
  let deliveryDate = nextDeliveryDay(shipDate);
  if (country === "FR" || country === "ES") deliveryDate = nextDeliveryDay(nextDeliveryDay(deliveryDate));
  return { shipsToday, minutesLeft, shipDate, deliveryDate };
}

export type DeliveryWindow = "daytime" | "evening";

export interface DeliveryMoment {
  /** `YYYY-MM-DD/window`. */
  id: string;
  date: string;
  window: DeliveryWindow;
  from: string;
  to: string;
}

const WINDOWS: Record<DeliveryWindow, { from: string; to: string }> = {
  daytime: { from: "09:00", to: "17:00" },
  evening: { from: "17:00", to: "22:00" },
};

/** Evening rounds are PostNL's; bpost delivers in the daytime. */
const WINDOWS_OF: Partial<Record<Country, DeliveryWindow[]>> = {
  NL: ["daytime", "evening"],
  BE: ["daytime"],
};

/** How many delivery days a shopper can choose from. */
export const MOMENT_DAYS = 5;

/** The delivery moments home delivery offers in a country at `now` (none where the carrier has none). */
export function deliveryMoments(now: Date, country: Country, method?: ShippingMethod): DeliveryMoment[] {
  const windows = WINDOWS_OF[country];
  if (!windows || (method && (!method.moments || method.type !== "home"))) return [];
  const moments: DeliveryMoment[] = [];
  let day = shippingPromise(now, country).deliveryDate;
  for (let n = 0; n < MOMENT_DAYS; n++) {
    for (const window of windows)
      moments.push({ id: `${day}/${window}`, date: day, window, ...WINDOWS[window] });
    day = nextDeliveryDay(day);
  }
  return moments;
}

/** The destination a checkout starts with until the shopper picks one: the locale's country, NL for English. */
export function defaultCountryOf(locale: string): "NL" | "BE" | "FR" | "ES" {
  return locale === "fr" ? "FR" : locale === "es" ? "ES" : "NL";
}
