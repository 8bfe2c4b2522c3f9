import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
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
