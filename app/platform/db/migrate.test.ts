import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { onServer, serverUrl } from "../../../tests/support/database";
import { type Connection, connect, selectRows } from "./db.server";
import { migrationStatus, runMigrations } from "./migrate.server";

const targets: { name: string; open: () => Promise<Connection> }[] = [
  { name: "PGlite", open: () => connect({ dataDir: "memory://" }) },
];
const created: string[] = [];
if (process.env.TEST_DATABASE_URL) {
  targets.push({
    name: "PostgreSQL",
    async open() {
      const name = `${process.env.TEST_DATABASE_PREFIX ?? "shop_test"}_migrate_${randomBytes(4).toString("hex")}`;
      await onServer((client) => client.query(`create database ${name}`));
      created.push(name);
      return connect({ url: serverUrl(name) });
    },
  });
}

afterAll(async () => {
  for (const name of created)
    await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
});

describe.each(targets)("migrations on $name", ({ open }) => {
  it("apply to an empty database, are current afterwards and can run again", async () => {
    const connection = await open();
    try {
      expect((await migrationStatus(connection).catch(() => ({ current: false }))).current).toBe(false);
      await runMigrations(connection);
      await runMigrations(connection);
      expect((await migrationStatus(connection)).current).toBe(true);

      const tables = await selectRows<{ table_name: string }>(
        connection.db,
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
      expect(tables.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(["products", "product_variants", "categories", "outbox_messages"]),
      );

      const [extensions] = await selectRows<{ similar: number; folded: string }>(
        connection.db,
        sql`select similarity('jurk', 'jurken') as similar, unaccent('Crème brûlée') as folded`,
      );
      expect(extensions?.folded).toBe("Creme brulee");
      expect(Number(extensions?.similar)).toBeGreaterThan(0.3);
    } finally {
      await connection.close();
    }
  });
});
