// The demo marketplace: a few dozen stores in the four countries, a few hundred listings written in each
// store's language, drawn with the shop's garment pictures (the same image keys, so few new renders).
// Deterministic for a PRNG seed. The demo shopper owns a store, so "my marketplace" is not empty.
import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { ListingColour, ListingCondition } from "../domains/marketplace/attributes";
import { listingSearchText } from "../domains/marketplace/listings/search-text.server";
import {
  marketplaceConversations,
  marketplaceFavourites,
  marketplaceFollows,
  marketplaceListings,
  marketplaceMessages,
  marketplaceOffers,
  marketplaceStores,
} from "../domains/marketplace/tables.server";
import { user } from "../platform/auth/tables.server";
import type { Database } from "../platform/db/db.server";
import type { Locale } from "../platform/i18n/locales";
import { productName } from "./catalogue";
import {
  brands,
  type ColourCode,
  colours,
  cuts,
  type GarmentCode,
  garments,
  materials,
} from "./catalogue-data";
import { type ImageSpec, imageKey, imageSetFor } from "./images.server";
import { Random } from "./random";

const DAY = 86_400_000;
const DEMO_EMAIL = "demo@loomandlabel.test";

const categoryOf: Record<GarmentCode, string> = {
  dress: "dresses",
  top: "tops",
  shirt: "shirts",
  knit: "knitwear",
  jeans: "jeans",
  trousers: "trousers",
  shorts: "shorts",
  skirt: "skirts",
  outerwear: "outerwear",
};

const colourOf: Record<ColourCode, ListingColour> = {
  black: "black",
  white: "white",
  ecru: "ecru",
  navy: "navy",
  camel: "camel",
  olive: "green",
  burgundy: "red",
  sage: "green",
  rust: "orange",
  "dusty-pink": "pink",
  "denim-blue": "blue",
  "grey-melange": "grey",
  chocolate: "brown",
  "sky-blue": "blue",
};

/** Brands people resell: the shop's own plus a few fictional high-street and vintage labels. */
const resaleBrands = [
  ...brands.map(([name]) => name),
  "Vintage",
  "Zeewind",
  "Atelier Nord",
  "Marée Basse",
  "Costa Clara",
  "Kanaal 9",
];

const people: Record<Locale, [first: string, last: string][]> = {
  nl: [
    ["Femke", "Bakker"],
    ["Daan", "Visser"],
    ["Lieke", "Smit"],
    ["Noor", "Meijer"],
    ["Bram", "de Boer"],
    ["Julia", "Mulder"],
    ["Sem", "de Groot"],
    ["Eva", "Bos"],
    ["Lotte", "Vos"],
    ["Anouk", "Peters"],
  ],
  en: [
    ["Emma", "Claes"],
    ["Lucas", "Wouters"],
    ["Marie", "Goossens"],
    ["Louis", "Maes"],
    ["Elise", "Jacobs"],
  ],
  fr: [
    ["Chloé", "Dubois"],
    ["Léa", "Moreau"],
    ["Camille", "Laurent"],
    ["Hugo", "Simon"],
    ["Manon", "Michel"],
    ["Inès", "Lefebvre"],
    ["Jules", "Leroy"],
    ["Zoé", "Roux"],
    ["Louise", "Fournier"],
  ],
  es: [
    ["Lucía", "García"],
    ["Martina", "López"],
    ["Pablo", "Martín"],
    ["Carmen", "Sánchez"],
    ["Elena", "Romero"],
    ["Alba", "Navarro"],
    ["Hugo", "Torres"],
    ["Sofía", "Ruiz"],
    ["Irene", "Díaz"],
    ["Mateo", "Vidal"],
  ],
};

const countryOf: Record<Locale, "NL" | "BE" | "FR" | "ES"> = { nl: "NL", en: "BE", fr: "FR", es: "ES" };

const storeNames: Record<Locale, ((first: string) => string)[]> = {
  nl: [
    (f) => `De kast van ${f}`,
    (f) => `${f}’s vintage`,
    (f) => `Tweede ronde ${f}`,
    (f) => `${f} ruimt op`,
  ],
  en: [(f) => `${f}’s wardrobe`, (f) => `Second round by ${f}`, (f) => `${f} clears out`],
  fr: [(f) => `Le dressing de ${f}`, (f) => `${f} vide son placard`, (f) => `Seconde vie ${f}`],
  es: [(f) => `El armario de ${f}`, (f) => `${f} vintage`, (f) => `Segunda vida de ${f}`],
};

const bios: Record<Locale, string[]> = {
  nl: [
    "Ik verkoop wat ik te weinig draag. Alles gewassen en rookvrij. Combineren kan: stuur me een bericht.",
    "Liefhebber van tijdloze basics. Ik verstuur binnen twee dagen.",
    "Kast te vol, tijd voor een tweede leven. Vragen? Stel ze gerust.",
  ],
  en: [
    "Selling what I hardly wear. Everything washed, from a smoke-free home. Happy to bundle.",
    "Timeless basics, looked after well. I ship within two days.",
  ],
  fr: [
    "Je vends ce que je ne porte plus. Tout est lavé, maison non-fumeur. Lots possibles.",
    "Amoureuse des basiques intemporels. Envoi sous deux jours.",
    "Placard trop plein : place à une seconde vie. Une question ? Écrivez-moi.",
  ],
  es: [
    "Vendo lo que apenas uso. Todo lavado, hogar sin humo. Hago lotes.",
    "Fan de los básicos atemporales. Envío en dos días.",
    "Armario demasiado lleno: toca darles una segunda vida. ¿Dudas? Escríbeme.",
  ],
};

const conditionLine: Record<Locale, Record<ListingCondition, string>> = {
  nl: {
    "new-with-tags": "Nooit gedragen, labels zitten er nog aan.",
    "like-new": "Een paar keer gedragen, ziet er nog als nieuw uit.",
    good: "Met liefde gedragen, lichte gebruikssporen.",
    fair: "Zichtbaar gedragen, zie de foto’s.",
  },
  en: {
    "new-with-tags": "Never worn, tags still on.",
    "like-new": "Worn a couple of times, looks as new.",
    good: "Worn and loved, slight signs of wear.",
    fair: "Visibly worn, see the photos.",
  },
  fr: {
    "new-with-tags": "Jamais porté, étiquettes encore attachées.",
    "like-new": "Porté quelques fois, comme neuf.",
    good: "Porté avec amour, légères traces d’usure.",
    fair: "Visiblement porté, voir les photos.",
  },
  es: {
    "new-with-tags": "Sin estrenar, con etiquetas.",
    "like-new": "Usado un par de veces, como nuevo.",
    good: "Usado con cariño, ligeras señales de uso.",
    fair: "Visiblemente usado, mira las fotos.",
  },
};

const conditions: [ListingCondition, number][] = [
  ["new-with-tags", 15],
  ["like-new", 35],
  ["good", 38],
  ["fair", 12],
];

function handleOf(name: string, taken: Set<string>): string {
  const base = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 26);
  let handle = base;
  for (let n = 2; taken.has(handle); n++) handle = `${base}-${n}`;
  taken.add(handle);
  return handle;
}

/** One listing's columns (without its store) in `language`: a garment of the shop's catalogue, resold. */
export function listingRow(rng: Random, language: Locale, now: Date, images: Map<string, ImageSpec>) {
  const cut = rng.pick(cuts);
  const garment = garments[cut.garment];
  const gender = rng.pick(cut.genders);
  const material = materials[rng.pick(cut.materials)];
  const palette = cut.colours ?? garment.colours;
  const colour = colours[rng.pick(palette)];
  const spec: ImageSpec[] = (["front", "detail"] as const).map((view) => ({
    silhouette: cut.silhouette,
    colour: colour.code,
    hex: colour.hex,
    print: "plain",
    view,
  }));
  for (const image of spec) images.set(imageKey(image), image);
  const condition = rng.weighted(conditions);
  const [low, high] = cut.price ?? garment.price;
  const newPrice = Math.round(low + rng.next() * (high - low));
  const share = condition === "new-with-tags" ? 0.6 : condition === "fair" ? 0.2 : 0.35;
  const euros = Math.max(3, Math.round(newPrice * share * (0.7 + rng.next() * 0.6)));
  const dropped = rng.chance(0.12);
  const brand = rng.chance(0.7) ? rng.pick(resaleBrands.slice(0, 8)) : rng.pick(resaleBrands);
  const title = productName(cut, material, "plain", language);
  const fields = {
    title,
    description: `${cut.blurb[language]} ${material.blurb[language]} ${conditionLine[language][condition]}`,
    category: categoryOf[cut.garment],
    size: rng.pick(garment.sizes[gender] ?? ["M"]),
    colour: colourOf[colour.code],
    brand,
    condition,
    material: material.fabric,
  };
  const state = rng.weighted([
    ["published", 86],
    ["sold", 8],
    ["reserved", 2],
    ["closed", 2],
    ["draft", 2],
  ] as const);
  const listed = new Date(now.getTime() - rng.int(0, 30 * 24) * 3_600_000);
  return {
    ...fields,
    searchText: listingSearchText(fields),
    priceCents: euros * 100,
    originalPriceCents: dropped ? Math.round(euros * 1.25) * 100 : null,
    language,
    photos: spec.map((image) => imageSetFor(imageKey(image))),
    state,
    wishlistCount: rng.weighted([
      [0, 40],
      [rng.int(1, 5), 40],
      [rng.int(6, 40), 20],
    ] as const),
    timesWatched: rng.int(5, 900),
    createdAt: listed,
    publishedAt: state === "draft" ? null : listed,
  };
}

export async function marketplaceIsEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: marketplaceStores.id }).from(marketplaceStores).limit(1);
  return !row;
}

export interface MarketplaceSeed {
  stores: number;
  listings: number;
  /** The pictures the listings point at; render them with `ImagePool` (most exist from the shop's seed). */
  images: ImageSpec[];
}

/** Seeds stores and listings into an empty marketplace in one transaction. */
export async function seedMarketplace(
  db: Database,
  options: { stores?: number; seed?: number; now?: Date } = {},
): Promise<MarketplaceSeed> {
  const rng = new Random(options.seed ?? 20261127);
  const now = options.now ?? new Date();
  const storeCount = options.stores ?? 36;
  const images = new Map<string, ImageSpec>();
  let listings = 0;
  await db.transaction(async (tx) => {
    const [demo] = await tx.select({ id: user.id }).from(user).where(eq(user.email, DEMO_EMAIL));
    const taken = new Set<string>();
    const languages: Locale[] = ["nl", "nl", "nl", "fr", "fr", "es", "es", "en"];
    for (let s = 0; s < storeCount; s++) {
      const language: Locale = demo && s === 0 ? "nl" : rng.pick(languages);
      const [first, last] = demo && s === 0 ? ["Sanne", "de Vries"] : rng.pick(people[language]);
      const userId = demo && s === 0 ? demo.id : randomUUID();
      if (!(demo && s === 0))
        await tx.insert(user).values({
          id: userId,
          name: `${first} ${last}`,
          email: `seller-${s}@marketplace.loomandlabel.test`,
          firstName: first,
          lastName: last,
          locale: language,
          emailVerified: true,
        });
      const name = rng.pick(storeNames[language])(first);
      const created = new Date(now.getTime() - rng.int(40, 700) * DAY);
      const [store] = await tx
        .insert(marketplaceStores)
        .values({
          userId,
          handle: handleOf(name, taken),
          name,
          bio: rng.pick(bios[language]),
          country: countryOf[language],
          language,
          gridType: rng.chance(0.25) ? "large" : "grid",
          bannerColour: rng.pick(["#e9e0cf", "#d9e2d5", "#e6d3cf", "#d5dde6", "#ece4d8", "#dcd6e4"]),
          followers: rng.int(0, 400),
          views: rng.int(50, 6000),
          createdAt: created,
        })
        .returning({ id: marketplaceStores.id });
      const count = demo && s === 0 ? 6 : rng.int(3, 16);
      const rows = Array.from({ length: count }, () => ({
        storeId: store!.id,
        ...listingRow(rng, language, now, images),
      }));
      await tx.insert(marketplaceListings).values(rows);
      listings += rows.length;
    }
    if (demo) await seedDemoSocial(tx, demo.id, rng, now);
  });
  return { stores: storeCount, listings, images: [...images.values()] };
}

type SeedTx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The demo shopper's social side, so "my marketplace" is not empty on first start: a few followed stores,
 * favourites, a conversation with a pending offer as a buyer and a question from a buyer on one of their
 * own listings. Counters are recomputed from the rows.
 */
async function seedDemoSocial(tx: SeedTx, demoId: string, rng: Random, now: Date): Promise<void> {
  const others = await tx
    .select({ id: marketplaceStores.id, userId: marketplaceStores.userId })
    .from(marketplaceStores)
    .where(ne(marketplaceStores.userId, demoId))
    .limit(12);
  const followed = others.slice(0, 4);
  if (followed.length === 0) return;
  await tx.insert(marketplaceFollows).values(followed.map((s) => ({ userId: demoId, storeId: s.id })));
  const forSale = await tx
    .select({
      id: marketplaceListings.id,
      storeId: marketplaceListings.storeId,
      price: marketplaceListings.priceCents,
    })
    .from(marketplaceListings)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
    .where(and(eq(marketplaceListings.state, "published"), ne(marketplaceStores.userId, demoId)))
    .limit(40);
  const favourites = forSale.filter(() => rng.chance(0.2)).slice(0, 6);
  if (favourites.length)
    await tx
      .insert(marketplaceFavourites)
      .values(favourites.map((l) => ({ userId: demoId, listingId: l.id })));
  const asked = forSale[0];
  if (asked) {
    const owner = others.find((s) => s.id === asked.storeId)?.userId;
    const [conversation] = await tx
      .insert(marketplaceConversations)
      .values({
        listingId: asked.id,
        buyerId: demoId,
        storeId: asked.storeId,
        buyerReadAt: now,
        lastMessageAt: now,
      })
      .returning({ id: marketplaceConversations.id });
    const amount = Math.max(Math.ceil((asked.price * 0.8) / 100) * 100, Math.ceil(asked.price * 0.6));
    const offerAmount = amount < asked.price ? amount : Math.ceil(asked.price * 0.6);
    await tx.insert(marketplaceMessages).values({
      conversationId: conversation!.id,
      senderId: demoId,
      body: "Hoi! Is dit nog beschikbaar? En valt het normaal qua maat?",
      createdAt: new Date(now.getTime() - 3_600_000),
    });
    if (owner)
      await tx.insert(marketplaceMessages).values({
        conversationId: conversation!.id,
        senderId: owner,
        body: "Ja, nog beschikbaar! Valt normaal.",
        createdAt: new Date(now.getTime() - 1_800_000),
      });
    const [offer] = await tx
      .insert(marketplaceOffers)
      .values({
        conversationId: conversation!.id,
        listingId: asked.id,
        buyerId: demoId,
        madeBy: "customer",
        amountCents: offerAmount,
        answerBy: new Date(now.getTime() + 40 * 3_600_000),
        createdAt: now,
      })
      .returning({ id: marketplaceOffers.id });
    await tx.insert(marketplaceMessages).values({
      conversationId: conversation!.id,
      senderId: demoId,
      kind: "offer",
      offerId: offer!.id,
      createdAt: now,
    });
  }
  const [own] = await tx
    .select({ id: marketplaceListings.id, storeId: marketplaceListings.storeId })
    .from(marketplaceListings)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
    .where(and(eq(marketplaceStores.userId, demoId), eq(marketplaceListings.state, "published")))
    .limit(1);
  const buyer = others[5]?.userId;
  if (own && buyer) {
    const [conversation] = await tx
      .insert(marketplaceConversations)
      .values({
        listingId: own.id,
        buyerId: buyer,
        storeId: own.storeId,
        buyerReadAt: now,
        lastMessageAt: now,
      })
      .returning({ id: marketplaceConversations.id });
    await tx.insert(marketplaceMessages).values({
      conversationId: conversation!.id,
      senderId: buyer,
      body: "Bonjour, vous pouvez envoyer en Belgique ?",
      createdAt: now,
    });
    await tx.insert(marketplaceFollows).values({ userId: buyer, storeId: own.storeId }).onConflictDoNothing();
  }
  await tx.execute(
    sql`update marketplace_stores s set followers = s.followers + f.n from (select store_id, count(*)::int as n from marketplace_follows group by store_id) f where f.store_id = s.id`,
  );
  await tx.execute(
    sql`update marketplace_listings l set wishlist_count = l.wishlist_count + f.n from (select listing_id, count(*)::int as n from marketplace_favourites group by listing_id) f where f.listing_id = l.id`,
  );
}
