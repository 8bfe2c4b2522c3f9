import path from "node:path";
import { type Connection, connect, installConnection } from "../app/platform/db/db.server";
import { env } from "../app/platform/env.server";

/** Opens the same database the server uses (DATABASE_URL, else PGlite in DATA_DIR) for a command. */
export async function openDatabase(): Promise<Connection> {
  const config = env();
  const connection = await connect({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, "db") });
  installConnection(connection);
  return connection;
}

/** Runs a command with the database open and closes it afterwards, whatever happens. */
export async function runCommand(work: (connection: Connection) => Promise<void>): Promise<void> {
  const connection = await openDatabase();
  try {
    await work(connection);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await connection.close();
  }
}
