// Serves the built shop for the Playwright journeys on a fresh database: a new PostgreSQL database
// when TEST_DATABASE_URL is set (CI), a new PGlite directory otherwise. Removed again on exit.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

// The journeys read the e-mails the shop writes, so the Playwright config names the directory.
const dataDir = process.env.E2E_DATA_DIR || mkdtempSync(path.join(os.tmpdir(), "shop-e2e-"));
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.BASE_URL ??= `http://127.0.0.1:${process.env.PORT}`;

let cleanup = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const name = `shop_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  cleanup = async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

// The server runs as a child so that its own graceful shutdown finishes before the database is dropped.
const root = path.resolve(import.meta.dirname, "..");
const server = spawn(process.execPath, ["build/server/index.js"], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.kill("SIGTERM"));
server.once("exit", async (code) => {
  await cleanup().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
