// Load generators and CPU readings shared by the benchmarks (BENCHMARKS.md, docs/decisions/0029).
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import pg from "pg";

/**
 * An offered load at a steady rate: request i leaves at start + i / rate whatever the earlier ones are
 * doing, and its time is counted from that moment, so a slow server cannot slow the arrivals down
 * (no coordinated omission). `next(i)` gives the request: { path, method?, headers?, body? }.
 *
 * autocannon's `overallRate` does not offer a steady rate: each of its connections may send `rate /
 * connections` requests a second and then waits for its 1-second timer, and all timers start together,
 * so each second's requests leave in one burst at the start of the second. `autocannonRun` measures that too.
 */
export async function paced(origin, { rate, seconds }, next) {
  const total = Math.round(rate * seconds);
  const times = [];
  const statuses = new Map();
  let failed = 0;
  let lastAnswer = 0;
  const start = performance.now() + 20;
  const sent = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { path, ...init } = next(i);
    sent.push(
      fetch(`${origin}${path}`, init)
        .then(async (response) => {
          await response.arrayBuffer();
          lastAnswer = performance.now();
          // A quick refusal is no answer: it counts as a failure, not in the times or the achieved rate.
          if (response.ok) times.push(lastAnswer - due);
          else {
            failed++;
            statuses.set(`${response.status} ${path}`, response.status);
          }
        })
        .catch(() => {
          failed++;
        }),
    );
  }
  await Promise.all(sent);
  return {
    ...percentiles(times),
    total: times.length,
    /**
     * Answers a second over the run, or over the time to the last answer when that took longer: below
     * `rate` means the server fell behind.
     */
    achieved: times.length / Math.max(seconds, (lastAnswer - start) / 1000),
    failed,
    statuses: [...statuses.keys()].slice(0, 10),
  };
}

/**
 * The three measurements of a rate target, after a warm-up: a steady offered `rate` (with the shop's and its
 * PostgreSQL backends' CPU per request), the same rate as autocannon offers it (in bursts, 20 connections),
 * and the maximum throughput (closed loop, 16 connections).
 */
export async function measureAtRate(shop, { databaseUrl, rate, seconds }, next) {
  await autocannonRun(shop.origin, { connections: 8, duration: Math.min(5, seconds) }, next); // warm-up
  const cpuBefore = await cpuTicks(databaseUrl, shop.pid);
  const offered = await paced(shop.origin, { rate, seconds }, next);
  const cpu = cpuPerRequest(cpuBefore, await cpuTicks(databaseUrl, shop.pid), offered.total);
  const bursts = await autocannonRun(
    shop.origin,
    { connections: 20, overallRate: rate, duration: seconds },
    next,
  );
  const closed = await autocannonRun(shop.origin, { connections: 16, duration: seconds }, next);
  return {
    offered,
    cpu,
    bursts,
    closed,
    failed: offered.failed + bursts.failed + closed.failed,
    statuses: [...offered.statuses, ...bursts.statuses, ...closed.statuses],
  };
}

/**
 * One autocannon run (closed loop with `connections`, or its bursts with `overallRate`); percentiles of
 * every response's own time (autocannon keeps no p95, and at a rate its corrected figures are not raw).
 * `next()` gives { path, method?, headers?, body? } for each request.
 */
export function autocannonRun(origin, options, next) {
  return new Promise((resolve, reject) => {
    const times = [];
    const statuses = new Map();
    const instance = autocannon(
      {
        url: origin,
        ...(options.overallRate ? { ignoreCoordinatedOmission: true } : {}),
        ...options,
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          ...percentiles(times),
          total: result.requests.total,
          achieved: result.requests.average,
          failed: result.non2xx + result.errors,
          statuses: [...statuses.keys()].slice(0, 10),
        });
      },
    );
    instance.on("response", (client, status, _bytes, responseTime) => {
      times.push(responseTime);
      if (status >= 300)
        statuses.set(`${status} ${client.requestIterator?.currentRequest?.path ?? ""}`, status);
    });
    instance.on("error", reject);
  });
}

/** p50 and p95 of raw times in ms (nearest rank), to a tenth. */
export function percentiles(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;
  const round = (ms) => Math.round(ms * 10) / 10;
  return { p50: round(at(50)), p95: round(at(95)) };
}

/**
 * CPU clock ticks (1/100 s) used so far by the shop's process and by each PostgreSQL backend of its
 * database, except the bench's own (application_name 'bench').
 */
export async function cpuTicks(databaseUrl, shopPid) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "bench" });
  await client.connect();
  const { rows } = await client.query(
    `select pid from pg_stat_activity
     where datname = current_database() and application_name <> 'bench'`,
  );
  await client.end();
  return { shop: ticksOf(shopPid), backends: new Map(rows.map((r) => [r.pid, ticksOf(r.pid)])) };
}

/** CPU ms per request between two readings (a backend that exited meanwhile is left out). */
export function cpuPerRequest(before, after, requests) {
  let postgres = 0;
  for (const [pid, ticks] of after.backends) postgres += ticks - (before.backends.get(pid) ?? 0);
  const shop = ((after.shop - before.shop) * 10) / requests;
  return { shop, postgres: (postgres * 10) / requests, total: shop + (postgres * 10) / requests };
}

/** CPU clock ticks (utime + stime, 1/100 s) a process has used so far; 0 once it has exited. */
export function ticksOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0;
  }
}

/** Creates the bench database on first use (the shop then seeds it on its first start). */
export async function ensureDatabase(url, seeding) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
  if (!rowCount) {
    console.log(`creating ${name}; the first start seeds ${seeding}`);
    await client.query(`create database "${name.replace(/"/g, "")}"`);
  }
  await client.end();
}

/** The guest order every order bench places: iDEAL, a Dutch pick-up point, no donation. */
export const guestOrder = {
  locale: "nl",
  country: "NL",
  email: "bench@example.nl",
  methodId: "nl-point",
  servicePointId: "nl-001",
  donationCents: 0,
  paymentMethod: "ideal",
  address: {
    firstName: "Bench",
    lastName: "Mark",
    street: "Dam",
    houseNumber: "1",
    postalCode: "1012 JS",
    city: "Amsterdam",
    country: "NL",
  },
};
