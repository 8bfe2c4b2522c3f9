// `npm run bench:search`: the text match of a search (planning query + GIN scan, no facets) on the
// configured database, over a few hundred realistic searches in four locales, after a warm-up.
// Run it on PostgreSQL with the bench catalogue (SEED=bench:100000); it prints one table.
import { searchProducts } from "../app/domains/search/search.server";
import type { Locale } from "../app/platform/i18n/locales";
import { runCommand } from "../scripts/cli";

const words: Record<Locale, string[]> = {
  nl: [
    "jurk",
    "jurken",
    "zwarte jurk",
    "trui",
    "wollen trui",
    "spijkerbroek",
    "jeans",
    "blouse",
    "linnen",
    "rok",
    "jas",
    "jrk",
    "broek",
    "pantalon",
    "blauwe",
    "wikkel",
    "ju",
    "katoenen shirt",
    "colbert",
    "vest",
  ],
  en: [
    "dress",
    "dresses",
    "black dress",
    "jumper",
    "wool jumper",
    "jeans",
    "trousers",
    "pants",
    "linen shirt",
    "skirt",
    "coat",
    "drses",
    "cardigan",
    "blazer",
    "navy",
    "wrap",
    "dr",
    "cotton tee",
    "shorts",
    "knit",
  ],
  fr: [
    "robe",
    "robes",
    "robe noire",
    "pull",
    "pull en laine",
    "jean",
    "pantalon",
    "chemise",
    "lin",
    "jupe",
    "manteau",
    "rbe",
    "gilet",
    "blazer",
    "marine",
    "portefeuille",
    "ro",
    "coton",
    "short",
    "maille",
  ],
  es: [
    "vestido",
    "vestidos",
    "vestido negro",
    "jersey",
    "jersey de lana",
    "vaqueros",
    "pantalon",
    "camisa",
    "lino",
    "falda",
    "abrigo",
    "vestdo",
    "cardigan",
    "blazer",
    "marino",
    "cruzado",
    "ve",
    "algodon",
    "bermudas",
    "punto",
  ],
};
const runs = (Object.entries(words) as [Locale, string[]][]).flatMap(([locale, list]) =>
  list.map((q) => ({ locale, q })),
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

await runCommand(async () => {
  for (const { locale, q } of runs) await searchProducts(locale, q); // warm-up
  const times: number[] = [];
  let matches = 0;
  for (let round = 0; round < 3; round++) {
    for (const { locale, q } of runs) {
      const started = performance.now();
      const outcome = await searchProducts(locale, q);
      times.push(performance.now() - started);
      matches += outcome.ids.length;
    }
  }
  times.sort((a, b) => a - b);
  const rows = [
    ["searches", String(times.length), ""],
    ["mean matches per search", String(Math.round(matches / times.length)), "(capped at 10 000)"],
    ["p50 text match", `${percentile(times, 50).toFixed(1)} ms`, ""],
    ["p90 text match", `${percentile(times, 90).toFixed(1)} ms`, ""],
    ["p99 text match", `${percentile(times, 99).toFixed(1)} ms`, ""],
  ];
  console.table(rows.map(([metric, value, note]) => ({ metric, value, note })));
});
