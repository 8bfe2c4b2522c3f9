// `npm run bench:search`: the text match of a search (no facets) on the configured database, over a few
// hundred realistic searches in four locales, after a warm-up: the in-memory engine (the default) and the
// PostgreSQL engine (GIN scan) side by side, the index's load time and memory, and the whole search
// listing (match, facets, one page of cards) as the API builds it. Run it on PostgreSQL with the bench
// catalogue (SEED=bench:100000); it prints one table. `node --expose-gc` makes the memory figure exact.
import os from "node:os";
import {
  postgresSearchEngine,
  type SearchEngine,
  searchEngine,
  searchListing,
} from "../app/domains/search/search.server";
import { searchIndex } from "../app/domains/search/search-index.server";
import { db } from "../app/platform/db/db.server";
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

async function time(label: string, search: (locale: Locale, q: string) => Promise<number>) {
  for (const { locale, q } of runs) await search(locale, q); // warm-up
  const times: number[] = [];
  let matches = 0;
  for (let round = 0; round < 3; round++) {
    for (const { locale, q } of runs) {
      const started = performance.now();
      matches += await search(locale, q);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  return [
    [`${label}: mean matches`, String(Math.round(matches / times.length)), "(capped at 10 000)"],
    [`${label}: p50`, `${percentile(times, 50).toFixed(2)} ms`, `${times.length} searches`],
    [`${label}: p90`, `${percentile(times, 90).toFixed(2)} ms`, ""],
    [`${label}: p99`, `${percentile(times, 99).toFixed(2)} ms`, ""],
  ];
}

const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const textMatch = (engine: SearchEngine) => async (locale: Locale, q: string) =>
  (await engine.searchProducts(locale, q)).ids.length;

await runCommand(async () => {
  const before = heap();
  const started = performance.now();
  await searchIndex(db()).ready();
  const loadMs = performance.now() - started;
  const loadedBytes = heap() - before;
  const stats = searchIndex(db()).stats();
  const rows = [
    ["load average (1 min) at start", os.loadavg()[0]?.toFixed(1) ?? "", `${os.cpus().length} cores`],
    ["index load", `${Math.round(loadMs)} ms`, "4 locales"],
    [
      "index memory (heap + array buffers)",
      `${(loadedBytes / 1e6).toFixed(1)} MB`,
      `typed arrays ${(Object.values(stats).reduce((n, s) => n + (s?.bytes ?? 0), 0) / 1e6).toFixed(1)} MB; ` +
        `${Object.values(stats).reduce((n, s) => n + (s?.products ?? 0), 0)} documents`,
    ],
    ...(await time("in memory", textMatch(searchEngine()))),
    ...(await time("PostgreSQL", textMatch(postgresSearchEngine()))),
    ...(await time("search listing, in memory", async (locale, q) => {
      const page = await searchListing(locale, new URLSearchParams({ q }));
      return page.listing?.total ?? 0;
    })),
    ["load average (1 min) at end", os.loadavg()[0]?.toFixed(1) ?? "", ""],
  ];
  console.table(rows.map(([metric, value, note]) => ({ metric, value, note })));
});
