import { z } from "zod";
import { env } from "../../platform/env.server";
import { type Country, countries } from "../../platform/forms/validators";
import { logger } from "../../platform/logging/logger.server";
import { cachedSetting, shopSetting } from "../content/content.server";
import type { ShippingCharge } from "../pricing/totals";
import {
  type AddressLookup,
  httpAddressLookup,
  type LookupQuery,
  type LookupResult,
  sampleAddressLookup,
} from "./address-lookup.server";
import {
  DEFAULT_SHIPPING_METHODS,
  type DeliveryMoment,
  deliveryMoments,
  type ShippingMethod,
  type ShippingPromise,
  shippingPromise,
} from "./rules";
import {
  httpServicePoints,
  type ServicePoint,
  type ServicePointFinder,
  sampleServicePoints,
} from "./service-points.server";

export type { LookupResult } from "./address-lookup.server";
export type { DeliveryMoment, ShippingMethod, ShippingPromise } from "./rules";
export { defaultCountryOf } from "./rules";
export type { ServicePoint } from "./service-points.server";

const METHODS_SETTING = "shippingMethods";

const MethodSchema = z.object({
  id: z.string().min(1),
  type: z.enum(["home", "service-point"]),
  carrier: z.string().min(1),
  priceCents: z.number().int().min(0),
  moments: z.boolean(),
});
const ShippingMethodsSettingSchema = z.partialRecord(z.enum(countries), z.array(MethodSchema));

export interface ShippingSettings {
  methods: Record<Country, ShippingMethod[]>;
  /** Free at or above this subtotal: the `freeShippingThresholds` setting, which the cart's bar reads too. */
  freeFromCents: Record<Country, number>;
}

/** The methods as last parsed, by the stored value they came from (the settings cache hands out the same one). */
let parsedMethods: { stored: unknown; methods: Record<Country, ShippingMethod[]> } | undefined;

function methodsOf(stored: unknown): Record<Country, ShippingMethod[]> {
  if (parsedMethods && parsedMethods.stored === stored) return parsedMethods.methods;
  const parsed = ShippingMethodsSettingSchema.safeParse(stored ?? {});
  if (!parsed.success) logger.warn("invalid shipping methods setting: the defaults apply");
  const methods = { ...DEFAULT_SHIPPING_METHODS, ...(parsed.data ?? {}) };
  parsedMethods = { stored, methods };
  return methods;
}

/** Read on every quote, through the settings cache (content's): a save shows at once in this process. */
export async function shippingSettings(): Promise<ShippingSettings> {
  const [methods, thresholds] = await Promise.all([
    cachedSetting(METHODS_SETTING),
    shopSetting("freeShippingThresholds"),
  ]);
  return { methods: methodsOf(methods), freeFromCents: thresholds };
}

export interface ShippingOptions {
  country: Country;
  methods: ShippingMethod[];
  freeFromCents: number;
  promise: ShippingPromise;
  /** Home-delivery moments for methods that offer them (none where the carrier has none). */
  moments: DeliveryMoment[];
}

/** What the checkout offers for a destination country now. */
export async function shippingOptions(country: Country, now = new Date()): Promise<ShippingOptions> {
  const settings = await shippingSettings();
  const methods = settings.methods[country];
  const withMoments = methods.find((m) => m.moments && m.type === "home");
  return {
    country,
    methods,
    freeFromCents: settings.freeFromCents[country],
    promise: shippingPromise(now, country),
    moments: withMoments ? deliveryMoments(now, country, withMoments) : [],
  };
}

/** A method of a country and what it costs (before the threshold), or null when the country has no such method. */
export async function shippingMethod(
  country: Country,
  methodId: string,
): Promise<{ method: ShippingMethod; charge: ShippingCharge } | null> {
  const settings = await shippingSettings();
  const method = settings.methods[country].find((m) => m.id === methodId);
  if (!method) return null;
  return {
    method,
    charge: { priceCents: method.priceCents, freeFromCents: settings.freeFromCents[country] },
  };
}

let lookupAdapter: AddressLookup | undefined;
let pointsAdapter: ServicePointFinder | undefined;

function addressLookup(): AddressLookup {
  const url = env().ADDRESS_LOOKUP_URL;
  lookupAdapter ??= url ? httpAddressLookup(url) : sampleAddressLookup();
  return lookupAdapter;
}

function servicePoints(): ServicePointFinder {
  const url = env().SERVICE_POINTS_URL;
  pointsAdapter ??= url ? httpServicePoints(url) : sampleServicePoints();
  return pointsAdapter;
}

/** The NL postcode + house number lookup; fields it cannot fill are listed in `missing`. */
export function lookupAddress(query: LookupQuery): Promise<LookupResult> {
  return addressLookup().lookup(query);
}

/** Service points nearest to a postal code. */
export function findServicePoints(country: Country, postalCode: string): Promise<ServicePoint[]> {
  return servicePoints().near(country, postalCode);
}

/** A chosen service point, checked against the carrier's list (null when unknown or in another country). */
export async function servicePointById(id: string, country: Country): Promise<ServicePoint | null> {
  const point = await servicePoints().byId(id);
  return point && point.country === country ? point : null;
}
