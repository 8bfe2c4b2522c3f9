import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema.server";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = Database | Transaction;

export type Connection =
  | { driver: "pglite"; db: Database; client: PGlite; label: string; close(): Promise<void> }
  | { driver: "postgres"; db: Database; pool: pg.Pool; label: string; close(): Promise<void> };

export interface ConnectOptions {
  /** PostgreSQL connection string; without it the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` for a throw-away database. */
  dataDir?: string;
  poolSize?: number;
}

/** Opens PostgreSQL when a URL is given, the embedded PGlite otherwise; both behind one Drizzle handle. */
export async function connect(options: ConnectOptions): Promise<Connection> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const { hostname, pathname } = new URL(options.url);
    return { driver: "postgres", db, pool, label: `PostgreSQL ${hostname}${pathname}`, close: () => pool.end() };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const label = dataDir.startsWith("memory://") ? "PGlite (in memory)" : `PGlite ${path.relative(process.cwd(), dataDir) || dataDir}`;
  return { driver: "pglite", db, client, label, close: () => client.close() };
}

let current: Connection | undefined;

/** Installs the process-wide connection (server start-up, scripts, tests). */
export function useConnection(connection: Connection): void {
  current = connection;
}

export function connection(): Connection {
  if (!current) throw new Error("The database is not connected yet: call useConnection() at start-up.");
  return current;
}

/** The process-wide Drizzle handle. */
export function db(): Database {
  return connection().db;
}
