// `npm run bench:marketplace`: the marketplace's search on PostgreSQL with 100 000 published listings from
// 10 000 stores (issue 17, docs/decisions/0052). Seeds BENCH_DATABASE_URL with SEED=bench:300:100000 on
// first use, serves the built shop on it, and measures the listings API with facets (search words, filters,
// sorts) at a steady offered 100 req/s (load.mjs), its maximum throughput, the index's memory (heap before
// and after a load, in a process of its own) and freshness: a listing published by another process (SQL on
// the database, as a second server would write it) is polled for until found, then sold and polled for
// until gone.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureDatabase, measureAtRate } from "./load.mjs";
import { printTable, startShop } from "./server.mjs";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench_market";
const listings = Number(process.env.BENCH_LISTINGS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "shop-bench-market-data");
const FRESH_MS = 2000;

await ensureDatabase(databaseUrl, `${listings} marketplace listings (a few minutes)`);
mkdirSync(dataDir, { recursive: true });
const shop = await startShop({
  port: Number(process.env.BENCH_PORT ?? 3303),
  env: { DATABASE_URL: databaseUrl, SEED: `bench:300:${listings}`, DATA_DIR: dataDir },
});
const rows = [];
const statuses = new Set();
try {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("analyze");
  const paths = await requestVariants(client);
  const next = () => ({ path: paths[Math.floor(Math.random() * paths.length)] });
  const { offered, cpu, bursts, closed, failed, ...measured } = await measureAtRate(
    shop,
    { databaseUrl, rate: 100, seconds },
    next,
  );
  for (const status of measured.statuses) statuses.add(status);
  const name = "marketplace search with facets";
  rows.push(
    {
      metric: `${name}: p50 at 100 req/s offered (steady)`,
      value: `${offered.p50} ms`,
      target: "≤ 15 ms",
      pass: offered.p50 <= 15,
    },
    {
      metric: `${name}: p95 at 100 req/s offered (steady)`,
      value: `${offered.p95} ms`,
      target: "≤ 50 ms",
      pass: offered.p95 <= 50,
    },
    {
      metric: `${name}: achieved rate`,
      value: `${offered.achieved.toFixed(0)} req/s`,
      target: "100 req/s",
      pass: offered.achieved >= 95,
    },
    {
      metric: `${name}: CPU per request (shop + its PostgreSQL backends)`,
      value: `${cpu.total.toFixed(1)} ms (shop ${cpu.shop.toFixed(1)}, PostgreSQL ${cpu.postgres.toFixed(1)})`,
    },
    {
      metric: `${name}: autocannon --overallRate 100 (bursts, 20 connections)`,
      value: `p50 ${bursts.p50} ms, p95 ${bursts.p95} ms, ${bursts.achieved.toFixed(0)} req/s`,
    },
    {
      metric: `${name}: max throughput (16 connections)`,
      value: `${closed.achieved.toFixed(0)} req/s (p50 ${closed.p50} ms, p95 ${closed.p95} ms)`,
    },
    { metric: `${name}: errors and non-2xx`, value: String(failed), target: "0", pass: failed === 0 },
  );
  rows.push(...(await freshness(client)));
  await client.end();
  rows.push(...memory());
  printTable(
    `Marketplace on PostgreSQL, ${listings} listings, ${paths.length} request variants; load average ` +
      `${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${os.cpus().length} cores`,
    rows,
  );
  if (statuses.size) console.log("non-2xx examples:", [...statuses].slice(0, 20));
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
} finally {
  await shop.stop();
}

/**
 * A few hundred requests: search words from listing titles and brands in every language (a typo now and
 * then), sizes, brands, colours, conditions, price ranges, categories and every sort, so no cache of one
 * answer flatters the figures.
 */
async function requestVariants(client) {
  const words = (
    await client.query(
      `select word from (
         select lower(regexp_split_to_table(title || ' ' || brand, '\\s+')) as word from marketplace_listings
         where id in (select id from marketplace_listings order by id limit 3000)
       ) w where length(word) >= 4 group by word order by count(*) desc limit 300`,
    )
  ).rows.map((r) => r.word);
  const facet = async (column) =>
    (await client.query(`select distinct ${column} as v from marketplace_listings limit 40`)).rows.map(
      (r) => r.v,
    );
  // One query at a time: a pg client runs them in sequence anyway.
  const sizes = await facet("size");
  const brands = await facet("brand");
  const colours = await facet("colour");
  const conditions = await facet("condition");
  const categories = await facet("category");
  let seed = 52;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const typo = (word) => {
    if (random() > 0.15 || word.length < 5) return word;
    const at = 1 + Math.floor(random() * (word.length - 2));
    return word.slice(0, at) + word.slice(at + 1);
  };
  const paths = [];
  for (let i = 0; i < 400; i++) {
    const params = new URLSearchParams();
    params.set("locale", pick(["nl", "en", "fr", "es"]));
    if (random() < 0.7)
      params.set("q", random() < 0.3 ? `${typo(pick(words))} ${pick(words)}` : typo(pick(words)));
    if (random() < 0.3) params.set("category", pick(categories));
    if (random() < 0.4) params.append("size", pick(sizes));
    if (random() < 0.2) params.append("size", pick(sizes));
    if (random() < 0.3) params.append("brand", pick(brands));
    if (random() < 0.3) params.append("colour", pick(colours));
    if (random() < 0.2) params.append("condition", pick(conditions));
    if (random() < 0.2) {
      params.set("min", String(pick([5, 10, 20])));
      params.set("max", String(pick([40, 60, 120])));
    }
    const sort = pick(["", "price-asc", "price-desc", "favourites", ""]);
    if (sort) params.set("sort", sort);
    paths.push(`/api/v1/marketplace/listings?${params}`);
  }
  return paths;
}

/** Polls the search until `check(ids)` holds; answers the milliseconds it took (or Infinity after 10 s). */
async function pollUntil(q, check) {
  const started = performance.now();
  while (performance.now() - started < 10_000) {
    const response = await fetch(`${shop.origin}/api/v1/marketplace/listings?locale=en&q=${q}`);
    const body = await response.json();
    const ids = (body.listings ?? body.cards ?? body.items ?? []).map((c) => c.id);
    if (check(ids)) return Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

async function freshness(client) {
  const word = `bench${Date.now().toString(36)}`;
  const { rows: created } = await client.query(
    `insert into marketplace_listings (store_id, title, description, category, size, colour, brand, condition,
       material, price_cents, language, state, search_text, published_at)
     select id, 'Freshness probe', '', 'dresses', 'M', 'black', $1, 'good', '', 1500, language, 'published',
       ' ' || $1 || ' ', now()
     from marketplace_stores where handle like 'bench-%' order by id limit 1 returning id`,
    [word],
  );
  const id = created[0].id;
  const found = await pollUntil(word, (ids) => ids.includes(id));
  await client.query("update marketplace_listings set state = 'sold' where id = $1", [id]);
  const gone = await pollUntil(word, (ids) => !ids.includes(id));
  await client.query("delete from marketplace_listings where id = $1", [id]);
  return [
    {
      metric: "a listing published by another process: findable after",
      value: `${found} ms`,
      target: `≤ ${FRESH_MS} ms`,
      pass: found <= FRESH_MS,
    },
    {
      metric: "a listing sold by another process: gone after",
      value: `${gone} ms`,
      target: `≤ ${FRESH_MS} ms`,
      pass: gone <= FRESH_MS,
    },
  ];
}

/** The index's heap in a process of its own: before and after one full load. */
function memory() {
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "bench/marketplace-memory.ts"],
    {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      encoding: "utf8",
    },
  );
  const figures = JSON.parse(out.trim().split("\n").pop());
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return [
    { metric: "marketplace index: listings loaded", value: String(figures.listings) },
    { metric: "marketplace index: full load", value: `${figures.loadMs} ms` },
    {
      metric: "marketplace index: heap + array buffers before / after load",
      value: `${mb(figures.heapBefore)} / ${mb(figures.heapAfter)} (index ${mb(figures.heapAfter - figures.heapBefore)})`,
    },
  ];
}
