// `npm run test:faults`: the shop when things break (issue 21, docs/reliability.md). On a throwaway
// PostgreSQL cluster of its own (initdb/pg_ctl), the built server as a child process and a TCP proxy
// between them, 20 shoppers check out while the harness kills the shop (kill -9), stops PostgreSQL, cuts
// and slows the link, makes the payment provider slow, failing and unreachable and takes the SMTP server
// and the SMS gateway down. After each scenario the invariants (faults/invariants.mjs) are checked by SQL;
// during each fault every answer must come within 10 s, as the error page, a 503 or the Api error shape,
// never with a stack; after it the shop must be ready again within 30 s by itself.
// Needs `npm run build` first. FAULTS_PORT (default 3232) is the first of six ports it uses.
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import pg from "pg";
import { findPostgresBin, startCluster } from "./faults/cluster.mjs";
import { checkInvariants, invariantNames, stockAndReserved } from "./faults/invariants.mjs";
import { startProxy } from "./faults/proxy.mjs";
import { startFakeMollie, startSmsGateway, startSmtpSink } from "./faults/services.mjs";

const root = path.resolve(import.meta.dirname, "..");
const base = Number(process.env.FAULTS_PORT ?? 3232);
const ports = { pg: base, proxy: base + 1, shop: base + 2, mollie: base + 3, smtp: base + 4, sms: base + 5 };
const KILL_TRIALS = Number(process.env.FAULTS_KILL_TRIALS ?? 30);
const SHOPPERS = 20;
const ANSWER_LIMIT_MS = 10_000;
const RECOVERY_LIMIT_MS = 30_000;
const MOLLIE_KEY = "test_faultsHarnessKey0000000000";
const WEBHOOK_SECRET = randomBytes(32).toString("hex");
const origin = `http://127.0.0.1:${ports.shop}`;

const bin = findPostgresBin();
const skip = bin
  ? false
  : "no PostgreSQL install found (initdb and pg_ctl; set PG_BIN): fault harness skipped";
if (skip) console.log(`# ${skip}`);
// The fake Mollie speaks HTTPS (Mollie's client speaks nothing else): its certificate is made with openssl.
const skipProvider =
  skip ||
  (spawnSync("openssl", ["version"]).status === 0 ? false : "no openssl: payment provider faults skipped");
if (skipProvider && !skip) console.log(`# ${skipProvider}`);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

let cluster;
let proxy;
let smtp;
let sms;
let mollie;
let db;
let dataDir;
let variants = [];
let startTotal = 0;
let startedAt;
let productSlug;
const results = [];

// ── the shop process ────────────────────────────────────────────────────────────────────────────────

let shop;
let provider = "sandbox";

async function startShop({ timeoutMs = 30_000 } = {}) {
  const log = createWriteStream(path.join(dataDir, "shop.log"), { flags: "a" });
  const child = spawn(process.execPath, ["build/server/index.js"], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(ports.shop),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.proxy}/shop`,
      DATA_DIR: dataDir,
      BASE_URL: origin,
      SESSION_SECRET: "faults-harness-session-secret-0123456789abcdef",
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PAYMENT_PROVIDER: provider,
      MOLLIE_API_KEY: MOLLIE_KEY,
      MOLLIE_API_URL: mollie.url,
      // Mollie's client trusts only the certificate authorities it bundles: the fake's self-signed
      // certificate on 127.0.0.1 is accepted in this test process only.
      ...(provider === "mollie" ? { NODE_TLS_REJECT_UNAUTHORIZED: "0" } : {}),
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      SMS_GATEWAY_URL: `http://127.0.0.1:${ports.sms}/sms`,
      SEED: "bench:40",
      LOG_LEVEL: "warn",
      WRITE_RATE_LIMIT: "0",
    },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  shop = { child, exited };
  const started = Date.now();
  const ready = await waitReady(timeoutMs, () => child.exitCode !== null || child.signalCode !== null);
  assert.ok(ready !== null, `the shop did not become ready in ${timeoutMs} ms\n${logTail()}`);
  return Date.now() - started;
}

async function killShop() {
  shop.child.kill("SIGKILL");
  await shop.exited;
}

async function stopShop() {
  shop.child.kill("SIGTERM");
  await shop.exited;
}

function logTail() {
  try {
    return readFileSync(path.join(dataDir, "shop.log"), "utf8").split("\n").slice(-30).join("\n");
  } catch {
    return "";
  }
}

/** Polls /api/ready/ until it answers 200; answers the milliseconds it took, or null. */
async function waitReady(timeoutMs, gone = () => false) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (gone()) return null;
    const ok = await fetch(`${origin}/api/ready/`, { signal: AbortSignal.timeout(2_000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return Date.now() - started;
    await sleep(100);
  }
  return null;
}

// ── shoppers ────────────────────────────────────────────────────────────────────────────────────────

const STACK = /\n\s+at [^\n]+:\d+:\d+\)?|node:internal|build\/server\/|node_modules\//;
const API_ERROR_KEYS = "details,message,messageTranslationKey,statusCode";
/** How a request to a process that is gone fails (refused, or reset mid-answer). */
const DEAD_PROCESS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "UND_ERR_CLOSED"]);

/**
 * Judges one answer given while a fault may be on: within 10 s, no stack, and a failure as the error page
 * (HTML), a 503, or on /api the Api error shape. Answers a problem, or null.
 */
function judge(url, status, ms, type, body) {
  if (ms > ANSWER_LIMIT_MS) return `took ${ms} ms`;
  if (STACK.test(body)) return `shows a stack (${status})`;
  if (status < 500) return null;
  const { pathname } = new URL(url);
  if (pathname.startsWith("/api/")) {
    let keys = "";
    try {
      keys = Object.keys(JSON.parse(body)).sort().join(",");
    } catch {}
    return keys === API_ERROR_KEYS ? null : `${status} without the Api error shape: ${body.slice(0, 80)}`;
  }
  if (pathname.startsWith("/webhooks/")) return null;
  if (status === 503 || type.includes("text/html")) return null;
  return `${status} ${type} is neither the error page nor a 503`;
}

/** A visitor with a cookie jar that records how every answer went. */
function visitor(stats) {
  const jar = new Map();
  return async function request(url, init = {}) {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    if (typeof init.body === "string" && !headers.has("content-type"))
      headers.set("content-type", "application/json");
    headers.set("origin", origin);
    const started = Date.now();
    try {
      const response = await fetch(url, {
        ...init,
        headers,
        redirect: "manual",
        signal: AbortSignal.timeout(ANSWER_LIMIT_MS + 2_000),
      });
      const body = await response.text();
      const ms = Date.now() - started;
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const index = pair.indexOf("=");
        jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
      }
      stats.answers++;
      const problem = judge(url, response.status, ms, response.headers.get("content-type") ?? "", body);
      if (problem) stats.problems.push(`${init.method ?? "GET"} ${new URL(url).pathname}: ${problem}`);
      let json = null;
      try {
        json = JSON.parse(body);
      } catch {}
      return { status: response.status, json, location: response.headers.get("location") };
    } catch (error) {
      const ms = Date.now() - started;
      const code = error.cause?.code ?? error.name;
      // A dead process refuses connections: that is the kill, not an answer.
      if (DEAD_PROCESS.has(code)) {
        stats.refused++;
        await sleep(100);
      } else {
        stats.answers++;
        stats.problems.push(
          `${init.method ?? "GET"} ${new URL(url).pathname}: no answer (${code}) after ${ms} ms`,
        );
      }
      return { status: 0, json: null, location: null };
    }
  };
}

const orderBody = {
  locale: "nl",
  country: "NL",
  email: "faults@example.nl",
  methodId: "nl-point",
  servicePointId: "nl-001",
  donationCents: 0,
  paymentMethod: "ideal",
  address: {
    firstName: "Fault",
    lastName: "Harness",
    street: "Dam",
    houseNumber: "1",
    postalCode: "1012 JS",
    city: "Amsterdam",
    country: "NL",
  },
};

function signedSandboxWebhook(paymentId) {
  const body = JSON.stringify({ id: paymentId });
  return {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-sandbox-signature": createHmac("sha256", WEBHOOK_SECRET).update(body).digest("hex"),
    },
  };
}

/** Payments paid at the provider whose webhook the harness still owes the shop (Mollie: it posts them). */
const owedWebhooks = new Set();

/** One shopper: fills a bag, places the order and pays (60 %), declines (15 %) or walks away; again. */
async function shopper(stats, stopped) {
  while (!stopped()) {
    // A moment to look, as people do (and as a shared 2-core machine needs).
    await sleep(100 + Math.random() * 200);
    const request = visitor(stats);
    const variant = pick(variants);
    const added = await request(`${origin}/api/v1/cart/lines`, {
      method: "POST",
      body: JSON.stringify({ variantId: variant, quantity: Math.random() < 0.3 ? 2 : 1, locale: "nl" }),
    });
    if (added.status !== 201) continue;
    const placed = await request(`${origin}/api/v1/orders`, {
      method: "POST",
      body: JSON.stringify(orderBody),
      headers: { "idempotency-key": randomUUID() },
    });
    if (placed.status !== 201) continue;
    stats.orders++;
    const roll = Math.random();
    if (roll > 0.75 || stopped()) continue;
    const checkout = new URL(placed.json.checkoutUrl);
    if (provider === "mollie") {
      const id = checkout.pathname.split("/").pop();
      mollie.fake.setStatus(id, roll < 0.6 ? "paid" : "failed");
      const hook = await request(`${origin}/webhooks/payments/mollie`, {
        method: "POST",
        body: new URLSearchParams({ id }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      if (hook.status !== 200) owedWebhooks.add(id);
      continue;
    }
    const decided = await request(`${origin}${checkout.pathname}`, {
      method: "POST",
      body: new URLSearchParams(
        roll < 0.6 ? { intent: "approve", issuer: "ideal_INGBNL2A" } : { intent: "decline" },
      ).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    // The provider's webhook also arrives from outside, now and then twice.
    const id = checkout.pathname.split("/").filter(Boolean).pop();
    if (Math.random() < 0.5) await request(`${origin}/webhooks/payments/sandbox`, signedSandboxWebhook(id));
    // The shopper's browser follows the redirect back to the shop (its return page checks the payment).
    if (decided.location && Math.random() < 0.5) await request(new URL(decided.location, origin).href);
  }
}

/** Pages and the API a browsing visitor asks for meanwhile. */
async function browser(stats, stopped) {
  const request = visitor(stats);
  const paths = [
    "/en/",
    `/en/${productSlug}/`,
    `/api/v1/products/${productSlug}?locale=en`,
    "/api/v1/cart?locale=en",
  ];
  let i = 0;
  while (!stopped()) {
    await request(`${origin}${paths[i++ % paths.length]}`);
    await sleep(200);
  }
}

/** Runs the shoppers and a browser until `stop()`; answers the stats and the stop function. */
function startLoad() {
  const stats = { answers: 0, refused: 0, orders: 0, problems: [] };
  let stopped = false;
  const isStopped = () => stopped;
  const running = Promise.all([
    ...Array.from({ length: SHOPPERS }, () => shopper(stats, isStopped)),
    browser(stats, isStopped),
  ]);
  return {
    stats,
    async stop() {
      stopped = true;
      await running;
      return stats;
    },
  };
}

// ── invariants ──────────────────────────────────────────────────────────────────────────────────────

/**
 * The outbox retries a failed message 30 s, 1, 2 … minutes later: the harness moves those retries to now
 * (time passing) and queues one more e-mail, which nudges the delivery job at once.
 */
async function nudgeOutbox() {
  await db.query(`update outbox_messages set next_attempt_at = now() where status = 'pending'`);
  await placeAndPay();
}

/**
 * One order placed and paid through the API, the webhook delivered: proves the shop works again.
 * Answers null, or why not.
 */
async function placeAndPay() {
  const stats = { answers: 0, refused: 0, orders: 0, problems: [] };
  const request = visitor(stats);
  const added = await request(`${origin}/api/v1/cart/lines`, {
    method: "POST",
    body: JSON.stringify({ variantId: variants[0], quantity: 1, locale: "nl" }),
  });
  if (added.status !== 201) return `adding to the bag: ${added.status} ${JSON.stringify(added.json)}`;
  const placed = await request(`${origin}/api/v1/orders`, {
    method: "POST",
    body: JSON.stringify(orderBody),
    headers: { "idempotency-key": randomUUID() },
  });
  if (placed.status !== 201) return `placing the order: ${placed.status} ${JSON.stringify(placed.json)}`;
  const checkout = new URL(placed.json.checkoutUrl);
  if (provider === "mollie") {
    const id = checkout.pathname.split("/").pop();
    mollie.fake.setStatus(id, "paid");
    const hook = await request(`${origin}/webhooks/payments/mollie`, {
      method: "POST",
      body: new URLSearchParams({ id }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    return hook.status === 200 ? null : `the webhook: ${hook.status}`;
  }
  const paid = await request(`${origin}${checkout.pathname}`, {
    method: "POST",
    body: new URLSearchParams({ intent: "approve", issuer: "ideal_INGBNL2A" }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return paid.status > 0 && paid.status < 400 ? null : `paying: ${paid.status}`;
}

/** Mollie's retries: the webhooks the shop did not take are posted again. */
async function deliverOwedWebhooks() {
  for (const id of [...owedWebhooks]) {
    const response = await fetch(`${origin}/webhooks/payments/mollie`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id }).toString(),
    }).catch(() => null);
    if (response?.status === 200) owedWebhooks.delete(id);
  }
}

/**
 * Kills and database faults so far: each may repeat the one message that was on the wire when the process
 * died or lost the database before recording it (faults/invariants.mjs).
 */
let interruptions = 0;
const invariantContext = (settled) => ({
  duplicatesAllowed: interruptions,
  variantIds: variants,
  start: startTotal,
  since: startedAt,
  sink: smtp,
  sms,
  settled,
});

/**
 * Waits (up to 60 s) until every invariant holds with the outbox settled; answers what still breaks.
 * Eventual invariants need the webhooks and the outbox to catch up, the others hold at every moment.
 */
async function settle() {
  const deadline = Date.now() + 60_000;
  let failures;
  for (;;) {
    await deliverOwedWebhooks();
    failures = await checkInvariants(db, invariantContext(true));
    if (Object.keys(failures).length === 0 || Date.now() > deadline) return failures;
    if (failures["outbox once"]) await nudgeOutbox();
    await sleep(2_000);
  }
}

function record(scenario, { trials = 1, failures = {}, problems = [], answers = 0, recoveryMs = null }) {
  results.push({ scenario, trials, failures, problems, answers, recoveryMs });
}

/** One fault under load: the fault for `ms`, then back; judges the answers and measures the recovery. */
async function underLoad(scenario, { begin, end, ms }) {
  const load = startLoad();
  await sleep(2_000);
  interruptions++;
  await begin();
  await sleep(ms);
  const ended = Date.now();
  await end();
  const readyMs = await waitReady(RECOVERY_LIMIT_MS + 5_000);
  const recoveryMs = readyMs === null ? null : Date.now() - ended;
  const crashed = shop.child.exitCode !== null || shop.child.signalCode !== null;
  await sleep(2_000);
  const stats = await load.stop();
  if (crashed) {
    // Recorded as a failure; the next scenarios get a running shop again.
    stats.problems.unshift(`the shop process ended during the fault:\n${logTail()}`);
    await startShop();
  }
  if (stats.refused > 0 && !crashed) stats.problems.push(`${stats.refused} requests refused or reset`);
  const notWorking = await placeAndPay();
  const failures = await settle();
  record(scenario, { failures, problems: stats.problems, answers: stats.answers, recoveryMs });
  assert.ok(
    recoveryMs !== null && recoveryMs <= RECOVERY_LIMIT_MS,
    `ready again within 30 s (${recoveryMs} ms)`,
  );
  assert.equal(notWorking, null, "an order can be placed and paid after the fault");
  assert.deepEqual(stats.problems.slice(0, 10), [], `${stats.problems.length} of ${stats.answers} answers`);
  assert.deepEqual(failures, {});
  assert.ok(stats.orders > 0, "orders were placed during the scenario");
}

/** A self-signed certificate for 127.0.0.1 (Mollie's client speaks HTTPS only). */
function certificate() {
  const cert = path.join(dataDir, "mollie-cert.pem");
  const key = path.join(dataDir, "mollie-key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1", "-keyout", key, "-out", cert],
    ],
    { stdio: "ignore" },
  );
  return { cert: readFileSync(cert), key: readFileSync(key) };
}

// ── set-up ──────────────────────────────────────────────────────────────────────────────────────────

before(async () => {
  if (skip) return;
  dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-faults-"));
  // The demo photos are drawn once per machine (test-replicas shares them too).
  const sharedMedia = path.join(os.tmpdir(), "shop-replicas-media");
  mkdirSync(sharedMedia, { recursive: true });
  symlinkSync(sharedMedia, path.join(dataDir, "media"));
  cluster = await startCluster({ bin, port: ports.pg });
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query("create database shop");
  await admin.end();
  db = new pg.Pool({ connectionString: cluster.url.replace(/\/postgres$/, "/shop"), max: 2 });
  db.on("error", () => {});
  proxy = await startProxy({ port: ports.proxy, target: { host: "127.0.0.1", port: ports.pg } });
  smtp = await startSmtpSink(ports.smtp);
  sms = await startSmsGateway(ports.sms);
  mollie = skipProvider
    ? { url: "https://127.0.0.1/v2/", close() {} }
    : await startFakeMollie(ports.mollie, MOLLIE_KEY, certificate());
  // The first start migrates and seeds.
  await startShop({ timeoutMs: 300_000 });
  // Eight sizes to sell: six with plenty, two nearly sold out (shoppers compete for the last units).
  const { rows } = await db.query(
    `select v.id from product_variants v join products p on p.id = v.product_id
      where p.is_active and not p.app_only and (p.online_from is null or p.online_from < now())
      order by v.id limit 8`,
  );
  variants = rows.map((r) => r.id);
  await db.query(
    "update product_variants set stock = case when id = any($2) then 3 else 2000 end where id = any($1)",
    [variants, variants.slice(6)],
  );
  const {
    rows: [product],
  } = await db.query(
    `select t.slug from product_variants v join product_translations t on t.product_id = v.product_id and t.locale = 'en'
      where v.id = $1`,
    [variants[0]],
  );
  productSlug = product.slug;
  startTotal = await stockAndReserved(db, variants);
  startedAt = (await db.query("select now() as now")).rows[0].now;
});

after(async () => {
  if (skip) return;
  printTable();
  if (shop) await stopShop().catch(() => {});
  await Promise.all([proxy?.close(), smtp?.close(), sms?.close(), mollie?.close()]);
  await db?.end().catch(() => {});
  await cluster?.destroy();
  if (process.env.FAULTS_KEEP) console.log(`# kept ${dataDir} (shop.log)`);
  else rmSync(dataDir, { recursive: true, force: true });
});

function printTable() {
  const rows = results.map((r) => {
    const row = { scenario: r.scenario, trials: r.trials };
    for (const name of invariantNames) row[name] = r.failures[name] ? "FAIL" : `ok ×${r.trials}`;
    row["answers during fault"] = r.answers ? `${r.answers - r.problems.length}/${r.answers} ok` : "";
    row.recovery = r.recoveryMs === null ? "" : `${(r.recoveryMs / 1000).toFixed(1)} s`;
    return row;
  });
  console.log("\nFault harness: scenarios × invariants (trials)");
  console.table(rows);
  for (const r of results) {
    for (const [name, detail] of Object.entries(r.failures))
      console.log(`${r.scenario} / ${name}: ${detail}`);
    for (const problem of r.problems.slice(0, 5)) console.log(`${r.scenario}: ${problem}`);
  }
}

// ── scenarios ───────────────────────────────────────────────────────────────────────────────────────

test(`kill -9 of the shop at random moments while ${SHOPPERS} shoppers check out (${KILL_TRIALS} trials)`, {
  skip,
}, async () => {
  const trialFailures = [];
  let restartMs = 0;
  let orders = 0;
  for (let trial = 1; trial <= KILL_TRIALS; trial++) {
    const load = startLoad();
    await sleep(300 + Math.random() * 1_700);
    await killShop();
    interruptions++;
    const stats = await load.stop();
    orders += stats.orders;
    // What must hold at every moment, also right after the kill.
    const failures = await checkInvariants(db, invariantContext(false));
    if (Object.keys(failures).length) trialFailures.push({ trial, failures });
    restartMs += await startShop();
  }
  const notWorking = await placeAndPay();
  const failures = await settle();
  for (const { failures: f } of trialFailures) Object.assign(failures, f);
  record("kill -9 during checkout, restart", { trials: KILL_TRIALS, failures });
  console.log(
    `# ${orders} orders placed in ${KILL_TRIALS} trials; restart to ready ${Math.round(restartMs / KILL_TRIALS)} ms on average`,
  );
  assert.ok(orders > KILL_TRIALS, "orders were placed between the kills");
  assert.equal(notWorking, null, "an order can be placed and paid after the restarts");
  assert.deepEqual(failures, {});
});

test("PostgreSQL stopped for 15 s under load, then started", { skip }, async () => {
  await underLoad("PostgreSQL stopped 15 s", {
    begin: () => cluster.stop("fast"),
    end: () => cluster.start(),
    ms: 15_000,
  });
});

test("the link to PostgreSQL cut for 10 s and restored", { skip }, async () => {
  await underLoad("link cut 10 s", { begin: () => proxy.cut(), end: () => proxy.pass(), ms: 10_000 });
});

test("every query slowed by 2 s for 15 s", { skip }, async () => {
  await underLoad("queries slowed by 2 s", {
    begin: () => proxy.slow(2_000),
    end: () => proxy.pass(),
    ms: 15_000,
  });
});

/** A staff member signed in through the API (the seeded administrator). */
async function staff(stats) {
  const request = visitor(stats);
  const signed = await request(`${origin}/api/v1/account/login?locale=en`, {
    method: "POST",
    body: JSON.stringify({ email: "admin@loomandlabel.test", password: "demo-admin-2026" }),
  });
  assert.equal(signed.status, 200, `staff sign-in: ${JSON.stringify(signed.json)}`);
  return request;
}

/** Paid orders to refund: placed and paid through the API while the provider works. */
async function paidOrders(count) {
  const before = await db.query(`select coalesce(max(id), 0) as id from orders`);
  for (let i = 0; i < count; i++) assert.equal(await placeAndPay(), null, "an order is placed and paid");
  const { rows } = await db.query(
    `select o.number from orders o where o.id > $1 and o.status = 'processing' order by o.id`,
    [before.rows[0].id],
  );
  return rows.map((r) => r.number);
}

const providerFaults = [
  { mode: "slow", label: "slow (5 s)", delayMs: 5_000 },
  { mode: "fail", label: "failing (500)" },
  { mode: "down", label: "unreachable" },
];

for (const fault of providerFaults) {
  test(`the payment provider ${fault.label}: placing orders, webhooks and refunds`, {
    skip: skipProvider,
  }, async () => {
    if (provider !== "mollie") {
      // An outside provider over HTTP (the fake Mollie) is what can be slow, fail or be gone.
      await stopShop();
      provider = "mollie";
      await startShop();
    }
    const stats = { answers: 0, refused: 0, orders: 0, problems: [] };
    const refunder = await staff(stats);
    const toRefund = await paidOrders(3);
    const keys = toRefund.map(() => randomUUID());
    const refund = (number, key, amountCents = 500) =>
      refunder(`${origin}/api/v1/admin/orders/${number}/refunds?locale=en`, {
        method: "POST",
        body: JSON.stringify({ amountCents, reason: "fault harness", idempotencyKey: key }),
      });

    const load = startLoad();
    await sleep(1_000);
    await mollie.set(fault.mode, fault.delayMs);
    const during = [];
    for (let i = 0; i < toRefund.length; i++) during.push((await refund(toRefund[i], keys[i])).status);
    await sleep(8_000);
    const ended = Date.now();
    await mollie.set("ok");
    const readyMs = await waitReady(RECOVERY_LIMIT_MS);
    const recoveryMs = readyMs === null ? null : Date.now() - ended;
    await sleep(2_000);
    const loadStats = await load.stop();
    // Staff send an unconfirmed refund again with its key: it is made once.
    const again = [];
    for (let i = 0; i < toRefund.length; i++) again.push((await refund(toRefund[i], keys[i])).status);
    const notWorking = await placeAndPay();
    const failures = await settle();
    const problems = [...stats.problems, ...loadStats.problems];
    record(`payment provider ${fault.label}`, {
      failures,
      problems,
      answers: stats.answers + loadStats.answers,
      recoveryMs,
    });
    console.log(`# refunds during the fault answered ${during.join(", ")}; sent again ${again.join(", ")}`);
    for (const status of during)
      assert.ok([201, 402, 503].includes(status), `refund during the fault: ${status}`);
    for (const status of again) assert.equal(status, 201, "the refund sent again is made");
    assert.equal(notWorking, null, "an order can be placed and paid after the fault");
    assert.deepEqual(
      problems.slice(0, 10),
      [],
      `${problems.length} of ${stats.answers + loadStats.answers} answers`,
    );
    assert.deepEqual(failures, {});
  });
}

test("the SMTP server refusing and the SMS gateway failing, then both unreachable, then back", {
  skip,
}, async () => {
  const load = startLoad();
  await smtp.set("refuse");
  await sms.set("fail");
  // Text messages queued as the restock alerts queue them.
  await db.query(
    `insert into outbox_messages (channel, recipient, locale, template, text)
     select 'sms', '+3161234567' || n, 'nl', 'stockAlert', 'Weer op voorraad ' || n from generate_series(0, 4) n`,
  );
  await sleep(5_000);
  await nudgeOutbox();
  await sleep(3_000);
  await smtp.set("down");
  await sms.set("down");
  await nudgeOutbox();
  await sleep(5_000);
  const { rows } = await db.query(
    `select count(*)::int as n from outbox_messages where status = 'pending' and attempts > 0`,
  );
  await smtp.set("accept");
  await sms.set("accept");
  const stats = await load.stop();
  const failures = await settle();
  record("SMTP and SMS gateway down", { failures, problems: stats.problems, answers: stats.answers });
  console.log(`# ${rows[0].n} messages waited for a retry while the gateways were down`);
  assert.ok(rows[0].n > 0, "messages failed while the gateways were down");
  assert.deepEqual(stats.problems.slice(0, 10), [], `${stats.problems.length} of ${stats.answers} answers`);
  assert.deepEqual(failures, {});
});

test("every pending order expires (its 30 minutes moved to now) and gives its stock back", {
  skip,
}, async () => {
  const {
    rows: [{ n: pending }],
  } = await db
    .query(`update orders set expires_at = now() where status = 'pending' returning 1`)
    .then((r) => ({
      rows: [{ n: r.rowCount }],
    }));
  // The expiry job runs every minute.
  const deadline = Date.now() + 90_000;
  let left;
  do {
    await sleep(2_000);
    ({
      rows: [{ n: left }],
    } = await db.query(`select count(*)::int as n from orders where status = 'pending'`));
  } while (left > 0 && Date.now() < deadline);
  const failures = await settle();
  if (left > 0) failures["pending expires"] = `${left} of ${pending} pending orders did not expire`;
  record(`expiry of the ${pending} pending orders`, { failures });
  assert.equal(left, 0, `${left} of ${pending} pending orders did not expire`);
  assert.deepEqual(failures, {});
});
