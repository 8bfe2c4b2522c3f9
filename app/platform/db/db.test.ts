import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { connect } from "./db.server";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "shop-db-lock-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("embedded database directory", () => {
  it("refuses a second process while the owner runs, and takes over a stale lock", async () => {
    const lock = path.join(dataDir, "shop.lock");
    writeFileSync(lock, String(process.ppid));
    await expect(connect({ dataDir })).rejects.toThrow(/in use by process/);

    writeFileSync(lock, "2147483646");
    const connection = await connect({ dataDir });
    expect(connection.driver).toBe("pglite");
    await connection.close();
    expect(existsSync(lock)).toBe(false);
  });
});

describe("PostgreSQL out of reach (docs/reliability.md)", () => {
  it("fails a query within the connect timeout when the server accepts but never answers", async () => {
    // A link that swallows everything: the TCP connection opens, PostgreSQL's answer never comes.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const connection = await connect({
      url: `postgres://postgres@127.0.0.1:${port}/shop`,
      connectTimeoutMs: 300,
    });
    const started = Date.now();
    const failure = await connection.db.execute(sql`select 1`).then(
      () => null,
      (error: Error) => error,
    );
    expect(String((failure?.cause as Error | undefined)?.message ?? failure)).toMatch(/timeout/i);
    expect(Date.now() - started).toBeLessThan(3_000);
    await connection.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it.runIf(process.env.TEST_DB_DRIVER === "postgres")(
    "replaces a connection lost while idle instead of ending the process",
    async () => {
      const connection = await connect({ url: process.env.TEST_DATABASE_URL });
      if (connection.driver !== "postgres") throw new Error("expected PostgreSQL");
      // Without a listener, the pool's error event for the lost connection is thrown as an uncaught error.
      expect(connection.pool.listenerCount("error")).toBeGreaterThan(0);
      const { rows } = await connection.pool.query<{ pid: number }>("select pg_backend_pid() as pid");
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      await other.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
      await other.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const again = await connection.pool.query<{ pid: number }>("select pg_backend_pid() as pid");
      expect(again.rows[0]!.pid).not.toBe(rows[0]!.pid);
      await connection.close();
    },
  );

  it.runIf(process.env.TEST_DB_DRIVER === "postgres")(
    "fails a transaction whose connection is lost between two queries instead of ending the process",
    async () => {
      const connection = await connect({ url: process.env.TEST_DATABASE_URL });
      if (connection.driver !== "postgres") throw new Error("expected PostgreSQL");
      const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await other.connect();
      // The connection is checked out (the pool's idle listener is off it) while the transaction waits.
      const lost = connection.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select pg_backend_pid() as pid`);
        const pid = (result as unknown as { rows: { pid: number }[] }).rows[0]!.pid;
        await other.query("select pg_terminate_backend($1)", [pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      await expect(lost).rejects.toThrow();
      await other.end();
      const { rows } = await connection.pool.query<{ one: number }>("select 1 as one");
      expect(rows[0]!.one).toBe(1);
      await connection.close();
    },
  );
});
