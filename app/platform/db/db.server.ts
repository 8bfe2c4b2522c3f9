import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { ExtractTablesWithRelations, SQL } from "drizzle-orm";
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
  /** PGlite: start from this dump of another database's data directory (tests copy one migrated database). */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL: how long a query waits for a connection (a free one of the pool, or a new one) before it
   * fails; unset waits for ever. The server sets it, so a database out of reach fails a request in seconds.
   */
  connectTimeoutMs?: number;
}

/**
 * Logs a lost connection. The logger is loaded when one is lost, not with this module: it reads the
 * environment when loaded, and whoever opens a database (a test setting DATA_DIR first) must not freeze
 * the environment by importing this file.
 */
function warnLost(error: Error, message: string): void {
  void import("../logging/logger.server").then(({ logger }) => logger.warn({ err: error }, message));
}

/** Opens PostgreSQL when a URL is given, the embedded PGlite otherwise; both behind one Drizzle handle. */
export async function connect(options: ConnectOptions): Promise<Connection> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...(options.connectTimeoutMs ? { connectionTimeoutMillis: options.connectTimeoutMs } : {}),
    });
    // A connection lost (PostgreSQL restarted, the link cut) fails its queries and is dropped by the pool;
    // the next query opens a new one. Its error event, idle in the pool or checked out by a transaction
    // between two queries, would otherwise be an uncaught error that ends the process (docs/reliability.md).
    pool.on("error", (error) => warnLost(error, "an idle database connection was lost"));
    pool.on("connect", (client) =>
      client.on("error", (error) => warnLost(error, "a database connection was lost")),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const { hostname, pathname } = new URL(options.url);
    return {
      driver: "postgres",
      db,
      pool,
      label: `PostgreSQL ${hostname}${pathname}`,
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? "memory://";
  const inMemory = dataDir.startsWith("memory://");
  const unlock = inMemory ? () => {} : lockDataDir(dataDir);
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, unaccent },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  const label = inMemory
    ? "PGlite (in memory)"
    : `PGlite ${path.relative(process.cwd(), dataDir) || dataDir}`;
  return {
    driver: "pglite",
    db,
    client,
    label,
    async close() {
      await client.close();
      unlock();
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite is one process's database: a second process opening the same directory would corrupt it.
 * A lock file with the owner's pid refuses that with a clear message instead.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "shop.lock");
  if (existsSync(file)) {
    const owner = Number(readFileSync(file, "utf8"));
    if (owner !== process.pid && isRunning(owner)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by process ${owner} (the running shop?). Stop it first, or use DATABASE_URL.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

let current: Connection | undefined;

/** Installs the process-wide connection (server start-up, scripts, tests). */
export function installConnection(connection: Connection): void {
  current = connection;
}

export function connection(): Connection {
  if (!current) throw new Error("The database is not connected yet: call installConnection() at start-up.");
  return current;
}

/** The process-wide Drizzle handle. */
export function db(): Database {
  return connection().db;
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. Prefer the query builder. */
export async function selectRows<T>(on: Queryable, query: SQL): Promise<T[]> {
  const result = (await on.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
