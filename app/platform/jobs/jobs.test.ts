import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../db/db.server";
import { defineJob, sendJob, startJobs, stopJobs } from "./jobs.server";

let connection: Connection;
const seen: string[] = [];
let startedSlowWork = false;
let finishedSlowWork = false;

const echo = defineJob<{ word: string }>({
  name: "test.echo",
  async handle(data) {
    seen.push(data.word);
  },
});
const slow = defineJob<{ ms: number }>({
  name: "test.slow",
  async handle(data) {
    startedSlowWork = true;
    await new Promise((resolve) => setTimeout(resolve, data.ms));
    finishedSlowWork = true;
  },
});
/** How many of the batched jobs ran at once, at most. */
let running = 0;
let mostAtOnce = 0;
const batchedDone: number[] = [];
const batched = defineJob<{ n: number }>({
  name: "test.batched",
  batchSize: 10,
  async handle(data) {
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 50));
    running -= 1;
    batchedDone.push(data.n);
  },
});
const nightly = defineJob<{ kind: string }>({
  name: "test.nightly",
  schedule: { cron: "0 3 * * *", data: { kind: "draw" } },
  async handle() {},
});

beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

async function eventually(check: () => boolean, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("jobs", () => {
  it("is a no-op to send while jobs are not running", async () => {
    expect(await sendJob(echo, { word: "nobody listens" })).toBeNull();
  });

  it("runs typed jobs, registers cron schedules, and drains running work on stop", async () => {
    const boss = await startJobs(connection, [echo, slow, nightly, batched] as never);
    expect(await sendJob(echo, { word: "hallo" })).toEqual(expect.any(String));
    await eventually(() => seen.includes("hallo"));

    const schedules = await boss.getSchedules();
    expect(schedules).toEqual([
      expect.objectContaining({ name: "test.nightly", cron: "0 3 * * *", timezone: "Europe/Amsterdam" }),
    ]);

    // A batched queue takes several jobs at once and handles them side by side.
    await Promise.all(Array.from({ length: 20 }, (_, n) => sendJob(batched, { n })));
    await eventually(() => batchedDone.length === 20);
    expect(batchedDone.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(mostAtOnce).toBeGreaterThan(1);

    await sendJob(slow, { ms: 1500 });
    await eventually(() => startedSlowWork);
    await stopJobs(10_000);
    expect(finishedSlowWork).toBe(true);
  });
});
