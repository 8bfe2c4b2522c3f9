import { z } from "zod";
import { locales } from "../../platform/i18n/locales";

/**
 * The typed blocks content is built from (PRODUCT.md "Content, campaigns and customer service"): hero,
 * rich text, image, product shelf (a saved filter or a hand-picked list), a product selection with
 * filters (campaigns), category tiles, campaign
 * countdown, FAQ list and video. Client-safe: the back office's editor, the pages, the API and the app
 * read the same shapes. Text is plain (paragraphs split on blank lines), never HTML, so an entry cannot
 * inject markup into the shop.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();
/** A link inside the shop (`/nl/…`) or an image under the shop's media; no outside or script URLs. */
const localPath = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?!\/)[^\s]*$/, "A path inside the shop, starting with /");

export const listingSorts = ["position", "wishlisted", "newest", "price_asc", "price_desc"] as const;

const HeroBlock = z.object({
  type: z.literal("hero"),
  title: text(120),
  text: optionalText(400),
  image: localPath.optional(),
  imageAlt: optionalText(200),
  ctaLabel: optionalText(60),
  ctaHref: localPath.optional(),
});

const TextBlock = z.object({
  type: z.literal("text"),
  heading: optionalText(120),
  body: text(10_000),
});

const ImageBlock = z.object({
  type: z.literal("image"),
  src: localPath,
  alt: text(200),
  caption: optionalText(200),
});

const ShelfSource = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("filter"),
    /** A category slug of the entry's locale; the whole catalogue when absent. */
    category: optionalText(120),
    sort: z.enum(listingSorts).default("position"),
  }),
  z.object({ kind: z.literal("picks"), productIds: z.array(z.number().int().positive()).min(1).max(24) }),
  /** The shop's own lists, as the home page had them built in: the newest products, the best sellers. */
  z.object({ kind: z.literal("automatic"), list: z.enum(["new-in", "best-sellers"]) }),
]);

const ShelfBlock = z.object({
  type: z.literal("shelf"),
  title: text(120),
  source: ShelfSource,
  limit: z.number().int().min(1).max(24).default(8),
});

/**
 * A campaign's product selection, shown with the category page's facets, sorts and paging (one per entry:
 * the page's query string is its filters). A category (with its sub-categories) or hand-picked products.
 */
const ListingBlock = z.object({
  type: z.literal("listing"),
  title: text(120),
  source: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("filter"), category: optionalText(120) }),
    z.object({
      kind: z.literal("picks"),
      productIds: z.array(z.number().int().positive()).min(1).max(200),
    }),
  ]),
});

const TilesBlock = z.object({
  type: z.literal("tiles"),
  title: optionalText(120),
  tiles: z
    .array(z.object({ label: text(60), category: text(120) }))
    .min(1)
    .max(12),
});

const CountdownBlock = z.object({
  type: z.literal("countdown"),
  title: text(120),
  /** ISO instant the countdown runs to (usually the campaign's end). */
  until: z.iso.datetime({ offset: true }),
});

const FaqBlock = z.object({
  type: z.literal("faq"),
  title: optionalText(120),
  items: z
    .array(z.object({ q: text(200), a: text(2_000) }))
    .min(1)
    .max(50),
});

const VideoBlock = z.object({
  type: z.literal("video"),
  src: localPath,
  title: text(120),
  poster: localPath.optional(),
});

export const BlockSchema = z.discriminatedUnion("type", [
  HeroBlock,
  TextBlock,
  ImageBlock,
  ShelfBlock,
  ListingBlock,
  TilesBlock,
  CountdownBlock,
  FaqBlock,
  VideoBlock,
]);
export type Block = z.output<typeof BlockSchema>;

/** Lower-case words and digits joined by hyphens, as every slug of the shop. */
const slug = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Lower-case letters, digits and hyphens");

export const TranslationSchema = z.object({
  slug,
  title: text(160),
  summary: optionalText(400),
  blocks: z.array(BlockSchema).max(40),
});
export type EntryTranslation = z.output<typeof TranslationSchema>;

/** A draft may miss locales; a published document has all four (checked by `publishable`). */
export const DocumentSchema = z.object({
  translations: z.partialRecord(z.enum(locales), TranslationSchema),
});
export type EntryDocument = z.output<typeof DocumentSchema>;

/** `home`: the home page's slots (hero, shelves, tiles); the newest live one is the home page. */
export const entryKinds = ["page", "campaign", "home"] as const;
export type EntryKind = (typeof entryKinds)[number];

/** The locales a document still lacks before it can be published (empty: ready). */
export function missingLocales(document: EntryDocument): string[] {
  return locales.filter((locale) => !document.translations[locale]);
}
