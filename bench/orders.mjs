// `npm run bench:orders`: placing orders on PostgreSQL (issue 5's targets, BENCHMARKS.md).
// Seeds BENCH_DATABASE_URL with SEED=bench:2000 on first use, serves the built shop on it and measures
//  1. place order (re-check the bag, reserve stock, write the order, create the sandbox payment) through
//     `POST /api/v1/orders` at a steady offered 50 orders/s across many products (load.mjs `paced`): raw
//     p50/p95 and the achieved rate; the same rate as autocannon offers it (in bursts); then the maximum
//     orders/s (autocannon, closed loop);
//  2. a flash sale: 500 buyers at once for 50 units of one size; every placed order is paid on the sandbox
//     page and its webhook delivered: exactly 50 paid orders, nothing oversold, no payment lost.
// BENCH_SECONDS (default 20) sets the length of each load run; use a few seconds to check that it runs.
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureDatabase, guestOrder, measureAtRate } from "./load.mjs";
import { printTable, startShop } from "./server.mjs";

const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench_orders";
const products = Number(process.env.BENCH_PRODUCTS ?? 2_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const rate = Number(process.env.BENCH_RATE ?? 50);
const buyers = Number(process.env.BENCH_BUYERS ?? 500);
const units = Number(process.env.BENCH_UNITS ?? 50);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "shop-bench-orders-data");

await ensureDatabase(databaseUrl, `${products} products`);
mkdirSync(dataDir, { recursive: true });
const shop = await startShop({
  port: Number(process.env.BENCH_PORT ?? 3303),
  env: { DATABASE_URL: databaseUrl, SEED: `bench:${products}`, DATA_DIR: dataDir },
});
const db = new pg.Pool({ connectionString: databaseUrl, max: 4, application_name: "bench" });
// Autovacuum may be off: fresh statistics, so the planner sees the seeded tables as they are.
await db.query("analyze");
const rows = [];
const statuses = new Set();

const orderBody = guestOrder;

try {
  await placeOrderLoad();
  await flashSale();
  printTable(
    `Orders on PostgreSQL, ${products} products; server, PostgreSQL and autocannon share this machine's ` +
      `${os.cpus().length} cores`,
    rows,
  );
  if (statuses.size) console.log("non-2xx examples:", [...statuses].slice(0, 20));
  if (rows.some((r) => r.pass === false)) process.exitCode = 1;
} finally {
  await db.end();
  await shop.stop();
}

/** A guest bag with one unit of a size; answers its cookie. */
async function guestBag(variantId) {
  const response = await fetch(`${shop.origin}/api/v1/cart/lines`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ variantId, quantity: 1, locale: "nl" }),
  });
  if (response.status !== 201) throw new Error(`could not fill a bag: ${response.status}`);
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("shop_cart="))
    .split(";")[0];
}

function placeOrder(cookie, key = randomUUID()) {
  return fetch(`${shop.origin}/api/v1/orders`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, "idempotency-key": key },
    body: JSON.stringify(orderBody),
  });
}

async function placeOrderLoad() {
  // Many products, stock enough for every run: a bag is not emptied until its order is paid, so each
  // bag places many orders (each with its own idempotency key), all reserving stock for real.
  const { rows: variants } = await db.query(
    `select v.id from product_variants v join products p on p.id = v.product_id
     where p.is_active and not p.app_only and (p.online_from is null or p.online_from <= now())
     order by random() limit 400`,
  );
  await db.query("update product_variants set stock = 1000000 where id = any($1)", [
    variants.map((v) => v.id),
  ]);
  const bags = [];
  for (const { id } of variants) bags.push(await guestBag(id));
  const body = JSON.stringify(orderBody);

  const next = () => ({
    method: "POST",
    path: "/api/v1/orders",
    headers: {
      "content-type": "application/json",
      cookie: bags[Math.floor(Math.random() * bags.length)],
      "idempotency-key": randomUUID(),
    },
    body,
  });
  const { offered, cpu, bursts, closed, failed, ...measured } = await measureAtRate(
    shop,
    { databaseUrl, rate, seconds },
    next,
  );
  for (const status of measured.statuses) statuses.add(status);
  rows.push(
    { metric: `place order: p50 at ${rate} orders/s offered (steady)`, value: `${offered.p50} ms` },
    {
      metric: `place order: p95 at ${rate} orders/s offered (steady)`,
      value: `${offered.p95} ms`,
      target: "≤ 150 ms",
      pass: offered.p95 <= 150,
    },
    {
      metric: "place order: achieved rate",
      value: `${offered.achieved.toFixed(1)} orders/s`,
      target: `${rate} orders/s`,
      pass: offered.achieved >= rate * 0.95,
    },
    {
      metric: "place order: CPU per order at the offered rate",
      value: `${cpu.total.toFixed(1)} ms (shop ${cpu.shop.toFixed(1)}, PostgreSQL ${cpu.postgres.toFixed(1)})`,
    },
    {
      metric: `place order: autocannon --overallRate ${rate} (each second's orders at once, 20 connections)`,
      value: `p50 ${bursts.p50} ms, p95 ${bursts.p95} ms, ${bursts.achieved.toFixed(1)} orders/s`,
    },
    {
      metric: "place order: max orders/s (16 connections)",
      value: `${closed.achieved.toFixed(1)} orders/s (p50 ${closed.p50} ms, p95 ${closed.p95} ms)`,
    },
    { metric: "place order: errors and non-2xx", value: String(failed), target: "0", pass: failed === 0 },
  );
}

async function flashSale() {
  const {
    rows: [variant],
  } = await db.query(
    `select v.id from product_variants v join products p on p.id = v.product_id
     where p.is_active and not p.app_only and (p.online_from is null or p.online_from <= now())
     order by v.id desc limit 1`,
  );
  await db.query("update product_variants set stock = $2 where id = $1", [variant.id, buyers]);
  const bags = await Promise.all(Array.from({ length: buyers }, () => guestBag(variant.id)));
  await db.query("update product_variants set stock = $2 where id = $1", [variant.id, units]);
  // Earlier runs on this database sold this size too: only this sale's orders count.
  const {
    rows: [{ startedAt }],
  } = await db.query(`select now() as "startedAt"`);

  // Everyone presses the order button at once.
  const answers = await Promise.all(
    bags.map(async (cookie) => {
      const response = await placeOrder(cookie);
      return { status: response.status, body: await response.json() };
    }),
  );
  const placed = answers.filter((a) => a.status === 201).map((a) => a.body);
  const soldOut = answers.filter((a) => a.body.messageTranslationKey === "checkout:errors.soldOut").length;

  // Each winner pays on the sandbox page (iDEAL, a bank chosen); the sandbox then delivers the webhook.
  await Promise.all(
    placed.map((order) =>
      fetch(order.checkoutUrl.replace(/^https?:\/\/[^/]+/, shop.origin), {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "approve", issuer: "ideal_INGBNL2A" }),
      }),
    ),
  );
  const numbers = placed.map((o) => o.number);
  const deadline = Date.now() + 120_000;
  let paid = 0;
  while (Date.now() < deadline) {
    const { rows: counted } = await db.query(
      "select count(*)::int as n from orders where number = any($1) and status = 'processing'",
      [numbers],
    );
    paid = counted[0].n;
    if (paid >= placed.length) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const {
    rows: [stock],
  } = await db.query("select stock from product_variants where id = $1", [variant.id]);
  const {
    rows: [sold],
  } = await db.query(
    `select coalesce(sum(l.quantity), 0)::int as units from order_lines l join orders o on o.id = l.order_id
     where l.variant_id = $1 and o.status <> 'canceled' and o.created_at >= $2`,
    [variant.id, startedAt],
  );
  // A payment the provider took that did not make its order paid is a lost payment.
  const {
    rows: [lost],
  } = await db.query(
    `select count(*)::int as n from payments p left join orders o on o.number = p.reference
     where p.reference = any($1) and p.status = 'paid' and (o.status is distinct from 'processing')`,
    [numbers],
  );
  rows.push(
    {
      metric: `flash sale: ${buyers} buyers at once for ${units} units`,
      value: `${placed.length} placed, ${soldOut} sold out, ${answers.length - placed.length - soldOut} other`,
      target: `${units} placed`,
      pass: placed.length === units && placed.length + soldOut === answers.length,
    },
    { metric: "flash sale: paid orders", value: String(paid), target: String(units), pass: paid === units },
    {
      metric: "flash sale: oversold units",
      value: String(Math.max(0, sold.units - units)),
      target: "0",
      pass: sold.units <= units && stock.stock === 0,
    },
    { metric: "flash sale: stock left", value: String(stock.stock), target: "0", pass: stock.stock === 0 },
    { metric: "flash sale: lost payments", value: String(lost.n), target: "0", pass: lost.n === 0 },
  );
}
