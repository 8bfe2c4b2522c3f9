// `node bench/profile.mjs <product|pages|filters> [--cpu-prof]`: the built shop on the bench database
// (micro-cache off), a warm-up pass over the request variants, then BENCH_REQUESTS of one scenario's
// requests; prints the shop process's CPU ms per request (from /proc, so the machine's other load does not
// count) and, with --cpu-prof, leaves a V8 CPU profile of the measured loop in BENCH_PROFILE_DIR. Like
// this, without an Accept-Encoding, the answers are not compressed; BENCH_ACCEPT_ENCODING="gzip, deflate,
// br" asks as a browser does and counts the compression too.
//
// Scenarios: `product` is the product detail API (400 products in four locales); `pages` the 68 category
// pages in four locales, each with a sort or a filter (the same pages again and again); `filters` distinct
// category/filter pages that are each asked once (colour, size, price range, discount and sort
// combinations, as bench:blackfriday's), so nothing a page shows was rendered for an earlier one.
//
// Comparing builds: BENCH_BUILDS=build,.bench/before (directories inside the project, so their servers
// find its node_modules) starts one shop per build and asks them in turns, BENCH_ROUNDS rounds of
// BENCH_REQUESTS / rounds requests each, the same requests for each build: whatever else the machine does
// falls on both alike (every other round in the other order). It prints each build's CPU per request and,
// per round, its ratio to the first build.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startShop } from "./server.mjs";

const [scenario = "pages", flag] = process.argv.slice(2);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench";
const amount = Number(process.env.BENCH_REQUESTS ?? 600);
const builds = (process.env.BENCH_BUILDS ?? "build").split(",").filter(Boolean);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
/** BENCH_SAVE_HTML=dir keeps the warm-up pass's answers (nonces blanked), to compare two builds' pages. */
const saveDir = process.env.BENCH_SAVE_HTML;
const profileDir = process.env.BENCH_PROFILE_DIR ?? path.join(os.tmpdir(), "shop-profiles");
const headers = process.env.BENCH_ACCEPT_ENCODING
  ? { "accept-encoding": process.env.BENCH_ACCEPT_ENCODING }
  : {};

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
/** The requests of the warm-up pass, and those measured. */
let warmUp;
let measured;
if (scenario === "product") {
  const { rows } = await client.query(
    "select t.locale, t.slug from product_translations t join products p on p.id = t.product_id where p.is_active order by t.product_id, t.locale limit 400",
  );
  warmUp = rows.map((r) => `/api/v1/products/${r.slug}?locale=${r.locale}`);
  measured = warmUp;
} else {
  const categories = (
    await client.query("select locale, slug from category_translations order by category_id, locale")
  ).rows;
  const sorts = ["", "?sort=price_asc", "?colour=black", "?sort=newest", "?discount=1"];
  warmUp = categories.map((r, i) => `/${r.locale}/category/${r.slug}/${sorts[i % sorts.length]}`);
  measured = scenario === "filters" ? await filterPages(client, categories, amount) : warmUp;
}
await client.end();

const shops = [];
try {
  for (const [n, build] of builds.entries())
    shops.push(
      await startShop({
        build,
        port: Number(process.env.BENCH_PORT ?? 3302) + n,
        env: {
          DATABASE_URL: databaseUrl,
          DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "shop-bench-data"),
          MICRO_CACHE: "off",
        },
        nodeArgs: [
          ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
          ...(flag === "--cpu-prof" ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
        ],
      }),
    );
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  for (const [b, shop] of shops.entries())
    for (const [n, p] of warmUp.entries()) {
      const response = await fetch(`${shop.origin}${p}`, { headers });
      if (!response.ok) throw new Error(`${response.status} ${p}`);
      const text = await response.text();
      if (saveDir)
        writeFileSync(path.join(saveDir, `${b}-${n}.html`), text.replace(/nonce="[^"]*"/g, 'nonce=""'));
    }

  const totals = shops.map(() => ({ ms: 0, requests: 0, seconds: 0, non2xx: 0 }));
  const ratios = [];
  const perRound = Math.ceil(amount / rounds);
  for (let round = 0; round < rounds; round++) {
    const offset = scenario === "filters" ? round * perRound : 0;
    const costs = [];
    // Every other round in the other order: the build asked second in a round measured 4–11 % costlier
    // than the same build asked first (both orders tried, 2026-12-02).
    const order = [...shops.keys()];
    if (round % 2 === 1) order.reverse();
    for (const b of order) {
      const shop = shops[b];
      const ticks = () => {
        const fields = readFileSync(`/proc/${shop.pid}/stat`, "utf8").split(") ")[1].split(" ");
        return Number(fields[11]) + Number(fields[12]);
      };
      let i = 0;
      const before = ticks();
      const started = Date.now();
      const result = await autocannon({
        url: shop.origin,
        connections: 4,
        amount: perRound,
        headers,
        requests: [{ setupRequest: (r) => ({ ...r, path: measured[(offset + i++) % measured.length] }) }],
      });
      const used = (ticks() - before) * 10;
      const total = totals[b];
      total.ms += used;
      total.requests += result.requests.total;
      total.seconds += (Date.now() - started) / 1000;
      total.non2xx += result.non2xx;
      costs[b] = used / result.requests.total;
    }
    ratios.push(costs.map((c) => c / costs[0]));
  }
  for (const [b, total] of totals.entries()) {
    const median = (list) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
    const ratio =
      b === 0 ? "" : `, to the first build per round: median ${median(ratios.map((r) => r[b])).toFixed(3)}`;
    console.log(
      `${builds.length > 1 ? `${builds[b]} ` : ""}${scenario}: ${total.requests} requests, ` +
        `${(total.requests / total.seconds).toFixed(0)} req/s, ` +
        `shop CPU ${(total.ms / total.requests).toFixed(2)} ms per request, non-2xx ${total.non2xx}${ratio}, ` +
        `load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(" ")}`,
    );
  }
} finally {
  for (const shop of shops) await shop.stop();
}

/**
 * `wanted` distinct category/filter pages in a fixed pseudo-random order: a category in a locale with a
 * colour, size, price range, discount and sort combination, each page once (bench:blackfriday's mix).
 */
async function filterPages(db, categories, wanted) {
  const colours = (await db.query("select distinct colour from products order by 1")).rows.map(
    (r) => r.colour,
  );
  const sizes = (
    await db.query("select distinct lower(size) as size from product_variants order by 1 limit 30")
  ).rows.map((r) => r.size);
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  const pages = new Set();
  for (let tries = 0; pages.size < wanted && tries < wanted * 20; tries++) {
    const { locale, slug } = pick(categories);
    const params = [];
    if (random() < 0.6) params.push(`colour=${pick(colours)}`);
    if (random() < 0.5) params.push(`size=${pick(sizes)}`);
    if (random() < 0.4)
      params.push(`price_min=${pick([10, 15, 20, 25, 30])}&price_max=${pick([60, 75, 90, 120, 150])}`);
    if (random() < 0.2) params.push("discount=1");
    const sort = pick(["", "sort=price_asc", "sort=price_desc", "sort=newest"]);
    if (sort) params.push(sort);
    pages.add(`/${locale}/category/${slug}/${params.length ? `?${params.join("&")}` : ""}`);
  }
  return [...pages];
}
