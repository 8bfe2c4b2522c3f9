import { z } from "zod";
import * as rules from "../../platform/forms/rules";
import { locales } from "../../platform/i18n/locales";
import { shopLocalToUtc } from "../../platform/shop-time";
import { type Block, BlockSchema, listingSorts } from "./blocks";

/**
 * The back office's content editor forms (client-safe: Conform validates them in the browser, the server
 * again). A block is edited as one flat form whatever its type; `blockFromForm` turns it into the typed
 * block and `BlockSchema` has the last word. English only, like the whole back office.
 */

export const blockTypes = [
  "hero",
  "text",
  "image",
  "shelf",
  "listing",
  "tiles",
  "countdown",
  "faq",
  "video",
] as const;
export type BlockType = (typeof blockTypes)[number];

export const blockTypeNames: Record<BlockType, string> = {
  hero: "Hero",
  text: "Rich text",
  image: "Image",
  shelf: "Product shelf",
  listing: "Product selection with filters",
  tiles: "Category tiles",
  countdown: "Campaign countdown",
  faq: "FAQ list",
  video: "Video",
};

const shopLocalTime = z
  .string()
  .trim()
  .refine((value) => shopLocalToUtc(value) !== null, { error: "Enter a date and time" })
  .transform((value) => shopLocalToUtc(value) as Date);

const optionalText = (max: number) => rules.optional(rules.maxChars(max));

export const NewEntrySchema = z.object({
  kind: rules.choice(["page", "campaign", "home"]),
  name: rules.required({ max: 120 }),
});

export const EntrySettingsSchema = z.object({
  name: rules.required({ max: 120 }),
  onlineFrom: rules.optional(shopLocalTime),
  onlineUntil: rules.optional(shopLocalTime),
  earlyAccessFrom: rules.optional(shopLocalTime),
});

export const TranslationMetaSchema = z.object({
  slug: rules.pattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { example: "winter-edit" }),
  title: rules.required({ max: 160 }),
  summary: optionalText(400),
});

export const AddBlockSchema = z.object({ type: rules.choice(blockTypes) });
export const BlockIndexSchema = z.object({ index: z.number().int().min(0).max(39) });
export const CopyLocaleSchema = z.object({ from: rules.choice(locales) });
export const RestoreSchema = z.object({ number: z.number().int().positive() });
export const PickSchema = z.object({
  index: z.number().int().min(0).max(39),
  productId: z.number().int().positive(),
});

/** Every field any block type has, as the form's inputs show them (strings). */
export const BlockFormSchema = z.object({
  index: z.number().int().min(0).max(39),
  type: rules.choice(blockTypes),
  title: optionalText(120),
  heading: optionalText(120),
  text: optionalText(400),
  body: optionalText(10_000),
  image: optionalText(500),
  imageAlt: optionalText(200),
  ctaLabel: optionalText(60),
  ctaHref: optionalText(500),
  src: optionalText(500),
  alt: optionalText(200),
  caption: optionalText(200),
  poster: optionalText(500),
  sourceKind: rules.optional(rules.choice(["filter", "picks", "automatic"])),
  list: rules.optional(rules.choice(["new-in", "best-sellers"])),
  category: optionalText(120),
  sort: rules.optional(rules.choice(listingSorts)),
  productIds: optionalText(1_500),
  limit: rules.optional(z.number().int().min(1).max(24)),
  /** Tiles: one a line, "Label | category-slug". */
  tiles: optionalText(2_000),
  /** FAQ: question and answer separated by a line with "---" between items; first line is the question. */
  items: optionalText(20_000),
  until: rules.optional(shopLocalTime),
});
export type BlockForm = z.output<typeof BlockFormSchema>;

const lines = (value = "") =>
  value
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The typed block a block form describes, or the first problem as a field and an English message
 * (the editor shows it beside the field).
 */
export function blockFromForm(form: BlockForm): { block: Block } | { field: string; message: string } {
  const raw: Record<string, unknown> = (() => {
    switch (form.type) {
      case "hero":
        return {
          type: "hero",
          title: form.title,
          text: form.text,
          image: form.image,
          imageAlt: form.imageAlt,
          ctaLabel: form.ctaLabel,
          ctaHref: form.ctaHref,
        };
      case "text":
        return { type: "text", heading: form.heading, body: form.body };
      case "image":
        return { type: "image", src: form.src, alt: form.alt, caption: form.caption };
      case "shelf":
        return {
          type: "shelf",
          title: form.title,
          limit: form.limit ?? 8,
          source:
            form.sourceKind === "automatic"
              ? { kind: "automatic", list: form.list ?? "new-in" }
              : form.sourceKind === "picks"
                ? {
                    kind: "picks",
                    productIds: (form.productIds ?? "")
                      .split(/[\s,]+/)
                      .filter(Boolean)
                      .map(Number),
                  }
                : { kind: "filter", category: form.category, sort: form.sort ?? "position" },
        };
      case "listing":
        return {
          type: "listing",
          title: form.title,
          source:
            form.sourceKind === "picks"
              ? {
                  kind: "picks",
                  productIds: (form.productIds ?? "")
                    .split(/[\s,]+/)
                    .filter(Boolean)
                    .map(Number),
                }
              : { kind: "filter", category: form.category },
        };
      case "tiles":
        return {
          type: "tiles",
          title: form.title,
          tiles: lines(form.tiles).map((line) => {
            const [label = "", category = ""] = line.split("|").map((part) => part.trim());
            return { label, category };
          }),
        };
      case "countdown":
        return { type: "countdown", title: form.title, until: form.until?.toISOString() };
      case "faq":
        return {
          type: "faq",
          title: form.title,
          items: (form.items ?? "")
            .split(/\n\s*---\s*\n/)
            .map((item) => item.trim())
            .filter(Boolean)
            .map((item) => {
              const [q = "", ...answer] = item.split("\n");
              return { q: q.trim(), a: answer.join("\n").trim() };
            }),
        };
      case "video":
        return { type: "video", src: form.src, title: form.title, poster: form.poster };
    }
  })();
  const parsed = BlockSchema.safeParse(raw);
  if (parsed.success) return { block: parsed.data };
  const issue = parsed.error.issues[0]!;
  const [first, second] = issue.path.map(String);
  const field =
    first === "source" ? (second === "productIds" ? "productIds" : "category") : (first ?? "title");
  const message =
    issue.code === "too_small"
      ? field === "tiles" || field === "items" || field === "productIds"
        ? "Add at least one"
        : "Required"
      : issue.code === "invalid_type"
        ? "Required"
        : field === "productIds"
          ? "Product numbers, separated by commas"
          : issue.message;
  return { field, message };
}

/** A block as its form's inputs show it. */
export function blockToForm(block: Block, utcToLocal: (iso: string) => string): Record<string, string> {
  const text = (value: string | number | undefined) => (value === undefined ? "" : String(value));
  switch (block.type) {
    case "hero":
      return {
        type: "hero",
        title: block.title,
        text: text(block.text),
        image: text(block.image),
        imageAlt: text(block.imageAlt),
        ctaLabel: text(block.ctaLabel),
        ctaHref: text(block.ctaHref),
      };
    case "text":
      return { type: "text", heading: text(block.heading), body: block.body };
    case "image":
      return { type: "image", src: block.src, alt: block.alt, caption: text(block.caption) };
    case "shelf":
      return {
        type: "shelf",
        title: block.title,
        limit: String(block.limit),
        sourceKind: block.source.kind,
        ...(block.source.kind === "filter"
          ? { category: text(block.source.category), sort: block.source.sort }
          : block.source.kind === "picks"
            ? { productIds: block.source.productIds.join(", ") }
            : { list: block.source.list }),
      };
    case "listing":
      return {
        type: "listing",
        title: block.title,
        sourceKind: block.source.kind,
        ...(block.source.kind === "filter"
          ? { category: text(block.source.category) }
          : { productIds: block.source.productIds.join(", ") }),
      };
    case "tiles":
      return {
        type: "tiles",
        title: text(block.title),
        tiles: block.tiles.map((t) => `${t.label} | ${t.category}`).join("\n"),
      };
    case "countdown":
      return { type: "countdown", title: block.title, until: utcToLocal(block.until) };
    case "faq":
      return {
        type: "faq",
        title: text(block.title),
        items: block.items.map((i) => `${i.q}\n${i.a}`).join("\n---\n"),
      };
    case "video":
      return { type: "video", src: block.src, title: block.title, poster: text(block.poster) };
  }
}

/** A new block of a type, with placeholders the merchandiser overwrites (valid, so the draft stays valid). */
export function starterBlock(type: BlockType, now: Date): Block {
  switch (type) {
    case "hero":
      return { type, title: "New hero" };
    case "text":
      return { type, body: "Write here." };
    case "image":
      return { type, src: "/icons/icon-512.png", alt: "Describe the picture" };
    case "shelf":
      return { type, title: "New shelf", source: { kind: "filter", sort: "newest" }, limit: 8 };
    case "listing":
      return { type, title: "The whole selection", source: { kind: "filter" } };
    case "tiles":
      return { type, title: "Shop by category", tiles: [{ label: "All", category: "women" }] };
    case "countdown":
      return { type, title: "Ends in", until: new Date(now.getTime() + 7 * 86_400_000).toISOString() };
    case "faq":
      return { type, items: [{ q: "A question?", a: "Its answer." }] };
    case "video":
      return { type, src: "/media/video.mp4", title: "New video" };
  }
}
