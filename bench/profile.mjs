// `node bench/profile.mjs <product|pages> [--cpu-prof]`: the built shop on the bench database (micro-cache
// off), a warm-up pass over the request variants, then BENCH_REQUESTS of one scenario's requests; prints
// the shop process's CPU ms per request (from /proc, so the machine's other load does not count) and,
// with --cpu-prof, leaves a V8 CPU profile of the measured loop in BENCH_PROFILE_DIR. Like this,
// without an Accept-Encoding, the answers are not compressed; BENCH_ACCEPT_ENCODING="gzip, deflate, br"
// asks as a browser does and counts the compression too.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { startShop } from "./server.mjs";

const [scenario = "pages", flag] = process.argv.slice(2);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/shop_bench";
const amount = Number(process.env.BENCH_REQUESTS ?? 600);
/** BENCH_SAVE_HTML=dir keeps the warm-up pass's answers (nonces blanked), to compare two builds' pages. */
const saveDir = process.env.BENCH_SAVE_HTML;
const profileDir = process.env.BENCH_PROFILE_DIR ?? path.join(os.tmpdir(), "shop-profiles");

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
let paths;
if (scenario === "product") {
  const { rows } = await client.query(
    "select t.locale, t.slug from product_translations t join products p on p.id = t.product_id where p.is_active order by t.product_id, t.locale limit 400",
  );
  paths = rows.map((r) => `/api/v1/products/${r.slug}?locale=${r.locale}`);
} else {
  const { rows } = await client.query(
    "select locale, slug from category_translations order by category_id, locale",
  );
  const sorts = ["", "?sort=price_asc", "?colour=black", "?sort=newest", "?discount=1"];
  paths = rows.flatMap((r, i) => [`/${r.locale}/category/${r.slug}/${sorts[i % sorts.length]}`]);
}
await client.end();

const shop = await startShop({
  port: Number(process.env.BENCH_PORT ?? 3302),
  env: {
    DATABASE_URL: databaseUrl,
    DATA_DIR: process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), "shop-bench-data"),
    MICRO_CACHE: "off",
  },
  nodeArgs: [
    ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
    ...(flag === "--cpu-prof" ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
  ],
});
const ticks = () => {
  const fields = readFileSync(`/proc/${shop.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return Number(fields[11]) + Number(fields[12]);
};
try {
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  for (const [n, p] of paths.entries()) {
    const response = await fetch(`${shop.origin}${p}`);
    if (!response.ok) throw new Error(`${response.status} ${p}`);
    const text = await response.text();
    if (saveDir) writeFileSync(path.join(saveDir, `${n}.html`), text.replace(/nonce="[^"]*"/g, 'nonce=""'));
  }
  let i = 0;
  const before = ticks();
  const started = Date.now();
  const result = await autocannon({
    url: shop.origin,
    connections: 4,
    amount,
    headers: process.env.BENCH_ACCEPT_ENCODING
      ? { "accept-encoding": process.env.BENCH_ACCEPT_ENCODING }
      : {},
    requests: [{ setupRequest: (r) => ({ ...r, path: paths[i++ % paths.length] }) }],
  });
  const used = (ticks() - before) * 10;
  const requests = result.requests.total;
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${scenario}: ${requests} requests, ${(requests / seconds).toFixed(0)} req/s, ` +
      `shop CPU ${(used / requests).toFixed(2)} ms per request, non-2xx ${result.non2xx}, ` +
      `load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
  );
} finally {
  await shop.stop();
}
