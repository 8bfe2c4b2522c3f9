import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type Connection, connect, installConnection } from "../../app/platform/db/db.server";

/** `postgres` when the suite runs against TEST_DATABASE_URL (CI), else the embedded PGlite. */
export const testDriver = process.env.TEST_DB_DRIVER === "postgres" ? "postgres" : "pglite";

/** Every database of a run starts with this; set TEST_DATABASE_PREFIX to run two checkouts side by side. */
export const DATABASE_PREFIX = process.env.TEST_DATABASE_PREFIX ?? "shop_test";
export const TEMPLATE_DATABASE = `${DATABASE_PREFIX}_template`;

export function serverUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs SQL on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A clean, migrated database for one test file, installed as the process-wide connection.
 * PostgreSQL: a copy of the template migrated once per run; PGlite: an in-memory database loaded from the
 * dump of one migrated once per run (initdb and the migrations cost ~5 s per database; loading, ~0.6 s).
 */
export async function freshDatabase(): Promise<Connection> {
  let connection: Connection;
  if (testDriver === "postgres") {
    const name = `${DATABASE_PREFIX}_${process.pid}_${randomBytes(4).toString("hex")}`;
    await onServer((client) => client.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
    connection = await connect({ url: serverUrl(name), poolSize: 20 });
  } else {
    connection = await connect({ dataDir: "memory://", loadDataDir: await pgliteTemplate() });
  }
  installConnection(connection);
  return connection;
}

let template: Promise<Blob> | undefined;

/** The migrated PGlite data directory global-setup dumped for this run, read once per test file. */
function pgliteTemplate(): Promise<Blob> {
  template ??= readFile(inject("pgliteTemplate")).then((bytes) => new Blob([bytes]));
  return template;
}

/**
 * A fresh database with the demo catalogue seeded (`products` products from `seed`, dated from `now`).
 * Photos are drawn once per machine into a shared folder: later runs find them on disk.
 */
export async function seededDatabase(options: { products: number; seed: number; now?: Date }) {
  const { seedCatalogue } = await import("../../app/seed/seed.server");
  const connection = await freshDatabase();
  const seeded = await seedCatalogue(connection.db, {
    mediaDir: path.join(os.tmpdir(), "shop-test-media"),
    ...options,
  });
  await seeded.images;
  return connection;
}
