import { z } from "zod";

/**
 * PRODUCT.md's *(setting)* values that are plain numbers, with their defaults and bounds. Client-safe: the
 * back office builds its forms from this table; domains read a value with `shopSetting(key)` from
 * content.server.ts. A value is a flat record of whole numbers (money in cents); a stored value that no
 * longer fits its definition falls back to the default. The highlight thresholds live with their domain
 * (highlights.server.ts), with a schema of their own.
 */

export type SettingUnit = "units" | "cents" | "percent" | "minutes" | "hours" | "days" | "months";

export interface SettingField {
  label: string;
  unit: SettingUnit;
  min: number;
  max: number;
}

export interface SettingDefinition {
  title: string;
  description: string;
  /** Who reads it: the domain whose rule uses the value. */
  usedBy: string;
  fields: Record<string, SettingField>;
  defaults: Record<string, number>;
  /** Stored as the bare number of its one field (a key a domain already reads that way). */
  storedAsNumber?: boolean;
}

const euro = (label: string): SettingField => ({ label, unit: "cents", min: 0, max: 100_000_00 });
const hour = (label: string): SettingField => ({ label, unit: "hours", min: 0, max: 24 });

export const settingDefinitions = {
  fewLeftThreshold: {
    title: "“Only n left”",
    description: "A size shows “Only n left” from this many units in stock down.",
    usedBy: "catalogue",
    fields: { units: { label: "Units", unit: "units", min: 1, max: 50 } },
    defaults: { units: 5 },
  },
  freeShippingThresholds: {
    title: "Free shipping",
    description: "Orders whose subtotal reaches the amount ship free; the cart's bar shows the distance.",
    usedBy: "cart and checkout",
    fields: {
      NL: euro("Netherlands"),
      BE: euro("Belgium"),
      FR: euro("France"),
      ES: euro("Spain"),
    },
    defaults: { NL: 50_00, BE: 50_00, FR: 75_00, ES: 75_00 },
  },
  unpaidOrderMinutes: {
    title: "Unpaid orders expire",
    description: "An order not paid within this time is cancelled and its stock returns.",
    usedBy: "orders",
    fields: { minutes: { label: "Minutes", unit: "minutes", min: 5, max: 24 * 60 } },
    defaults: { minutes: 30 },
    storedAsNumber: true,
  },
  walletCap: {
    title: "Wallet credit per order",
    description: "Share of an order's total that wallet credit may pay (the balance caps it too).",
    usedBy: "wallet",
    fields: { percent: { label: "Percent of the total", unit: "percent", min: 1, max: 100 } },
    defaults: { percent: 100 },
  },
  giftCardValidity: {
    title: "Gift card validity",
    description: "How long a new gift card can be spent.",
    usedBy: "gift cards",
    fields: { months: { label: "Months", unit: "months", min: 1, max: 120 } },
    defaults: { months: 24 },
  },
  giftCardPinLock: {
    title: "Gift card PIN lock",
    description: "After this many wrong PINs in a row a card is locked, even for the right PIN, for a while.",
    usedBy: "gift cards",
    fields: {
      attempts: { label: "Wrong PINs", unit: "units", min: 3, max: 20 },
      minutes: { label: "Locked for (minutes)", unit: "minutes", min: 5, max: 24 * 60 },
    },
    defaults: { attempts: 5, minutes: 60 },
  },
  studentDiscount: {
    title: "Student discount",
    description: "The discount of the unique code a verified student receives.",
    usedBy: "promotions",
    fields: { percent: { label: "Percent", unit: "percent", min: 1, max: 50 } },
    defaults: { percent: 10 },
  },
  referral: {
    title: "Refer a friend",
    description:
      "The friend's welcome code; the referrer's wallet credit once the friend's first order is shipped and not returned within the return window; invitations per referrer per month.",
    usedBy: "marketing",
    fields: {
      welcomePercent: { label: "Friend's welcome code (percent)", unit: "percent", min: 1, max: 50 },
      rewardCents: euro("Referrer's reward"),
      perMonth: { label: "Invitations per referrer per month", unit: "units", min: 1, max: 100 },
      returnWindowDays: { label: "Return window (days after shipping)", unit: "days", min: 0, max: 100 },
    },
    defaults: { welcomePercent: 15, rewardCents: 10_00, perMonth: 5, returnWindowDays: 30 },
  },
  returnRules: {
    title: "Returns",
    description:
      "Days after delivery a return can be requested; the fee kept from a return's refund per country (withdrawals and exchanges are free).",
    usedBy: "returns",
    fields: {
      windowDays: { label: "Return window (days)", unit: "days", min: 14, max: 365 },
      NL: euro("Return fee Netherlands"),
      BE: euro("Return fee Belgium"),
      FR: euro("Return fee France"),
      ES: euro("Return fee Spain"),
    },
    defaults: { windowDays: 30, NL: 0, BE: 0, FR: 4_95, ES: 4_95 },
  },
  marketplaceCommission: {
    title: "Marketplace commission",
    description: "Kept from the item price before the seller's earnings reach their wallet.",
    usedBy: "marketplace",
    fields: { percent: { label: "Percent", unit: "percent", min: 0, max: 50 } },
    defaults: { percent: 10 },
  },
  marketplaceTimers: {
    title: "Marketplace timers",
    description:
      "Days after payment before an unsent item counts as not sent; days after delivery to open a dispute.",
    usedBy: "marketplace",
    fields: {
      itemNotSentDays: { label: "Item not sent after (days)", unit: "days", min: 1, max: 30 },
      disputeWindowDays: { label: "Dispute window (days)", unit: "days", min: 1, max: 30 },
    },
    defaults: { itemNotSentDays: 5, disputeWindowDays: 2 },
  },
  marketplaceFees: {
    title: "Marketplace fees and shipping",
    description:
      "The buyer protection fee (a fixed part plus a percentage of the price), the parcel prices the buyer pays per delivery option, and the smallest payout.",
    usedBy: "marketplace",
    fields: {
      protectionFixed: euro("Buyer protection, fixed part"),
      protectionPercent: { label: "Buyer protection, % of the price", unit: "percent", min: 0, max: 25 },
      shippingHome: euro("Parcel to a home address"),
      shippingServicePoint: euro("Parcel to a service point"),
      minimumPayout: euro("Smallest payout"),
    },
    defaults: {
      protectionFixed: 70,
      protectionPercent: 5,
      shippingHome: 6_45,
      shippingServicePoint: 4_25,
      minimumPayout: 5_00,
    },
  },
  serviceHours: {
    title: "Customer service hours",
    description:
      "When service answers by chat and phone (Amsterdam time, whole hours; from = until means closed that day).",
    usedBy: "service",
    fields: {
      weekdayFrom: hour("Monday–Friday from"),
      weekdayUntil: hour("Monday–Friday until"),
      saturdayFrom: hour("Saturday from"),
      saturdayUntil: hour("Saturday until"),
      sundayFrom: hour("Sunday from"),
      sundayUntil: hour("Sunday until"),
    },
    defaults: {
      weekdayFrom: 9,
      weekdayUntil: 21,
      saturdayFrom: 10,
      saturdayUntil: 17,
      sundayFrom: 12,
      sundayUntil: 17,
    },
  },
  serviceReplyTime: {
    title: "Service reply time",
    description:
      "The longest a shopper waits for an answer to a contact form or chat, as promised on the pages.",
    usedBy: "service",
    fields: { hours: { label: "Hours", unit: "hours", min: 1, max: 168 } },
    defaults: { hours: 24 },
  },
} as const satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = {
  [F in keyof (typeof settingDefinitions)[K]["defaults"]]: number;
};

export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === "string" && value in settingDefinitions;
}

/** The stored value's schema: every field a whole number within its bounds. */
export function settingSchema(key: SettingKey) {
  const definition: SettingDefinition = settingDefinitions[key];
  return z
    .object(
      Object.fromEntries(
        Object.entries(definition.fields).map(([name, field]) => [
          name,
          z
            .number({ error: "Enter a number" })
            .int({ error: "Enter a whole number" })
            .min(field.min, { error: `At least ${field.unit === "cents" ? field.min / 100 : field.min}` })
            .max(field.max, { error: `At most ${field.unit === "cents" ? field.max / 100 : field.max}` }),
        ]),
      ),
    )
    .strict();
}

/** The stored value if it still fits the definition, else the default. */
export function settingValue<K extends SettingKey>(key: K, stored: unknown): SettingValue<K> {
  const definition: SettingDefinition = settingDefinitions[key];
  const field = Object.keys(definition.fields)[0] as string;
  const value = definition.storedAsNumber && typeof stored === "number" ? { [field]: stored } : stored;
  const parsed = settingSchema(key).safeParse(value);
  return (parsed.success ? parsed.data : definition.defaults) as SettingValue<K>;
}

/** What is written for a (valid) value: the record, or its one number for `storedAsNumber` keys. */
export function storedSetting(key: SettingKey, value: Record<string, number>): unknown {
  const definition: SettingDefinition = settingDefinitions[key];
  return definition.storedAsNumber ? Object.values(value)[0] : value;
}
