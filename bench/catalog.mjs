// `npm run bench:catalog`: load tests of the catalogue on PostgreSQL with 100 000 products (BENCHMARKS.md).
// Seeds BENCH_DATABASE_URL with SEED=bench:100000 on first use (a few minutes), serves the built shop
// on it, and measures the search API with facets, the category listing API and the SSR category page:
// raw percentiles at a steady offered rate (load.mjs `paced`), the same rate as autocannon offers it (in
// bursts), and the maximum throughput (autocannon, closed loop).
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureDatabase, measureAtRate } from "./load.mjs";
import { printTable, startShop } from "./server.mjs";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench";
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "shop-bench-data");
/** BENCH_ONLY=search (or listing, pages, product, nocache; comma-separated) runs only those scenarios. */
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(",")) : null;
const chosen = (scenarios) => scenarios.filter((s) => !only || only.has(s.key));

/** A few requests that did not answer 2xx, printed after the table so a bad variant can be found. */
const statuses = new Set();

await ensureDatabase(databaseUrl, `${products} products (a few minutes)`);
mkdirSync(dataDir, { recursive: true });
const start = (env = {}) =>
  startShop({
    port: Number(process.env.BENCH_PORT ?? 3302),
    env: { DATABASE_URL: databaseUrl, SEED: `bench:${products}`, DATA_DIR: dataDir, ...env },
  });

let shop = await start();
await analyze(databaseUrl);
const rows = [];
try {
  const variants = await requestVariants(databaseUrl);
  await run(
    chosen([
      { key: "search", name: "search API with facets", paths: variants.search, rate: 100, p50: 15, p95: 50 },
      { key: "listing", name: "category listing API", paths: variants.listing, rate: 100 },
      // One product's detail (the app's product screen): translations, prices, sizes with stock, the look.
      { key: "product", name: "product detail API", paths: variants.product, rate: 100, throughput: 1500 },
      {
        key: "pages",
        name: "SSR category page",
        paths: variants.pages,
        rate: 100,
        p95: 150,
        throughput: 250,
      },
    ]),
  );
  // The same pages rendered for every request: what the micro-cache saves (docs/decisions/0008).
  const uncached = chosen([
    // A diagnosis, not a target: it may saturate without failing the run.
    {
      key: "nocache",
      name: "SSR category page, micro-cache off",
      paths: variants.pages,
      rate: 100,
      diagnosis: true,
    },
  ]);
  if (uncached.length > 0) {
    await shop.stop();
    shop = await start({ MICRO_CACHE: "off" });
    await run(uncached);
  }
  printTable(
    `Catalogue on PostgreSQL, ${products} products, ${variants.count} request variants per scenario; ` +
      `server, PostgreSQL and autocannon share this machine's ${os.cpus().length} cores`,
    rows,
  );
  if (statuses.size) console.log("non-2xx examples:", [...statuses].slice(0, 20));
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
} finally {
  await shop.stop();
}

async function run(scenarios) {
  for (const scenario of scenarios) {
    const probe = await fetch(`${shop.origin}${scenario.paths[0]}`);
    if (probe.status === 404 && scenario.paths[0].startsWith("/api/v1/search")) {
      rows.push({ metric: `${scenario.name}: not built`, value: "n/a" });
      continue;
    }
    const next = () => ({ path: scenario.paths[Math.floor(Math.random() * scenario.paths.length)] });
    const { offered, cpu, bursts, closed, failed, ...measured } = await measureAtRate(
      shop,
      { databaseUrl, rate: scenario.rate, seconds },
      next,
    );
    for (const status of measured.statuses) statuses.add(status);
    rows.push(
      {
        metric: `${scenario.name}: p50 at ${scenario.rate} req/s offered (steady)`,
        value: `${offered.p50} ms`,
        target: scenario.p50 ? `≤ ${scenario.p50} ms` : "",
        pass: scenario.p50 ? offered.p50 <= scenario.p50 : undefined,
      },
      {
        metric: `${scenario.name}: p95 at ${scenario.rate} req/s offered (steady)`,
        value: `${offered.p95} ms`,
        target: scenario.p95 ? `≤ ${scenario.p95} ms` : "",
        pass: scenario.p95 ? offered.p95 <= scenario.p95 : undefined,
      },
      {
        metric: `${scenario.name}: achieved rate`,
        value: `${offered.achieved.toFixed(0)} req/s`,
        target: `${scenario.rate} req/s`,
        pass: scenario.diagnosis ? undefined : offered.achieved >= scenario.rate * 0.95,
      },
      {
        // CPU time does not grow with the machine's other load the way latency does: compare this
        // figure between runs on a shared machine.
        metric: `${scenario.name}: CPU per request at ${scenario.rate} req/s (shop + its PostgreSQL backends)`,
        value: `${cpu.total.toFixed(1)} ms (shop ${cpu.shop.toFixed(1)}, PostgreSQL ${cpu.postgres.toFixed(1)})`,
      },
      {
        metric: `${scenario.name}: autocannon --overallRate ${scenario.rate} (each second's requests at once, 20 connections)`,
        value: `p50 ${bursts.p50} ms, p95 ${bursts.p95} ms, ${bursts.achieved.toFixed(0)} req/s`,
      },
      {
        metric: `${scenario.name}: max throughput (16 connections)`,
        value: `${closed.achieved.toFixed(0)} req/s (p50 ${closed.p50} ms, p95 ${closed.p95} ms)`,
        target: scenario.throughput ? `≥ ${scenario.throughput} req/s` : "",
        pass: scenario.throughput ? closed.achieved >= scenario.throughput : undefined,
      },
      {
        metric: `${scenario.name}: errors and non-2xx`,
        value: String(failed),
        target: "0",
        pass: failed === 0,
      },
    );
  }
}

/**
 * Fresh planner statistics before measuring, as autovacuum keeps them on a production server (a bench
 * machine's PostgreSQL may run with autovacuum off, and the statistics would be those of an empty shop).
 */
async function analyze(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("analyze");
  await client.end();
}

/**
 * A few hundred realistic requests per scenario: every locale, categories at every level, one or two
 * filters from the values that exist, every sort, the first pages, and search words from product names
 * (with a typo now and then), so no cache of one answer flatters the figures.
 */
async function requestVariants(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const categories = (
    await client.query("select locale, slug from category_translations order by category_id, locale")
  ).rows;
  const colours = (await client.query("select distinct colour from products")).rows.map((r) => r.colour);
  const sizes = (
    await client.query("select distinct lower(size) as size from product_variants limit 30")
  ).rows.map((r) => r.size);
  const slugs = (
    await client.query(
      "select t.locale, t.slug from product_translations t join products p on p.id = t.product_id where p.is_active order by random() limit 400",
    )
  ).rows;
  const words = (
    await client.query(
      `select locale, word from (
         select locale, lower(regexp_split_to_table(name, '\\s+')) as word from product_translations
         where product_id in (select id from products order by id limit 2000)
       ) w where length(word) >= 4 group by locale, word order by count(*) desc limit 400`,
    )
  ).rows;
  await client.end();

  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const sorts = ["", "sort=price_asc", "sort=price_desc", "sort=newest", ""];
  const filters = () => {
    const params = [];
    const n = Math.floor(random() * 3);
    const kinds = new Set(Array.from({ length: n }, () => pick(["colour", "size", "price", "discount"])));
    for (const kind of kinds) {
      if (kind === "colour") params.push(`colour=${pick(colours)}`);
      if (kind === "size") params.push(`size=${pick(sizes)}`);
      if (kind === "price") params.push(`price_min=${pick([10, 20, 30])}&price_max=${pick([60, 90, 150])}`);
      if (kind === "discount") params.push("discount=1");
    }
    const sort = pick(sorts);
    if (sort) params.push(sort);
    // Deeper pages only where there are surely that many products; every request must be a 200.
    if (n === 0 && random() < 0.3) params.push(`page=${pick([2, 3])}`);
    return params;
  };
  const typo = (word) => {
    if (random() > 0.15 || word.length < 5) return word;
    const at = 1 + Math.floor(random() * (word.length - 2));
    return word.slice(0, at) + word.slice(at + 1);
  };
  const count = 400;
  const search = [];
  const listing = [];
  const pages = [];
  for (let i = 0; i < count; i++) {
    const category = pick(categories);
    const { locale, word } = pick(words);
    const q = random() < 0.2 ? word.slice(0, Math.max(3, word.length - 2)) : typo(word);
    const searchFilters = filters().filter((p) => !p.startsWith("page="));
    search.push(
      `/api/v1/search?${[`locale=${locale}`, `q=${encodeURIComponent(q)}`, ...searchFilters].join("&")}`,
    );
    listing.push(
      `/api/v1/categories/${category.slug}/products?${[`locale=${category.locale}`, ...filters()].join("&")}`,
    );
    const query = filters().join("&");
    pages.push(`/${category.locale}/category/${category.slug}/${query ? `?${query}` : ""}`);
  }
  const product = slugs.map(({ locale, slug }) => `/api/v1/products/${slug}?locale=${locale}`);
  return { search, listing, pages, product, count };
}
