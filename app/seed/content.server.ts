import { categoryTree, entryShelves } from "../domains/catalog/catalog.server";
import {
  type Block,
  createPublishedEntry,
  type EntryDocument,
  hasContent,
} from "../domains/content/content.server";
import { env } from "../platform/env.server";
import { type Locale, locales } from "../platform/i18n/locales";
import { serverI18n } from "../platform/i18n/resources.server";
import { href } from "../routing/urls";

type PerLocale<T> = Record<Locale, T>;

const campaign = {
  slug: { en: "winter-edit", nl: "winter-edit", fr: "selection-hiver", es: "seleccion-invierno" },
  title: {
    en: "The winter edit",
    nl: "De winter-edit",
    fr: "La sélection d’hiver",
    es: "La selección de invierno",
  },
  summary: {
    en: "Warm knits, long coats and the boots to go with them.",
    nl: "Warme truien, lange jassen en de laarzen die erbij horen.",
    fr: "Mailles chaudes, manteaux longs et les bottes qui vont avec.",
    es: "Punto cálido, abrigos largos y las botas a juego.",
  },
  cta: { en: "Shop the edit", nl: "Shop de edit", fr: "Découvrir la sélection", es: "Ver la selección" },
  countdown: {
    en: "The edit ends in",
    nl: "De edit eindigt over",
    fr: "La sélection se termine dans",
    es: "La selección termina en",
  },
  picks: { en: "Our picks", nl: "Onze favorieten", fr: "Nos coups de cœur", es: "Nuestros favoritos" },
  newest: { en: "Just in", nl: "Net binnen", fr: "Nouveautés", es: "Recién llegado" },
  body: {
    en: "Every piece in this edit was chosen to layer: wear the knit alone on a mild day and under the coat when the wind turns.\n\nOrder before the cut-off and it ships today.",
    nl: "Elk stuk in deze edit is gekozen om te combineren: draag de trui los op een zachte dag en onder de jas als de wind draait.\n\nBestel vóór de sluitingstijd en we versturen vandaag nog.",
    fr: "Chaque pièce de cette sélection se superpose : portez la maille seule par temps doux et sous le manteau quand le vent tourne.\n\nCommandez avant l’heure limite, nous expédions le jour même.",
    es: "Cada prenda de esta selección está pensada para combinar: lleva el jersey solo en un día templado y bajo el abrigo cuando cambie el viento.\n\nPide antes de la hora límite y lo enviamos hoy.",
  },
} as const;

const about = {
  slug: { en: "about-us", nl: "over-ons", fr: "a-propos", es: "sobre-nosotros" },
  title: {
    en: "About Loom & Label",
    nl: "Over Loom & Label",
    fr: "À propos de Loom & Label",
    es: "Sobre Loom & Label",
  },
  summary: {
    en: "A small Amsterdam shop for clothes that last.",
    nl: "Een kleine Amsterdamse winkel voor kleding die lang meegaat.",
    fr: "Une petite boutique d’Amsterdam pour des vêtements qui durent.",
    es: "Una pequeña tienda de Ámsterdam para ropa que dura.",
  },
  body: {
    en: "We started Loom & Label on the Keizersgracht with one rail of knitwear. Today we ship to the Netherlands, Belgium, France and Spain, and we still choose every piece ourselves.\n\nWhat you no longer wear can find a new owner in our second-hand shop.",
    nl: "We begonnen Loom & Label aan de Keizersgracht met één rek breigoed. Nu bezorgen we in Nederland, België, Frankrijk en Spanje, en we kiezen nog steeds elk stuk zelf.\n\nWat je niet meer draagt, vindt een nieuwe eigenaar in onze tweedehandswinkel.",
    fr: "Nous avons lancé Loom & Label sur le Keizersgracht avec un seul portant de mailles. Aujourd’hui nous livrons aux Pays-Bas, en Belgique, en France et en Espagne, et nous choisissons toujours chaque pièce nous-mêmes.\n\nCe que vous ne portez plus peut trouver preneur dans notre boutique de seconde main.",
    es: "Empezamos Loom & Label en el Keizersgracht con un solo perchero de punto. Hoy enviamos a los Países Bajos, Bélgica, Francia y España, y seguimos eligiendo cada prenda nosotros mismos.\n\nLo que ya no te pones puede encontrar nuevo dueño en nuestra tienda de segunda mano.",
  },
  tiles: { en: "Shop by department", nl: "Shop per afdeling", fr: "Par rayon", es: "Por sección" },
} as const;

const spring = {
  slug: { en: "spring-preview", nl: "lente-preview", fr: "apercu-printemps", es: "avance-primavera" },
  title: { en: "Spring preview", nl: "Lente-preview", fr: "Aperçu du printemps", es: "Avance de primavera" },
} as const;

function documentOf(
  blocks: (locale: Locale) => Block[],
  fields: { slug: PerLocale<string>; title: PerLocale<string>; summary?: PerLocale<string> },
): EntryDocument {
  return {
    translations: Object.fromEntries(
      locales.map((locale) => [
        locale,
        {
          slug: fields.slug[locale],
          title: fields.title[locale],
          summary: fields.summary?.[locale],
          blocks: blocks(locale),
        },
      ]),
    ),
  };
}

/**
 * The demo content of a fresh shop (issue 20): a live campaign with a hero, countdown and product picks,
 * an "about us" page, a campaign scheduled a month ahead (published, not online yet) and the home page's
 * slots. Only into an
 * empty content table, so an operator's own entries are never touched.
 */
export async function seedDemoContent(now = new Date()): Promise<number> {
  if (await hasContent()) return 0;
  const [newest] = await entryShelves("en", [
    { type: "shelf", title: "-", source: { kind: "filter", sort: "newest" }, limit: 8 },
  ]);
  const cards = newest ?? [];
  const picks = cards.slice(0, 4).map((card) => card.id);
  const heroImage = cards[0]?.image?.src;
  const departments = Object.fromEntries(
    await Promise.all(
      locales.map(async (locale) => [
        locale,
        (await categoryTree(locale)).map((d) => ({ label: d.name, category: d.slug })),
      ]),
    ),
  ) as PerLocale<{ label: string; category: string }[]>;
  const until = new Date(now.getTime() + 10 * 86_400_000);
  await createPublishedEntry({
    kind: "campaign",
    name: "Winter edit (demo)",
    onlineFrom: new Date(now.getTime() - 86_400_000),
    onlineUntil: until,
    document: documentOf(
      (locale) => [
        {
          type: "hero",
          title: campaign.title[locale],
          text: campaign.summary[locale],
          ...(heroImage ? { image: heroImage, imageAlt: "" } : {}),
          ctaLabel: campaign.cta[locale],
          ctaHref: `${href("category", {}, locale, env().I18N_STRATEGY)}?sort=newest`,
        },
        { type: "countdown", title: campaign.countdown[locale], until: until.toISOString() },
        ...(picks.length
          ? [
              {
                type: "shelf" as const,
                title: campaign.picks[locale],
                source: { kind: "picks" as const, productIds: picks },
                limit: 8,
              },
            ]
          : []),
        { type: "text", body: campaign.body[locale] },
        {
          type: "shelf",
          title: campaign.newest[locale],
          source: { kind: "filter", sort: "newest" },
          limit: 8,
        },
      ],
      campaign,
    ),
  });
  await createPublishedEntry({
    kind: "page",
    name: "About us (demo)",
    document: documentOf(
      (locale) => [
        { type: "text", body: about.body[locale] },
        ...(departments[locale].length
          ? [{ type: "tiles" as const, title: about.tiles[locale], tiles: departments[locale] }]
          : []),
      ],
      about,
    ),
  });
  await createPublishedEntry({
    kind: "campaign",
    name: "Spring preview (demo, scheduled)",
    onlineFrom: new Date(now.getTime() + 30 * 86_400_000),
    document: documentOf((locale) => [{ type: "hero", title: spring.title[locale] }], spring),
  });
  // The home page's slots as they were built in: the hero copy (its picture: the newest product's
  // close-up, as before), then new in and the best sellers.
  await createPublishedEntry({
    kind: "home",
    name: "Home page (demo)",
    document: {
      translations: Object.fromEntries(
        locales.map((locale) => {
          const { t } = serverI18n(locale);
          return [
            locale,
            {
              slug: "home",
              title: t("home.title"),
              blocks: [
                {
                  type: "hero",
                  title: t("home.title"),
                  text: t("home.intro"),
                  ctaLabel: t("home.shopNewIn"),
                  ctaHref: `${href("category", {}, locale, env().I18N_STRATEGY)}?sort=newest`,
                },
                {
                  type: "shelf",
                  title: t("home.newIn"),
                  source: { kind: "automatic", list: "new-in" },
                  limit: 8,
                },
                {
                  type: "shelf",
                  title: t("home.bestSellers"),
                  source: { kind: "automatic", list: "best-sellers" },
                  limit: 8,
                },
              ],
            },
          ];
        }),
      ),
    },
  });
  return 4;
}
