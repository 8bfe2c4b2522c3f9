// `npm run bench:blackfriday`: Black Friday's mix on one and on two replicas behind HAProxy (issue 22).
// PostgreSQL (BENCH_DATABASE_URL, the catalogue bench's 100 000 products by default), the built shop, Debian's
// haproxy. An open-loop offered load (load.mjs's arrival schedule: request i leaves at i / rate whatever the
// earlier ones are doing) of
//   70 % distinct category and filter pages that no cache holds (every URL is used once),
//   15 % searches (the search API with facets),
//   15 % shopping: product pages, a bag filled, and checkouts paid on the sandbox payment page,
// at rising rates, with a flash sale in the middle of the top rate: 500 buyers at once for 50 units of one
// size. Reports per request kind and rate the p50/p95 and errors, the highest rate at which every kind's
// p95 ≤ 300 ms with no error, and the CPU per request of each shop process and of PostgreSQL.
// BENCH_REPLICAS=1,2 (default both), BENCH_RATES=100,150,200,250, BENCH_SECONDS=20 per rate.
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureDatabase, guestOrder, percentiles, ticksOf } from "./load.mjs";
import { printTable, shopNode } from "./server.mjs";

const root = path.resolve(import.meta.dirname, "..");
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench";
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rates = (process.env.BENCH_RATES ?? "100,150,200,250").split(",").map(Number);
const replicaCounts = (process.env.BENCH_REPLICAS ?? "1,2").split(",").map(Number);
const buyers = Number(process.env.BENCH_BUYERS ?? 500);
const units = Number(process.env.BENCH_UNITS ?? 50);
const base = Number(process.env.BENCH_PORT ?? 3320);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "shop-bench-data");
const ports = { proxy: base, a: base + 1, b: base + 2 };
const origin = `http://127.0.0.1:${ports.proxy}`;
const sessionSecret = randomBytes(32).toString("hex");
const TARGET_P95 = 300;
const kinds = ["category", "search", "product", "bag", "checkout"];

await ensureDatabase(databaseUrl, `${products} products (a few minutes)`);
mkdirSync(dataDir, { recursive: true });
const db = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: "bench" });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const results = [];
const statuses = new Set();
let proxy;
const replicas = [];

/** Starts `count` shop processes on one database and data folder, and HAProxy in front of them. */
async function startReplicas(count) {
  const names = ["a", "b"].slice(0, count);
  for (const name of names) {
    const child = spawn(shopNode, ["build/server/index.js"], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(ports[name]),
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SESSION_SECRET: sessionSecret,
        BASE_URL: origin,
        SEED: `bench:${products}`,
        LOG_LEVEL: "warn",
        WRITE_RATE_LIMIT: "0",
      },
    });
    replicas.push({ name, child });
    // One at a time: the first start on an empty database seeds it (several minutes for 100 000 products).
    await ready(`http://127.0.0.1:${ports[name]}`, child);
  }
  const config = path.join(dataDir, "haproxy-bench.cfg");
  writeFileSync(
    config,
    `global
  maxconn 4096
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  option http-keep-alive
frontend shop
  bind 127.0.0.1:${ports.proxy}
  default_backend replicas
backend replicas
  balance roundrobin
${names.map((name) => `  server ${name} 127.0.0.1:${ports[name]}`).join("\n")}
`,
  );
  proxy = spawn("haproxy", ["-f", config, "-db"], { stdio: ["ignore", "ignore", "inherit"] });
  await ready(origin, proxy);
}

// A bench that dies (an uncaught error) takes its shop processes and HAProxy with it.
process.on("exit", () => {
  for (const { child } of replicas) child.kill("SIGKILL");
  proxy?.kill("SIGKILL");
});

async function ready(url, child) {
  const deadline = Date.now() + 1_200_000;
  for (;;) {
    // Ready, and the demo photos drawn: drawing them in the background would be measured as the shop's CPU.
    const ok = await fetch(`${url}/api/ready/`)
      .then(async (r) => r.ok && ((await r.json()).photosPending ?? 0) === 0)
      .catch(() => false);
    // Another process on the port (a stale shop) would answer for one that failed to start.
    if (ok && child.exitCode === null) return;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${url} did not start`);
    await sleep(500);
  }
}

async function stopAll() {
  const stopping = replicas.splice(0).map(({ child }) => {
    if (child.exitCode !== null) return Promise.resolve();
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    return exited;
  });
  if (proxy && proxy.exitCode === null) {
    stopping.push(new Promise((resolve) => proxy.once("exit", resolve)));
    proxy.kill("SIGTERM");
  }
  proxy = undefined;
  await Promise.all(stopping);
}

/**
 * The request lists: thousands of distinct category/filter pages (each used once in the whole run), searches
 * in every locale, product pages, and sizes in stock for bags and checkouts.
 */
async function requestVariants() {
  const categories = (await db.query("select locale, slug from category_translations")).rows;
  const colours = (await db.query("select distinct colour from products")).rows.map((r) => r.colour);
  const sizes = (
    await db.query("select distinct lower(size) as size from product_variants limit 30")
  ).rows.map((r) => r.size);
  const words = (
    await db.query(
      `select locale, word from (
         select locale, lower(regexp_split_to_table(name, '\\s+')) as word from product_translations
         where product_id in (select id from products order by id limit 2000)
       ) w where length(word) >= 4 group by locale, word order by count(*) desc limit 400`,
    )
  ).rows;
  const productPages = (
    await db.query(
      `select t.locale, t.slug from product_translations t join products p on p.id = t.product_id
       where p.is_active and not p.app_only order by random() limit 2000`,
    )
  ).rows.map((r) => `/${r.locale}/${r.slug}`);
  const { rows: variants } = await db.query(
    `select v.id from product_variants v join products p on p.id = v.product_id
     where p.is_active and not p.app_only and (p.online_from is null or p.online_from <= now())
     order by random() limit 400`,
  );
  // Stock enough for every checkout of the run: only the flash sale is about running out.
  await db.query("update product_variants set stock = 1000000 where id = any($1)", [
    variants.map((v) => v.id),
  ]);

  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const pick = (list) => list[Math.floor(random() * list.length)];
  // Distinct filter URLs: a category in a locale with colour, size, price range and sort combinations.
  const seen = new Set();
  const categoryPages = [];
  const wanted = Math.ceil(rates.reduce((sum, r) => sum + r, 0) * seconds * 0.75);
  for (let tries = 0; categoryPages.length < wanted && tries < wanted * 20; tries++) {
    const { locale, slug } = pick(categories);
    const params = [];
    if (random() < 0.6) params.push(`colour=${pick(colours)}`);
    if (random() < 0.5) params.push(`size=${pick(sizes)}`);
    if (random() < 0.4)
      params.push(`price_min=${pick([10, 15, 20, 25, 30])}&price_max=${pick([60, 75, 90, 120, 150])}`);
    if (random() < 0.2) params.push("discount=1");
    const sort = pick(["", "sort=price_asc", "sort=price_desc", "sort=newest"]);
    if (sort) params.push(sort);
    const url = `/${locale}/category/${slug}/${params.length ? `?${params.join("&")}` : ""}`;
    if (seen.has(url)) continue;
    seen.add(url);
    categoryPages.push(url);
  }
  const searches = Array.from({ length: 600 }, () => {
    const { locale, word } = pick(words);
    return `/api/v1/search?locale=${locale}&q=${encodeURIComponent(word)}`;
  });
  return { categoryPages, next: 0, searches, productPages, variants: variants.map((v) => v.id), pick };
}

/** One request of the mix: which kind, and how to make it. */
function nextRequest(requests) {
  const r = Math.random();
  if (r < 0.7) {
    const url = requests.categoryPages[requests.next++ % requests.categoryPages.length];
    return { kind: "category", run: () => get(url) };
  }
  if (r < 0.85) return { kind: "search", run: () => get(requests.pick(requests.searches)) };
  if (r < 0.93) return { kind: "product", run: () => get(requests.pick(requests.productPages)) };
  if (r < 0.97) return { kind: "bag", run: () => fillBag(requests.pick(requests.variants)) };
  return { kind: "checkout", run: () => checkout(requests.pick(requests.variants)) };
}

/**
 * Pages and searches are asked for as Chrome asks (it takes zstd, which the shop prefers); `fetch` alone
 * would ask for gzip only, which costs the shop more than twice the CPU to send (docs/decisions/0062).
 */
const browserHeaders = { "accept-encoding": "gzip, deflate, br, zstd" };

async function get(url) {
  const response = await fetch(`${origin}${url}`, { headers: browserHeaders });
  await response.arrayBuffer();
  return check(response, url);
}

/** A request the network failed (a connection closed under saturation): an error of the run, not a crash. */
const refused = (what) => (error) => {
  statuses.add(`${error?.cause?.code ?? error?.name ?? "network error"} ${what}`);
  return null;
};

function check(response, what) {
  if (response.ok || response.status === 302 || response.status === 303) return true;
  statuses.add(`${response.status} ${what}`);
  return false;
}

/** A new guest bag with one unit of a size; answers its cookie (or null when refused). */
async function guestBag(variantId) {
  const response = await fetch(`${origin}/api/v1/cart/lines`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ variantId, quantity: 1, locale: "nl" }),
  });
  await response.arrayBuffer();
  if (!check(response, "POST /api/v1/cart/lines")) return null;
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("shop_cart="))
    ?.split(";")[0];
}

/**
 * A flash-sale buyer's bag, made before the sale (not measured): once more on a new connection when a
 * kept-alive one was closed as it was reused (it stopped the bench once); a bag made twice is only a spare.
 */
function setupBag(variantId) {
  return guestBag(variantId).catch((error) => {
    if (error?.cause?.code === "UND_ERR_SOCKET") return guestBag(variantId);
    throw error;
  });
}

async function fillBag(variantId) {
  return (await guestBag(variantId)) !== null;
}

const orderBody = JSON.stringify(guestOrder);

function placeOrder(cookie) {
  return fetch(`${origin}/api/v1/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, "idempotency-key": randomUUID() },
    body: orderBody,
  });
}

/** Pays an order on the sandbox page (iDEAL, a bank chosen); the sandbox then sends its signed webhook. */
async function pay(order) {
  const response = await fetch(order.checkoutUrl.replace(/^https?:\/\/[^/]+/, origin), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "approve", issuer: "ideal_INGBNL2A" }),
  }).catch(refused("POST sandbox payment"));
  if (response === null) return false;
  await response.arrayBuffer();
  return check(response, "POST sandbox payment");
}

/** A checkout as a buyer makes it: a bag, the order placed, paid on the payment page. Timed as a whole. */
async function checkout(variantId) {
  const cookie = await guestBag(variantId);
  if (!cookie) return false;
  const response = await placeOrder(cookie);
  const body = await response.json().catch(() => null);
  if (response.status !== 201) {
    statuses.add(`${response.status} POST /api/v1/orders ${body?.messageTranslationKey ?? ""}`);
    return false;
  }
  return pay(body);
}

/** CPU ticks (1/100 s) so far of each shop process, HAProxy, and this database's PostgreSQL backends. */
async function cpuReading() {
  const { rows } = await db.query(
    `select pid from pg_stat_activity where datname = current_database() and application_name <> 'bench'`,
  );
  return {
    shops: replicas.map(({ child }) => ticksOf(child.pid)),
    proxy: proxy ? ticksOf(proxy.pid) : 0,
    backends: new Map(rows.map((r) => [r.pid, ticksOf(r.pid)])),
  };
}

/** The mix at a steady offered `rate` for `seconds` (after a short warm-up); the flash sale halfway if asked. */
async function mixAt(rate, requests, withSale) {
  // Warm-up: a few seconds of the same mix, not counted.
  await offer(Math.min(rate, 50), 3, requests);
  const sale = withSale ? await flashSaleSetup() : null;
  const before = await cpuReading();
  const measured = await offer(rate, seconds, requests, sale);
  const after = await cpuReading();
  const answered = Object.values(measured.byKind).reduce((sum, k) => sum + k.times.length + k.failed, 0);
  let postgres = 0;
  for (const [pid, ticks] of after.backends) postgres += ticks - (before.backends.get(pid) ?? 0);
  const cpu = {
    shops: after.shops.map((t, i) => ((t - before.shops[i]) * 10) / answered),
    proxy: ((after.proxy - before.proxy) * 10) / answered,
    postgres: (postgres * 10) / answered,
  };
  const flash = sale ? await sale.finish() : null;
  const kindsOut = {};
  for (const kind of kinds) {
    const k = measured.byKind[kind];
    kindsOut[kind] = { ...percentiles(k.times), count: k.times.length, failed: k.failed };
  }
  return { kinds: kindsOut, achieved: measured.achieved, cpu, flash, load: os.loadavg()[0] };
}

/** Open loop: request i leaves at start + i / rate; its time counts from then (no coordinated omission). */
async function offer(rate, duration, requests, sale) {
  const total = Math.round(rate * duration);
  const byKind = Object.fromEntries(kinds.map((k) => [k, { times: [], failed: 0 }]));
  const start = performance.now() + 20;
  let lastAnswer = start;
  const sent = [];
  let saleStarted = false;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (sale && !saleStarted && i >= total / 2) {
      saleStarted = true;
      sent.push(sale.start());
    }
    const { kind, run } = nextRequest(requests);
    sent.push(
      run()
        .then((ok) => {
          lastAnswer = performance.now();
          if (ok) byKind[kind].times.push(lastAnswer - due);
          else byKind[kind].failed++;
        })
        .catch(() => {
          byKind[kind].failed++;
        }),
    );
  }
  await Promise.all(sent);
  const answered = Object.values(byKind).reduce((sum, k) => sum + k.times.length, 0);
  return { byKind, achieved: answered / Math.max(duration, (lastAnswer - start) / 1000) };
}

/**
 * The flash sale: 500 bags of one size made beforehand (stock then set to 50), everyone presses the order
 * button at once halfway through the top rate, and every placed order is paid. Checked at the end: exactly 50
 * orders placed and paid, nothing oversold, no payment lost.
 */
async function flashSaleSetup() {
  let bags = [];
  let variantId;
  let startedAt;
  await (async () => {
    const {
      rows: [variant],
    } = await db.query(
      `select v.id from product_variants v join products p on p.id = v.product_id
       where p.is_active and not p.app_only and (p.online_from is null or p.online_from <= now())
       order by v.id desc limit 1`,
    );
    variantId = variant.id;
    await db.query("update product_variants set stock = $2 where id = $1", [variantId, buyers]);
    bags = [];
    for (let i = 0; i < buyers; i += 50)
      bags.push(
        ...(await Promise.all(Array.from({ length: Math.min(50, buyers - i) }, () => setupBag(variantId)))),
      );
    await db.query("update product_variants set stock = $2 where id = $1", [variantId, units]);
    startedAt = (await db.query("select now() as t")).rows[0].t;
  })();
  let answers = [];
  return {
    async start() {
      answers = await Promise.all(
        bags.map(async (cookie) => {
          const response = await placeOrder(cookie).catch(refused("POST /api/v1/orders (flash sale)"));
          if (response === null) return { status: 0, body: {} };
          return { status: response.status, body: await response.json().catch(() => ({})) };
        }),
      );
      await Promise.all(answers.filter((a) => a.status === 201).map((a) => pay(a.body)));
    },
    async finish() {
      const placed = answers.filter((a) => a.status === 201).map((a) => a.body);
      const soldOut = answers.filter(
        (a) => a.body.messageTranslationKey === "checkout:errors.soldOut",
      ).length;
      const numbers = placed.map((o) => o.number);
      let paid = 0;
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        paid = (
          await db.query(
            "select count(*)::int as n from orders where number = any($1) and status = 'processing'",
            [numbers],
          )
        ).rows[0].n;
        if (paid >= placed.length) break;
        await sleep(500);
      }
      const sold = (
        await db.query(
          `select coalesce(sum(l.quantity), 0)::int as units from order_lines l join orders o on o.id = l.order_id
           where l.variant_id = $1 and o.status <> 'canceled' and o.created_at >= $2`,
          [variantId, startedAt],
        )
      ).rows[0].units;
      const stock = (await db.query("select stock from product_variants where id = $1", [variantId])).rows[0]
        .stock;
      return {
        placed: placed.length,
        soldOut,
        other: answers.length - placed.length - soldOut,
        paid,
        sold,
        stock,
      };
    },
  };
}

function report() {
  const rows = [];
  for (const r of results) {
    const worst = Math.max(...kinds.map((k) => r.kinds[k].p95 || 0));
    const failed = kinds.reduce((sum, k) => sum + r.kinds[k].failed, 0);
    rows.push({
      metric: `${r.replicas} replica(s), ${r.rate} req/s offered: achieved, worst p95, errors (load ${r.load.toFixed(1)})`,
      value: `${r.achieved.toFixed(0)} req/s, ${worst} ms, ${failed}`,
      target: `p95 ≤ ${TARGET_P95} ms, 0 errors`,
      pass: worst <= TARGET_P95 && failed === 0 && r.achieved >= r.rate * 0.95,
    });
    for (const k of kinds) {
      const m = r.kinds[k];
      rows.push({
        metric: `    ${k} (${m.count})`,
        value: `p50 ${m.p50} ms, p95 ${m.p95} ms, errors ${m.failed}`,
      });
    }
    rows.push({
      metric: "    CPU per request: each shop process, HAProxy, PostgreSQL",
      value: `${r.cpu.shops.map((c) => c.toFixed(1)).join(" + ")} ms, ${r.cpu.proxy.toFixed(2)} ms, ${r.cpu.postgres.toFixed(1)} ms (PostgreSQL ${(
        (100 * r.cpu.postgres) / (r.cpu.shops.reduce((a, b) => a + b, 0) + r.cpu.proxy + r.cpu.postgres)
      ).toFixed(0)} %)`,
    });
    if (r.flash)
      rows.push({
        metric: `    flash sale: ${buyers} buyers for ${units} units: placed, sold out, other, paid, stock left`,
        value: `${r.flash.placed}, ${r.flash.soldOut}, ${r.flash.other}, ${r.flash.paid}, ${r.flash.stock}`,
        target: `${units} placed and paid, 0 left, none oversold`,
        pass:
          r.flash.placed === units &&
          r.flash.paid === units &&
          r.flash.stock === 0 &&
          r.flash.sold <= units &&
          r.flash.other === 0,
      });
  }
  for (const count of replicaCounts) {
    const passing = results.filter(
      (r) =>
        r.replicas === count &&
        kinds.every((k) => (r.kinds[k].p95 || 0) <= TARGET_P95 && r.kinds[k].failed === 0) &&
        r.achieved >= r.rate * 0.95,
    );
    const best = Math.max(0, ...passing.map((r) => r.rate));
    rows.push({
      metric: `${count} replica(s): highest offered rate with every p95 ≤ ${TARGET_P95} ms and no error`,
      value: best ? `${best} req/s` : "none of the rates tried",
      target: count === 2 ? "≥ 150 req/s" : "",
      pass: count === 2 ? best >= 150 : undefined,
    });
  }
  printTable(
    `Black Friday mix on PostgreSQL, ${products} products, ${seconds} s per rate; the shop processes, HAProxy, ` +
      `PostgreSQL and the load generator share this machine's ${os.cpus().length} cores`,
    rows,
  );
  if (statuses.size) console.log("non-2xx examples:", [...statuses].slice(0, 20));
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
}

async function main() {
  try {
    for (const count of replicaCounts) {
      await startReplicas(count);
      await db.query("analyze");
      const requests = await requestVariants();
      for (const [i, rate] of rates.entries()) {
        const withSale = i === rates.length - 1;
        results.push({ replicas: count, rate, ...(await mixAt(rate, requests, withSale)) });
      }
      await stopAll();
    }
    report();
  } finally {
    await stopAll();
    await db.end();
  }
}

await main();
