import path from "node:path";
import { type Connection, connect, installConnection } from "./db/db.server";
import { runMigrations } from "./db/migrate.server";
import { env } from "./env.server";
import { type JobDefinition, startJobs, stopJobs } from "./jobs/jobs.server";
import { logger } from "./logging/logger.server";

export interface Platform {
  connection: Connection;
  stop(): Promise<void>;
}

/**
 * Connects the database (PostgreSQL when DATABASE_URL is set, PGlite in DATA_DIR otherwise), applies the
 * migrations, runs `prepare` (the seed) and starts the job workers.
 */
export async function startPlatform(options: {
  jobs: JobDefinition<never>[];
  prepare?: (connection: Connection) => Promise<void>;
  /** Work that must reach the database before it closes (buffered writes); runs first on stop. */
  beforeStop?: (() => Promise<void>)[];
}): Promise<Platform> {
  const config = env();
  const connection = await connect({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "db"),
    // Well within the 10 s a request may take (docs/reliability.md).
    connectTimeoutMs: 5_000,
  });
  installConnection(connection);
  await runMigrations(connection);
  await options.prepare?.(connection);
  if (config.JOBS === "on") await startJobs(connection, options.jobs);
  let stopping: Promise<void> | undefined;
  return {
    connection,
    stop() {
      stopping ??= (async () => {
        const drained = await Promise.allSettled((options.beforeStop ?? []).map((drain) => drain()));
        for (const failed of drained) {
          if (failed.status === "rejected") logger.error({ err: failed.reason }, "drain before stop failed");
        }
        await stopJobs();
        await connection.close();
        logger.info("platform stopped");
      })();
      return stopping;
    },
  };
}
