import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Connection, selectRows } from "./db.server";

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

/** Applies every committed migration not yet applied; safe to run on every start. */
export async function runMigrations(connection: Connection): Promise<void> {
  const config = { migrationsFolder };
  if (connection.driver === "pglite") {
    await migratePglite(connection.db as never, config);
  } else {
    // One migrator at a time when several replicas start together.
    const client = await connection.pool.connect();
    try {
      await client.query("select pg_advisory_lock(7262019)");
      await migratePg(connection.db as never, config);
    } finally {
      await client.query("select pg_advisory_unlock(7262019)").catch(() => {});
      client.release();
    }
  }
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** The newest migration in the repository and the newest applied one, for the readiness probe. */
export async function migrationStatus(
  connection: Connection,
): Promise<{ expected: number; applied: number; current: boolean }> {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as Journal;
  const expected = journal.entries.at(-1)?.when ?? 0;
  const [row] = await selectRows<{ applied: string | null }>(
    connection.db,
    sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
  );
  const applied = Number(row?.applied ?? 0);
  return { expected, applied, current: applied >= expected };
}
