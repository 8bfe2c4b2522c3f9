// `npm run test:replicas`: two built shop processes on one PostgreSQL database behind HAProxy, as
// production runs them. Proves the processes share everything a visitor or an operator can tell apart:
// sessions, bags, back-office changes, timer jobs and e-mails, and that a rolling restart loses no request.
// Needs `npm run build` first, Debian's haproxy and PostgreSQL (TEST_DATABASE_URL, default the local server).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const base = Number(process.env.REPLICAS_PORT ?? 3400);
const ports = { proxy: base, a: base + 1, b: base + 2 };
const database = `shop_replicas_${process.pid}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-replicas-"));
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
const sessionSecret = randomBytes(32).toString("hex");
const proxyUrl = `http://127.0.0.1:${ports.proxy}`;
// The demo photos are drawn once per machine (the readiness probe waits for them): later runs find them.
const sharedMedia = path.join(os.tmpdir(), "shop-replicas-media");
mkdirSync(sharedMedia, { recursive: true });
symlinkSync(sharedMedia, path.join(dataDir, "media"));

async function onServer(sql) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function query(sql, values = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a truthy value or `ms` pass; returns the value and the time it took. */
async function within(ms, check) {
  const started = Date.now();
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value) return { value, ms: Date.now() - started };
    if (Date.now() - started > ms) return { value: undefined, ms: Date.now() - started };
    await sleep(50);
  }
}

const replicas = {};

/** Starts one replica: the built server with the shared database, media folder and session secret. */
async function startReplica(name) {
  const child = spawn(process.execPath, ["build/server/index.js"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(ports[name]),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SESSION_SECRET: sessionSecret,
      BASE_URL: proxyUrl,
      SEED: "bench:40",
      LOG_LEVEL: "warn",
    },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  replicas[name] = { child, exited, url: `http://127.0.0.1:${ports[name]}` };
  let exitCode;
  exited.then((code) => {
    exitCode = code;
  });
  const ready = await within(300_000, async () => {
    if (exitCode !== undefined) return `exited with ${exitCode}`;
    const response = await fetch(`${replicas[name].url}/api/ready/`);
    return response.status === 200;
  });
  assert.equal(ready.value, true, `replica ${name} did not become ready (${ready.value ?? "timed out"})`);
}

async function stopReplica(name) {
  const replica = replicas[name];
  replica.child.kill("SIGTERM");
  const code = await replica.exited;
  assert.equal(code, 0, `replica ${name} did not stop cleanly`);
}

let proxy;

function startProxy() {
  const config = path.join(dataDir, "haproxy.cfg");
  // Health checks take a stopped replica out within a second; a request that finds a replica gone
  // (refused or closed connection) is sent again to the other one.
  writeFileSync(
    config,
    `global
  maxconn 1024
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
frontend shop
  bind 127.0.0.1:${ports.proxy}
  default_backend replicas
backend replicas
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/ready/ ver HTTP/1.1 hdr Host 127.0.0.1
  http-check expect status 200
  timeout check 3s
  default-server check inter 500ms fall 2 rise 2
  server a 127.0.0.1:${ports.a}
  server b 127.0.0.1:${ports.b}
`,
  );
  proxy = spawn("haproxy", ["-f", config, "-db"], { stdio: ["ignore", "ignore", "inherit"] });
}

/** A tiny cookie jar per visitor, so one visitor can talk to either replica. */
function visitor() {
  const jar = new Map();
  return {
    async fetch(url, init = {}) {
      const headers = new Headers(init.headers);
      if (jar.size) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
      if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
      const origin = new URL(url).origin;
      headers.set("origin", origin);
      const response = await fetch(url, { ...init, headers, redirect: "manual" });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(";");
        const index = pair.indexOf("=");
        jar.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
      }
      return response;
    },
    async json(url, init) {
      const response = await this.fetch(url, init);
      const body = await response.json().catch(() => null);
      return { status: response.status, body };
    },
  };
}

async function signIn(who, url, email, password) {
  const { status, body } = await who.json(`${url}/api/v1/account/login?locale=en`, {
    method: "POST",
    body: JSON.stringify({ email, password }),
  });
  assert.equal(status, 200, `sign-in of ${email}: ${JSON.stringify(body)}`);
}

/** A product of the seeded catalogue with an in-stock size, online now: its id, English slug and name, a variant. */
async function someProduct(offset = 0) {
  const [row] = await query(
    `select p.id, p.price_cents, t.slug, t.name, v.id as variant_id
       from products p
       join product_translations t on t.product_id = p.id and t.locale = 'en'
       join product_variants v on v.product_id = p.id
      where v.stock > 3 and p.is_active and not p.app_only and (p.online_from is null or p.online_from < now())
      order by p.id, v.id offset $1 limit 1`,
    [offset],
  );
  assert.ok(row, "the seeded catalogue has a product in stock");
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    priceCents: row.price_cents,
    variantId: row.variant_id,
  };
}

before(async () => {
  await onServer(`drop database if exists ${database} with (force)`);
  await onServer(`create database ${database}`);
  // The first replica migrates and seeds; the second finds both done, as a scaled-out deploy would.
  await startReplica("a");
  await startReplica("b");
  startProxy();
  // Two good health checks per replica before the proxy sends it traffic.
  await sleep(1_000);
  const up = await within(20_000, async () => (await fetch(`${proxyUrl}/api/ready/`)).status === 200);
  assert.ok(up.value, "HAProxy answers");
});

after(async () => {
  for (const replica of Object.values(replicas)) replica.child.kill("SIGTERM");
  proxy?.kill("SIGTERM");
  await Promise.all(Object.values(replicas).map((replica) => replica.exited));
  await onServer(`drop database if exists ${database} with (force)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

test("a session made on one replica is valid on the other", async () => {
  const shopper = visitor();
  await signIn(shopper, replicas.a.url, "demo@loomandlabel.test", "demo-shopper-2026");
  const { status, body } = await shopper.json(`${replicas.b.url}/api/v1/account?locale=en`);
  assert.equal(status, 200);
  assert.equal(body.email, "demo@loomandlabel.test");
  const signedOut = await visitor().json(`${replicas.b.url}/api/v1/account?locale=en`);
  assert.equal(signedOut.status, 401, "without the cookie the other replica knows nobody");
});

test("a bag filled through one replica shows on the other", async () => {
  const { variantId } = await someProduct();
  const shopper = visitor();
  const added = await shopper.json(`${replicas.a.url}/api/v1/cart/lines?locale=en`, {
    method: "POST",
    body: JSON.stringify({ variantId, quantity: 2 }),
  });
  assert.ok(added.status < 300, JSON.stringify(added.body));
  const { status, body } = await shopper.json(`${replicas.b.url}/api/v1/cart?locale=en`);
  assert.equal(status, 200);
  const line = body.lines.find((l) => l.variantId === variantId);
  assert.equal(line?.quantity, 2);
});

test("a price and a stock level changed in the back office through one replica are on the other's pages, search and API within 2 s", async () => {
  const operator = visitor();
  await signIn(operator, replicas.a.url, "admin@loomandlabel.test", "demo-admin-2026");
  const row = await someProduct(5);
  const price = row.priceCents + 1_000 + (Date.now() % 50) * 100 + 7;
  const priceText = `${Math.floor(price / 100)}.${String(price % 100).padStart(2, "0")}`;
  const saved = await operator.json(`${replicas.a.url}/api/v1/admin/products/${row.id}/price?locale=en`, {
    method: "PUT",
    body: JSON.stringify({ priceCents: price, originalPriceCents: null }),
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));

  const other = replicas.b.url;
  const api = await within(2_000, async () => {
    const { body } = await visitor().json(`${other}/api/v1/products/${row.slug}?locale=en`);
    return body?.priceCents === price;
  });
  assert.ok(api.value, `the other replica's product API shows the new price (waited ${api.ms} ms)`);
  const page = await within(2_000, async () => {
    const html = await (await fetch(`${other}/en/${row.slug}/`)).text();
    return html.includes(priceText);
  });
  assert.ok(page.value, `the other replica's product page shows ${priceText} (waited ${page.ms} ms)`);
  const search = await within(2_000, async () => {
    const { body } = await visitor().json(
      `${other}/api/v1/search?locale=en&q=${encodeURIComponent(row.name)}`,
    );
    return JSON.stringify(body).includes(String(price));
  });
  assert.ok(search.value, `the other replica's search shows the new price (waited ${search.ms} ms)`);

  const product = await visitor().json(`${other}/api/v1/products/${row.slug}?locale=en`);
  const variants = product.body.variants.map(({ id, size, sku, stock }) => ({ id, size, sku, stock }));
  variants[0].stock = 0;
  const stocked = await operator.json(
    `${replicas.a.url}/api/v1/admin/products/${row.id}/variants?locale=en`,
    {
      method: "PUT",
      body: JSON.stringify({ variants }),
    },
  );
  assert.equal(stocked.status, 200, JSON.stringify(stocked.body));
  const stock = await within(2_000, async () => {
    const { body } = await visitor().json(`${other}/api/v1/products/${row.slug}?locale=en`);
    return body?.variants.find((v) => v.id === variants[0].id)?.stock === 0;
  });
  assert.ok(stock.value, `the other replica's product API shows the size sold out (waited ${stock.ms} ms)`);
});

test("an e-mail is sent once although both replicas deliver the outbox", async () => {
  const shopper = visitor();
  // The form's captcha, solved as the ALTCHA widget would: the challenge from one replica, checked by either.
  const { body: challenge } = await shopper.json(`${proxyUrl}/api/v1/captcha?locale=en`);
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  const asked = await shopper.json(`${proxyUrl}/api/v1/account/forgot-password?locale=en`, {
    method: "POST",
    body: JSON.stringify({ email: "demo@loomandlabel.test", captcha }),
  });
  assert.ok(asked.status < 300, JSON.stringify(asked.body));
  const sent = await within(20_000, async () => {
    const rows = await query(
      `select id, status, attempts from outbox_messages where recipient = $1 and status = 'sent' order by created_at desc limit 1`,
      ["demo@loomandlabel.test"],
    );
    return rows[0];
  });
  assert.ok(sent.value, "the reset e-mail was delivered");
  assert.equal(sent.value.attempts, 1, "delivered in one attempt, by one replica");
  const files = readdirSync(path.join(dataDir, "outbox")).filter((f) => f.includes(String(sent.value.id)));
  assert.equal(files.length, 1);
});

test("each timer job runs once per tick across the two replicas", async () => {
  // The every-minute expiry job: both replicas schedule it, pg-boss must create one job per minute.
  const since = new Date();
  const ticked = await within(75_000, async () => {
    const rows = await query(
      `select count(*)::int as n from pgboss.job where name = 'orders.expire-unpaid' and created_on > $1`,
      [since],
    );
    return rows[0].n > 0;
  });
  assert.ok(ticked.value, "the expiry job ran within a minute");
  const perMinute = await query(
    `select date_trunc('minute', created_on) as minute, count(*)::int as runs
       from pgboss.job where name = 'orders.expire-unpaid' group by 1 order by 1`,
  );
  assert.ok(perMinute.length >= 1);
  for (const { minute, runs } of perMinute)
    assert.equal(runs, 1, `runs in the minute of ${minute.toISOString()}`);
});

test("a rolling restart (one replica at a time, SIGTERM) loses no accepted request", async () => {
  const { variantId } = await someProduct(1);
  const paths = ["/en/", "/nl/", "/api/v1/categories?locale=en", "/api/v1/search?locale=en&q=shirt", "/fr/"];
  let stop = false;
  const failures = [];
  let done = 0;
  async function worker(index) {
    const shopper = visitor();
    let i = index;
    while (!stop) {
      i++;
      const write = i % 5 === 0;
      const url = write ? `${proxyUrl}/api/v1/cart/lines?locale=en` : `${proxyUrl}${paths[i % paths.length]}`;
      try {
        const response = await shopper.fetch(
          url,
          write ? { method: "POST", body: JSON.stringify({ variantId, quantity: 1 }) } : {},
        );
        await response.arrayBuffer();
        if (response.status >= 500) failures.push(`${response.status} ${url}`);
        if (write && response.status === 409) {
          // A full bag line (the quantity cap) is a fair "no", not a lost request.
        }
      } catch (error) {
        failures.push(`${error.cause?.code ?? error.message} ${url}`);
      }
      done++;
    }
  }
  const load = Promise.all(Array.from({ length: 6 }, (_, i) => worker(i)));
  await sleep(1_000);
  for (const name of ["a", "b"]) {
    await stopReplica(name);
    await startReplica(name);
    // HAProxy needs two good health checks before it sends traffic to the restarted replica again.
    await sleep(1_000);
  }
  await sleep(1_000);
  stop = true;
  await load;
  assert.ok(done > 50, `requests were made during the restarts (${done})`);
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${done} requests failed`);
});
