import { fromPglite, type Job, PgBoss, type SendOptions } from "pg-boss";
import type { Connection } from "../db/db.server";
import { logger } from "../logging/logger.server";
import { SHOP_TIME_ZONE } from "../shop-time";

/** A background job: its queue name, its handler, retry policy and an optional cron schedule. */
export interface JobDefinition<T extends object> {
  name: string;
  handle(data: T, job: Job<T>): Promise<void>;
  /** pg-boss send options for every job of this kind (retries, backoff, expiry). */
  options?: Pick<
    SendOptions,
    "retryLimit" | "retryDelay" | "retryBackoff" | "retryDelayMax" | "expireInSeconds"
  >;
  /** Cron expression (Europe/Amsterdam, the shop's clock) and the data each run gets. */
  schedule?: { cron: string; data: T };
  /**
   * Jobs a worker takes at once and handles side by side (default 1). pg-boss waits its polling interval
   * between fetches, so one at a time is one job per 2 s per process: too slow for a queue that fills in
   * bursts (a flash sale's payment webhooks). A batch whose handler fails is retried whole, so only a job
   * that is safe to run twice may batch.
   */
  batchSize?: number;
}

/** Declares a job with its data type, so `sendJob` and the handler agree on the payload. */
export function defineJob<T extends object>(definition: JobDefinition<T>): JobDefinition<T> {
  return definition;
}

let boss: PgBoss | undefined;

function createBoss(connection: Connection): PgBoss {
  const common = { schema: "pgboss", application_name: "shop-jobs" } as const;
  if (connection.driver === "pglite") {
    return new PgBoss({ ...common, db: fromPglite(connection.client), backend: "pglite" });
  }
  const { connectionString } = connection.pool.options;
  return new PgBoss({ ...common, connectionString, max: 4 });
}

/** Starts pg-boss in this process: queues, workers and cron schedules for every definition. */
export async function startJobs(
  connection: Connection,
  definitions: JobDefinition<never>[],
): Promise<PgBoss> {
  const instance = createBoss(connection);
  instance.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await instance.start();
  for (const definition of definitions as unknown as JobDefinition<object>[]) {
    await instance.createQueue(definition.name, { ...definition.options });
    const batchSize = definition.batchSize ?? 1;
    await instance.work<object>(
      definition.name,
      // A full batch means more are waiting: fetch again at once instead of after the interval.
      { pollingIntervalSeconds: 2, batchSize, burstWhenBatchFull: batchSize > 1 },
      async (jobs) => {
        const started = Date.now();
        await Promise.all(jobs.map((job) => definition.handle(job.data, job)));
        logger.debug({ job: definition.name, jobs: jobs.length, ms: Date.now() - started }, "jobs done");
      },
    );
    if (definition.schedule) {
      await instance.schedule(definition.name, definition.schedule.cron, definition.schedule.data, {
        tz: SHOP_TIME_ZONE,
      });
    } else {
      await instance.unschedule(definition.name).catch(() => {});
    }
  }
  boss = instance;
  return instance;
}

/** Queues a job; a no-op returning null when jobs are not running in this process (scripts, unit tests). */
export async function sendJob<T extends object>(
  definition: JobDefinition<T>,
  data: T,
  options: SendOptions = {},
): Promise<string | null> {
  if (!boss) return null;
  return boss.send(definition.name, data, { ...definition.options, ...options });
}

/** Stops taking new work, lets running jobs finish (up to `timeoutMs`), then releases the queue. */
export async function stopJobs(timeoutMs = 10_000): Promise<void> {
  const instance = boss;
  boss = undefined;
  await instance?.stop({ graceful: true, timeout: timeoutMs, close: true });
}
