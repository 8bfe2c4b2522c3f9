import { z } from "zod";
import * as rules from "../../platform/forms/rules";
import { eurosToCents } from "../../platform/money";
import {
  listingCategories,
  listingColourCodes,
  listingConditions,
  listingSizes,
  sellerTypes,
  storeCountries,
  storeGridTypes,
} from "./attributes";
import { appealOutcomes, decisionActions, reportReasons, reportTargets } from "./moderation/rules";

const price = rules
  .pattern(/^\d{1,5}([.,]\d{1,2})?$/, { label: "marketplace:fields.price", example: "12,50" })
  .transform(eurosToCents);

/** Opening a store (the sell flow's first step) and the store settings. */
export const StoreSchema = z.object({
  name: rules.required({ max: 40, label: "marketplace:fields.storeName" }),
  handle: rules
    .pattern(/^[a-z0-9][a-z0-9-]{2,29}$/, { label: "marketplace:fields.handle", example: "vintage-sanne" })
    .transform((value) => value.toLowerCase()),
  bio: rules.optional(rules.maxChars(500, { label: "marketplace:fields.bio" })),
  country: rules.choice(storeCountries, { label: "marketplace:fields.country" }),
  gridType: rules.choice(storeGridTypes, { label: "marketplace:fields.gridType" }).default("grid"),
  sellerType: rules.choice(sellerTypes, { label: "marketplace:fields.sellerType" }).default("private"),
});
export type StoreInput = z.output<typeof StoreSchema>;

/** The store settings: what can change after opening (the handle never does). */
export const StoreSettingsSchema = z.object({
  name: rules.required({ max: 40, label: "marketplace:fields.storeName" }),
  bio: rules.optional(rules.maxChars(500, { label: "marketplace:fields.bio" })),
  gridType: rules.choice(storeGridTypes, { label: "marketplace:fields.gridType" }).default("grid"),
  isClosed: rules.toggle(),
  closedUntil: rules.optional(rules.date({ label: "marketplace:fields.closedUntil" })),
});
export type StoreSettingsInput = z.output<typeof StoreSettingsSchema>;

/** A business seller's trader details (DSA art. 30), shown on the store. */
export const TraderSchema = z.object({
  legalName: rules.required({ max: 120, label: "marketplace:fields.legalName" }),
  address: rules.required({ max: 200, label: "marketplace:fields.traderAddress" }),
  phone: rules.phone({ label: "marketplace:fields.traderPhone" }),
  email: rules.email({ label: "marketplace:fields.traderEmail" }),
  tradeRegister: rules.required({ max: 40, label: "marketplace:fields.tradeRegister" }),
  certify: rules.accepted({ label: "marketplace:fields.certify" }),
});
export type TraderInput = z.output<typeof TraderSchema>;

/** A listing's text and attributes (photos travel as files beside it). */
export const ListingSchema = z.object({
  title: rules.required({ max: 80, label: "marketplace:fields.title" }),
  description: rules.optional(rules.maxChars(2000, { label: "marketplace:fields.description" })),
  category: rules.choice(listingCategories, { label: "marketplace:fields.category" }),
  size: rules.choice(listingSizes, { label: "marketplace:fields.size" }),
  colour: rules.choice(listingColourCodes, { label: "marketplace:fields.colour" }),
  brand: rules.required({ max: 40, label: "marketplace:fields.brand" }),
  condition: rules.choice(listingConditions, { label: "marketplace:fields.condition" }),
  material: rules.optional(rules.maxChars(60, { label: "marketplace:fields.material" })),
  price,
});
export type ListingInput = z.output<typeof ListingSchema>;

/** What the sell form does with the listing besides saving its fields. */
export const sellIntents = ["draft", "publish"] as const;
export type SellIntent = (typeof sellIntents)[number];

/** Moving, turning or removing one photo of a listing (the sell form's photo buttons). */
export const photoActions = ["earlier", "later", "rotate-left", "rotate-right", "remove"] as const;
export type PhotoAction = (typeof photoActions)[number];
export const PhotoActionSchema = z.object({
  index: z.coerce.number().int().min(0).max(19),
  action: z.enum(photoActions),
});

/** A message in a conversation (contact details are masked by the server, warned about by the form). */
export const MessageSchema = z.object({
  body: rules.required({ max: 1000, label: "marketplace:fields.message" }),
});

/** An offer or a counter, in euros as typed. */
export const OfferSchema = z.object({
  amount: rules
    .pattern(/^\d{1,5}([.,]\d{1,2})?$/, { label: "marketplace:fields.offer", example: "20" })
    .transform(eurosToCents),
});

/** A notice (DSA art. 16): what, why, who is reporting, and the good-faith statement. */
export const ReportSchema = z.object({
  targetKind: z.enum(reportTargets),
  targetId: z.coerce.number().int().positive().max(2_147_483_647),
  reason: rules.choice(reportReasons, { label: "marketplace:fields.reportReason" }),
  details: rules.optional(rules.maxChars(2000, { label: "marketplace:fields.reportDetails" })),
  url: rules.optional(rules.maxChars(500, { label: "marketplace:fields.reportUrl" })),
  email: rules.email({ label: "marketplace:fields.reportEmail" }),
  goodFaith: rules.accepted({ label: "marketplace:fields.goodFaith" }),
});

/** The owner's appeal against a decision. */
export const AppealSchema = z.object({
  decision: z.coerce.number().int().positive(),
  text: rules.required({ max: 2000, label: "marketplace:fields.appeal" }),
});

/** An operator's decision on reported content (back office, English). */
export const DecisionSchema = z.object({
  targetKind: z.enum(reportTargets),
  targetId: z.coerce.number().int().positive(),
  action: z.enum(decisionActions),
  ground: rules.required({ max: 200, label: "Ground" }),
  statement: rules.required({ max: 4000, label: "Statement of reasons" }),
});

/** An operator's answer to an appeal (back office, English). */
export const AppealDecisionSchema = z.object({
  decision: z.coerce.number().int().positive(),
  outcome: z.enum(appealOutcomes),
  reply: rules.required({ max: 2000, label: "Reply to the owner" }),
});
