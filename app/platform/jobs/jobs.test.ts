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
    const boss = await startJobs(connection, [echo, slow, nightly] as never);
    expect(await sendJob(echo, { word: "hallo" })).toEqual(expect.any(String));
    await eventually(() => seen.includes("hallo"));

    const schedules = await boss.getSchedules();
    expect(schedules).toEqual([
      expect.objectContaining({ name: "test.nightly", cron: "0 3 * * *", timezone: "Europe/Amsterdam" }),
    ]);

    await sendJob(slow, { ms: 1500 });
    await eventually(() => startedSlowWork);
    await stopJobs(10_000);
    expect(finishedSlowWork).toBe(true);
  });
});
