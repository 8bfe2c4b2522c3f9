import { z } from "zod";
import { staffRoles } from "../../platform/auth/roles";
import * as rules from "../../platform/forms/rules";
import { countries } from "../../platform/forms/validators";
import { locales } from "../../platform/i18n/locales";
import { centsToDecimal, eurosToCents } from "../../platform/money";
import { shopLocalToUtc } from "../../platform/shop-time";
import { reservedSegments } from "../../routing/urls";
import { type SettingDefinition, type SettingKey, settingDefinitions } from "../content/settings";
import { garmentFamilies } from "../sizing/size-charts";

/**
 * The back office's forms, one Zod schema each, parsed in the browser (Conform) and again on the server.
 * The back office is English only: messages here are plain English, not translation keys.
 */

export const optionalText = (max: number) => rules.optional(rules.maxChars(max));
export const text = (max: number) => rules.required({ max });

/** Whole euros and cents as staff type them ("49.95", "49,95", "49") → integer cents; never a float. */
export function euros(options: { min?: number; max?: number } = {}) {
  return z
    .string({ error: "Enter an amount" })
    .trim()
    .regex(/^\d{1,6}(?:[.,]\d{1,2})?$/, { error: "Enter an amount like 49.95" })
    .transform(eurosToCents)
    .refine((cents) => cents >= (options.min ?? 0), {
      error: `The amount must be at least ${centsToDecimal(options.min ?? 0)}`,
    })
    .refine((cents) => options.max === undefined || cents <= options.max, {
      error: `The amount must be at most ${centsToDecimal(options.max ?? 0)}`,
    });
}

/** Integer cents as the amount field shows them: 4995 → "49.95". */
export function centsToInput(cents: number | null): string {
  return cents === null ? "" : centsToDecimal(cents);
}

/** A list page's number, on the /admin pages and in the API: whole, from 1 to 10,000. */
export const pageNumber = z.coerce.number().int().min(1).max(10_000);

/**
 * The page a list page shows for its `?page=`: anything that is not a page number (`1e400`, `-3`, `2.5`,
 * `abc`) shows the first page instead of reaching the database as an offset it refuses.
 */
export function pageOf(value: string | null): number {
  return pageNumber.safeParse(value ?? undefined).data ?? 1;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A product or category slug: lowercase words and hyphens, never a reserved first path segment. */
export function slug() {
  return z
    .string({ error: "Enter a slug" })
    .trim()
    .min(1, { error: "Enter a slug" })
    .max(120, { error: "At most 120 characters" })
    .regex(SLUG, { error: "Use lowercase letters, digits and single hyphens, like summer-dress-red" })
    .refine((value) => !reservedSegments().has(value), {
      error: "This slug is a reserved path of the shop (a page's URL); choose another",
    });
}

/** A name turned into a slug suggestion: "Robe d'été" → "robe-d-ete". */
export function slugify(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const count = (max = 1_000_000) =>
  z.number({ error: "Enter a whole number" }).int({ error: "Enter a whole number" }).min(0).max(max);

function perLocale<T extends z.ZodType>(schema: T) {
  return z.object(Object.fromEntries(locales.map((l) => [l, schema])) as Record<(typeof locales)[number], T>);
}

// ── Products ────────────────────────────────────────────────────────────────────────────────────────

export const ProductTranslationSchema = z.object({
  name: text(120),
  slug: slug(),
  description: text(4000),
  fabric: optionalText(400),
  washingAdvice: optionalText(400),
  modelInfo: optionalText(200),
});
export const ProductTranslationsSchema = z.object({ translations: perLocale(ProductTranslationSchema) });
export type ProductTranslationsInput = z.output<typeof ProductTranslationsSchema>;

export const ProductPriceSchema = z
  .object({ price: euros({ min: 1 }), originalPrice: rules.optional(euros({ min: 1 })) })
  .check(
    z.superRefine((value, ctx) => {
      if (value.originalPrice !== undefined && value.originalPrice <= value.price)
        ctx.addIssue({
          code: "custom",
          path: ["originalPrice"],
          message:
            "The original price must be higher than the price (leave it empty when there is no discount)",
        });
    }),
  );
export type ProductPriceInput = z.output<typeof ProductPriceSchema>;

/** The ids of `product:availableSoonReasons.*`: the reasons the product page can explain. */
export const availableSoonReasonIds = ["restocking", "in-production"] as const;

export const shopLocalTime = z
  .string()
  .trim()
  .refine((value) => shopLocalToUtc(value) !== null, { error: "Enter a date and time" })
  .transform((value) => shopLocalToUtc(value) as Date);

export const ProductAvailabilitySchema = z
  .object({
    isActive: rules.toggle(),
    appOnly: rules.toggle(),
    onlineFrom: rules.optional(shopLocalTime),
    availableSoonReason: rules.optional(rules.choice(availableSoonReasonIds)),
    availableSoonDate: rules.optional(rules.date()),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.availableSoonReason && !value.availableSoonDate)
        ctx.addIssue({ code: "custom", path: ["availableSoonDate"], message: "Give the expected date too" });
      if (!value.availableSoonReason && value.availableSoonDate)
        ctx.addIssue({ code: "custom", path: ["availableSoonReason"], message: "Choose the reason too" });
    }),
  );
export type ProductAvailabilityInput = z.output<typeof ProductAvailabilitySchema>;

const attribute = optionalText(60);
export const ProductDetailsSchema = z.object({
  brand: text(80),
  colour: z
    .string({ error: "Enter a colour code" })
    .trim()
    .regex(/^[a-z]+(?:-[a-z]+)*$/, { error: "A colour code like navy or light-blue" }),
  colourHex: z
    .string({ error: "Enter a colour" })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: "A colour like #1f1b16" })
    .transform((v) => v.toLowerCase()),
  lookId: optionalText(60),
  position: count(),
  length: attribute,
  fit: attribute,
  fabric: attribute,
  pattern: attribute,
  occasion: attribute,
});
export type ProductDetailsInput = z.output<typeof ProductDetailsSchema>;

const sku = z
  .string({ error: "Enter a SKU" })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{1,59}$/, { error: "Letters, digits and hyphens" });

const size = rules.maxChars(20);
const variantId = z.number().int().positive();

/** Each size and each SKU once per product (case-insensitive): the rows' issues at their own fields. */
function listedOnce(
  rows: readonly { size?: string; sku?: string }[],
  ctx: z.RefinementCtx,
  skip = (_: number) => false,
) {
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (skip(index)) return;
    for (const key of ["size", "sku"] as const) {
      const value = row[key];
      if (!value) continue;
      const name = `${key}:${value.toLowerCase()}`;
      if (seen.has(name))
        ctx.addIssue({ code: "custom", path: [index, key], message: `This ${key} is listed twice` });
      seen.add(name);
    }
  });
}

/**
 * The sizes of a product as the JSON API sets them: the same rules as the sizes table below (each row
 * complete, each size and SKU once, at least one size), without the form's blank and removed rows.
 */
export const VariantListSchema = z.object({
  variants: z
    .array(z.object({ id: variantId.optional(), size, sku, stock: count() }))
    .min(1, { error: "A product needs at least one size" })
    .check(z.superRefine((rows, ctx) => listedOnce(rows, ctx))),
});

/**
 * The sizes table: the product's rows plus blank rows for new sizes. A blank row is ignored, a row marked
 * `remove` is deleted, every other row needs its size, SKU and stock.
 */
const VariantRowSchema = z.object({
  id: rules.optional(variantId),
  size: rules.optional(size),
  sku: rules.optional(sku),
  stock: rules.optional(count()),
  remove: rules.toggle(),
});
type VariantRow = z.output<typeof VariantRowSchema>;
const isBlank = (row: VariantRow) => row.id === undefined && !row.size && !row.sku && row.stock === undefined;

export const ProductVariantsSchema = z.object({
  // Checked and reduced on the list itself: a transform at the form's root would hide the fields from
  // Conform's constraints.
  variants: z
    .array(VariantRowSchema)
    .default([])
    .check(
      z.superRefine((rows, ctx) => {
        const dropped = (index: number) => rows[index]!.remove || isBlank(rows[index]!);
        let kept = 0;
        rows.forEach((row, index) => {
          if (dropped(index)) return;
          kept++;
          if (!row.size) ctx.addIssue({ code: "custom", path: [index, "size"], message: "Enter a size" });
          if (!row.sku) ctx.addIssue({ code: "custom", path: [index, "sku"], message: "Enter a SKU" });
          if (row.stock === undefined)
            ctx.addIssue({ code: "custom", path: [index, "stock"], message: "Enter the stock" });
        });
        listedOnce(rows, ctx, dropped);
        if (kept === 0)
          ctx.addIssue({ code: "custom", path: [], message: "A product needs at least one size" });
      }),
    )
    .transform((rows) =>
      rows
        .filter((row) => !row.remove && !isBlank(row))
        .map((row) => ({
          id: row.id,
          size: row.size as string,
          sku: row.sku as string,
          stock: row.stock as number,
        })),
    ),
});
export type ProductVariantsInput = z.output<typeof ProductVariantsSchema>;

export const ProductCategoriesSchema = z.object({
  categoryIds: z.array(z.number().int().positive()).default([]),
});

export const NewProductSchema = z.object({
  styleCode: z
    .string({ error: "Enter a style code" })
    .trim()
    .regex(/^[A-Z0-9]{3,20}$/, { error: "Capital letters and digits, like DR1024" }),
  brand: text(80),
  colour: ProductDetailsSchema.shape.colour,
  colourHex: ProductDetailsSchema.shape.colourHex,
  price: euros({ min: 1 }),
  names: perLocale(text(120)),
});
export type NewProductInput = z.output<typeof NewProductSchema>;

export const ImageOrderSchema = z.object({
  imageId: z.number().int().positive(),
  direction: rules.optional(rules.choice(["up", "down"])),
});

// ── Categories ──────────────────────────────────────────────────────────────────────────────────────

export const CategorySchema = z.object({
  parentId: rules.optional(z.number().int().positive()),
  position: count(10_000),
  isActive: rules.toggle(),
  translations: perLocale(z.object({ name: text(80), slug: slug(), description: optionalText(1000) })),
});
export type CategoryInput = z.output<typeof CategorySchema>;

// ── Customers and staff ─────────────────────────────────────────────────────────────────────────────

/** Why a customer is blocked (staff only); the form and the JSON API ask the same. */
export const blockReason = text(500);

export const BlockCustomerSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("block"), reason: blockReason }),
  z.object({ intent: z.literal("unblock") }),
]);

export const NewStaffSchema = z.object({
  email: rules.email(),
  firstName: text(80),
  lastName: text(80),
  role: rules.choice(staffRoles),
  password: rules.password(),
});
export type NewStaffInput = z.output<typeof NewStaffSchema>;

export const StaffRoleSchema = z.object({
  userId: z.uuid(),
  role: rules.choice(staffRoles),
});

// ── Content ─────────────────────────────────────────────────────────────────────────────────────────

export const NoticeSchema = z
  .object({
    message: perLocale(text(300)),
    tone: rules.choice(["info", "warning"]),
    startsAt: rules.optional(shopLocalTime),
    endsAt: rules.optional(shopLocalTime),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.endsAt && value.endsAt <= (value.startsAt ?? new Date()))
        ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end must lie after the start" });
    }),
  );
export type NoticeInput = z.output<typeof NoticeSchema>;

export const MaintenanceSchema = z.object({ on: rules.toggle() });

/** A form that carries nothing but its intent (a button such as "Upload" whose file is checked apart). */
export const IntentOnlySchema = z.object({});

// ── Size charts ─────────────────────────────────────────────────────────────────────────────────────

const measurements = ["chest", "waist", "hips"] as const;
const cm = rules.optional(
  z.number({ error: "Enter centimetres" }).int({ error: "Whole centimetres" }).min(30).max(250),
);

/** A chart's ranges per size: min and max in cm per measurement (both or neither). */
export const SizeChartSchema = z.object({
  profile: rules.choice(["women", "men"]),
  family: rules.choice(garmentFamilies),
  sizes: z
    .array(
      z.object({
        size: text(20),
        chestMin: cm,
        chestMax: cm,
        waistMin: cm,
        waistMax: cm,
        hipsMin: cm,
        hipsMax: cm,
      }),
    )
    .check(
      z.superRefine((rows, ctx) => {
        rows.forEach((row, index) => {
          for (const m of measurements) {
            const min = row[`${m}Min`];
            const max = row[`${m}Max`];
            if ((min === undefined) !== (max === undefined))
              ctx.addIssue({
                code: "custom",
                path: [index, min === undefined ? `${m}Min` : `${m}Max`],
                message: "Give both ends of the range, or neither",
              });
          }
        });
      }),
    )
    .transform((rows) =>
      rows.map((row) => ({
        size: row.size,
        ranges: Object.fromEntries(
          measurements.flatMap((m) => {
            const min = row[`${m}Min`];
            const max = row[`${m}Max`];
            return min === undefined || max === undefined ? [] : [[m, [min, max] as const]];
          }),
        ),
      })),
    ),
});
export type SizeChartInput = z.output<typeof SizeChartSchema>;

// ── Settings ────────────────────────────────────────────────────────────────────────────────────────

/** The form of one operator setting: money fields typed in euros, the rest as whole numbers. */
export function settingFormSchema(key: SettingKey) {
  const definition: SettingDefinition = settingDefinitions[key];
  return z.object(
    Object.fromEntries(
      Object.entries(definition.fields).map(([name, field]) => [
        name,
        field.unit === "cents"
          ? euros({ min: field.min, max: field.max })
          : z
              .number({ error: "Enter a number" })
              .int({ error: "Enter a whole number" })
              .min(field.min, { error: `At least ${field.min}` })
              .max(field.max, { error: `At most ${field.max}` }),
      ]),
    ),
  ) as z.ZodType<Record<string, number>>;
}

/** PRODUCT.md: payment methods' availability per country and amount (the `payments.methods` setting). */
export const paymentMethodIds = [
  "ideal",
  "bancontact",
  "card",
  "applepay",
  "klarna",
  "afterpay",
  "billink",
  "fashioncheque",
] as const;
const MethodRuleSchema = z
  .object({
    enabled: rules.toggle(),
    countries: z.array(z.enum(countries)).default([]),
    min: rules.optional(euros()),
    max: rules.optional(euros()),
  })
  .check(
    z.superRefine((rule, ctx) => {
      if (rule.min !== undefined && rule.max !== undefined && rule.max < rule.min)
        ctx.addIssue({ code: "custom", path: ["max"], message: "The maximum must not be below the minimum" });
    }),
  );
export const PaymentMethodsSchema = z.object({
  methods: z.object(
    Object.fromEntries(paymentMethodIds.map((id) => [id, MethodRuleSchema])) as Record<
      (typeof paymentMethodIds)[number],
      typeof MethodRuleSchema
    >,
  ),
});
export type PaymentMethodsInput = z.output<typeof PaymentMethodsSchema>;

// ── Orders ──────────────────────────────────────────────────────────────────────────────────────────

/** The carriers the shop ships with (those of the shipping methods, and DHL for exceptions). */
export const carriers = [
  "PostNL",
  "DHL",
  "bpost",
  "Colissimo",
  "Mondial Relay",
  "Correos",
  "Correos Express",
] as const;

export const idempotencyKey = z.uuid({ error: "Reload the page and try again" });

export const ShipOrderSchema = z.object({
  carrier: rules.choice(carriers),
  trackAndTrace: z
    .string({ error: "Enter the track & trace code" })
    .trim()
    .regex(/^[A-Za-z0-9-]{6,40}$/, { error: "A track & trace code has 6 to 40 letters, digits or hyphens" })
    .transform((code) => code.toUpperCase()),
});
export const OrderNoteSchema = z.object({ note: rules.optional(rules.maxChars(500)) });
export const CancelOrderSchema = z.object({ reason: text(500), idempotencyKey });
export const RefundOrderSchema = z.object({ amount: euros({ min: 1 }), reason: text(500), idempotencyKey });
export type RefundOrderInput = z.output<typeof RefundOrderSchema>;
export const InternalNoteSchema = z.object({ body: text(2000) });
