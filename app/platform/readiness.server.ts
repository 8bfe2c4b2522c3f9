import { sql } from "drizzle-orm";
import { connection } from "./db/db.server";
import { migrationStatus } from "./db/migrate.server";
import { logger } from "./logging/logger.server";

/**
 * Work the process does after it starts listening (loading the listing and search indexes). While any
 * is pending, `/api/ready/` answers 503, so load balancers and tests wait; pages are served meanwhile.
 */
const pending = new Map<string, Promise<unknown>>();

export function addWarmup(name: string, work: Promise<unknown>): void {
  pending.set(name, work);
  work.then(
    () => pending.delete(name),
    () => pending.delete(name),
  );
}

export function warmingUp(): string[] {
  return [...pending.keys()];
}

export type MigrationStatus = Awaited<ReturnType<typeof migrationStatus>>;

/** Whether the process can serve: what `/api/ready/` answers. */
export type Readiness =
  | { ready: true; database: string; migrations: MigrationStatus }
  | { ready: false; because: "warming-up"; warming: string[] }
  | { ready: false; because: "migrations"; migrations: MigrationStatus }
  | { ready: false; because: "database" };

/** Ready when the database answers, nothing is warming up and every migration is applied. */
export async function readiness(): Promise<Readiness> {
  try {
    const conn = connection();
    await conn.db.execute(sql`select 1`);
    const migrations = await migrationStatus(conn);
    const warming = warmingUp();
    if (warming.length > 0) return { ready: false, because: "warming-up", warming };
    if (!migrations.current) return { ready: false, because: "migrations", migrations };
    return { ready: true, database: conn.label, migrations };
  } catch (error) {
    logger.error({ err: error }, "readiness check failed");
    return { ready: false, because: "database" };
  }
}
