// Turns the hand-written catalogue data into products, deterministically: the same seed and count
// always give the same products in the same order (dates are relative to `now`).
import type { ProductAttributes } from "../domains/catalog/tables.server";
import { type Locale, locales } from "../platform/i18n/locales";
import {
  availableSoonReasons,
  brands,
  type Colour,
  type ColourCode,
  type Cut,
  care,
  colours,
  composition,
  cuts,
  fitAdvice,
  type GarmentCode,
  type Gender,
  garments,
  garmentWeights,
  lookTemplates,
  type Material,
  materials,
  modelHeights,
  modelInfo,
  type PatternCode,
  patterns,
} from "./catalogue-data";
import type { ImageSpec } from "./images.server";
import { Random } from "./random";

const DEFAULT_SEED = 20260501;

interface ProductTranslationSpec {
  locale: Locale;
  name: string;
  slug: string;
  description: string;
  fabric: string;
  washingAdvice: string;
  modelInfo: string;
}

interface VariantSpec {
  size: string;
  sku: string;
  stock: number;
  position: number;
}

type Availability = "in-stock" | "low-stock" | "sold-out" | "available-soon";

export interface ProductSpec {
  styleCode: string;
  brand: string;
  colour: Colour;
  gender: Gender;
  priceCents: number;
  originalPriceCents: number | null;
  attributes: ProductAttributes;
  lookId: string | null;
  appOnly: boolean;
  onlineFrom: Date | null;
  availableSoonReason: string | null;
  /** ISO date (yyyy-mm-dd). */
  availableSoonDate: string | null;
  /** Popularity rank, 1 = most popular. */
  position: number;
  createdAt: Date;
  /** Leaf category code, then its parent's. */
  categories: readonly [string, string];
  translations: ProductTranslationSpec[];
  variants: VariantSpec[];
  images: ImageSpec[];
  priceHistory: { priceCents: number; validFrom: Date }[];
}

const DAY = 24 * 60 * 60 * 1000;

/** Lowercase ASCII words joined by hyphens ("Pull col rond en laine d'agneau" → "pull-col-rond-en-laine-d-agneau"). */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** English and Dutch put adjectives, pattern and material before the noun; French and Spanish after it. */
export function productName(cut: Cut, material: Material, pattern: PatternCode, locale: Locale): string {
  const adjective = cut.adjective?.[locale] ?? "";
  const noun = cut.noun[locale];
  const fabric = material.name[locale];
  let print = "";
  if (pattern !== "plain") {
    const words = patterns[pattern];
    print = locale === "nl" ? words.nl[cut.nlNeuter ? "het" : "de"] : words[locale];
  }
  const words =
    locale === "en" || locale === "nl" ? [adjective, print, fabric, noun] : [noun, adjective, fabric, print];
  return capitalise(words.filter(Boolean).join(" "));
}

/** One style: a cut in a material and pattern, sold in one or more colours. */
interface Style {
  code: string;
  gender: Gender;
  cut: Cut;
  material: Material;
  pattern: PatternCode;
  colours: Colour[];
  brand: string;
  priceCents: number;
  createdAt: Date;
  names: Record<Locale, string>;
  modelHeight: number;
  occasion: string;
}

function euroPrice(rng: Random, [low, high]: readonly [number, number], factor: number): number {
  const euros = Math.floor((low + rng.next() * (high - low)) * factor);
  return euros * 100 - (rng.chance(0.8) ? 1 : 5);
}

/** Distinct colours; a palette's first three are its core colours and come up three times as often. */
function pickColours(rng: Random, palette: readonly ColourCode[], count: number): Colour[] {
  const left = [...palette];
  const picked: Colour[] = [];
  while (picked.length < count && left.length > 0) {
    const code = rng.weighted(left.map((c) => [c, palette.indexOf(c) < 3 ? 3 : 1] as const));
    left.splice(left.indexOf(code), 1);
    picked.push(colours[code]);
  }
  return picked;
}

function newStyle(rng: Random, gender: Gender, garmentCode: GarmentCode, number: number, now: Date): Style {
  const garment = garments[garmentCode];
  const cut = rng.pick(cuts.filter((c) => c.garment === garmentCode && c.genders.includes(gender)));
  const materialCode = rng.pick(cut.materials);
  const material = materials[materialCode];
  const palette = cut.colours ?? garment.colours;
  const drawn = cut.patterns && rng.chance(0.25) ? rng.pick(cut.patterns) : undefined;
  // A print comes only in the ground colours it is made in; without any, the style is plain.
  const grounds = drawn ? palette.filter((c) => patterns[drawn].grounds.includes(c)) : [];
  const pattern: PatternCode = drawn && grounds.length > 0 ? drawn : "plain";
  const colourCount = rng.weighted([
    [1, 35],
    [2, 30],
    [3, 20],
    [4, 15],
  ] as const);
  return {
    code: `${gender === "women" ? "W" : "M"}${garment.sku}${String(number).padStart(6, "0")}`,
    gender,
    cut,
    material,
    pattern,
    colours: pickColours(rng, pattern === "plain" ? palette : grounds, colourCount),
    brand: rng.weighted(brands),
    priceCents: euroPrice(rng, cut.price ?? garment.price, material.priceFactor),
    createdAt: new Date(now.getTime() - rng.int(40, 420) * DAY),
    names: Object.fromEntries(locales.map((l) => [l, productName(cut, material, pattern, l)])) as Record<
      Locale,
      string
    >,
    modelHeight: rng.pick(modelHeights[gender]),
    occasion: rng.pick(garment.occasions),
  };
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function stockFor(rng: Random, availability: Availability, sizes: number): number[] {
  switch (availability) {
    case "sold-out":
    case "available-soon":
      return Array.from({ length: sizes }, () => 0);
    case "low-stock": {
      const stock = Array.from({ length: sizes }, () =>
        rng.chance(0.5) ? rng.int(1, 5) : rng.chance(0.4) ? 0 : rng.int(6, 15),
      );
      stock[rng.int(0, sizes - 1)] = rng.int(1, 5);
      return stock;
    }
    case "in-stock": {
      const stock = Array.from({ length: sizes }, () => (rng.chance(0.05) ? 0 : rng.int(6, 60)));
      if (!stock.some((n) => n > 0)) stock[0] = 12;
      return stock;
    }
  }
}

function product(
  rng: Random,
  style: Style,
  colour: Colour,
  lookId: string | null,
  position: number,
  now: Date,
): ProductSpec {
  const garment = garments[style.cut.garment];
  const sizes = garment.sizes[style.gender] ?? [];
  const availability = rng.weighted<Availability>([
    ["in-stock", 80],
    ["low-stock", 10],
    ["sold-out", 8],
    ["available-soon", 2],
  ]);
  const discounted = rng.chance(0.25);
  let createdAt = style.createdAt;
  let priceCents = style.priceCents;
  let originalPriceCents: number | null = null;
  const priceHistory = [{ priceCents, validFrom: createdAt }];
  if (discounted) {
    const percent = rng.pick([20, 25, 30, 40, 50]);
    const saleStart = new Date(now.getTime() - rng.int(1, 20) * DAY);
    // The earlier price held for well over 30 days before the sale (EU Omnibus).
    if (createdAt.getTime() > saleStart.getTime() - 35 * DAY)
      createdAt = new Date(saleStart.getTime() - 35 * DAY);
    originalPriceCents = priceCents;
    priceCents = Math.floor((originalPriceCents * (100 - percent)) / 10000) * 100 - (rng.chance(0.8) ? 1 : 5);
    priceHistory.splice(
      0,
      1,
      { priceCents: originalPriceCents, validFrom: createdAt },
      { priceCents, validFrom: saleStart },
    );
  }
  const stock = stockFor(rng, availability, sizes.length);
  const soon = availability === "available-soon";
  const leaf = garment.category[style.gender] as string;
  return {
    styleCode: style.code,
    brand: style.brand,
    colour,
    gender: style.gender,
    priceCents,
    originalPriceCents,
    attributes: {
      length: style.cut.length,
      fit: style.cut.fit,
      fabric: style.material.fabric,
      pattern: style.pattern,
      occasion: style.occasion,
    },
    lookId,
    appOnly: rng.chance(0.02),
    onlineFrom: rng.chance(0.02) ? new Date(now.getTime() + rng.int(3, 30) * DAY) : null,
    availableSoonReason: soon ? rng.pick(availableSoonReasons) : null,
    availableSoonDate: soon ? isoDate(new Date(now.getTime() + rng.int(7, 45) * DAY)) : null,
    position,
    createdAt,
    categories: [leaf, style.gender],
    translations: locales.map((locale) => ({
      locale,
      name: style.names[locale],
      slug: `${slugify(style.names[locale])}-${style.code.toLowerCase()}-${slugify(colour.name[locale])}`,
      description: [
        style.cut.blurb[locale],
        style.material.blurb[locale],
        fitAdvice[style.cut.fit][locale],
      ].join(" "),
      fabric: composition(style.material.composition, locale),
      washingAdvice: care[style.material.care][locale],
      modelInfo: modelInfo(style.gender, style.modelHeight, garment.modelSize[style.gender] ?? "", locale),
    })),
    variants: sizes.map((size, i) => ({
      size,
      sku: `${style.code}-${colour.sku}-${size}`,
      stock: stock[i] ?? 0,
      position: i,
    })),
    images: (["front", "detail"] as const).map((view) => ({
      silhouette: style.cut.silhouette,
      colour: colour.code,
      hex: colour.hex,
      print: style.pattern,
      view,
    })),
    priceHistory,
  };
}

/** A random order of 1…count for the "most popular" ranking. */
function popularityRanks(count: number, seed: number): Int32Array {
  const rng = new Random(seed ^ 0x5bd1e995);
  const ranks = new Int32Array(count);
  for (let i = 0; i < count; i++) ranks[i] = i + 1;
  for (let i = count - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [ranks[i], ranks[j]] = [ranks[j] as number, ranks[i] as number];
  }
  return ranks;
}

/**
 * Yields `count` products. Most styles come alone; about one in seven is part of a shop-the-look set of
 * two to four styles of one gender, whose first colours share a look id.
 */
export function* generateProducts(
  count: number,
  options: { seed?: number; now?: Date } = {},
): Generator<ProductSpec> {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date();
  const rng = new Random(seed);
  const ranks = popularityRanks(count, seed);
  let produced = 0;
  let styles = 0;
  let looks = 0;
  const emit = function* (style: Style, lookId: string | null) {
    for (const [i, colour] of style.colours.entries()) {
      if (produced >= count) return;
      yield product(rng, style, colour, i === 0 ? lookId : null, ranks[produced] as number, now);
      produced++;
    }
  };
  while (produced < count) {
    const gender = rng.weighted<Gender>([
      ["women", 60],
      ["men", 40],
    ]);
    if (rng.chance(0.15)) {
      const look = rng
        .pick(lookTemplates[gender])
        .map((garment) => newStyle(rng, gender, garment, ++styles, now));
      const size = look.reduce((sum, style) => sum + style.colours.length, 0);
      const lookId = produced + size <= count ? `LOOK-${String(++looks).padStart(5, "0")}` : null;
      for (const style of look) yield* emit(style, lookId);
      continue;
    }
    yield* emit(newStyle(rng, gender, rng.weighted(garmentWeights[gender]), ++styles, now), null);
  }
}
