import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { onServer, serverUrl, TEMPLATE_DATABASE, testDriver } from "../../../tests/support/database";

const dataDir = await mkdtemp(path.join(os.tmpdir(), "product-events-shutdown-"));
let databaseUrl: string | undefined;
if (testDriver === "postgres") {
  const name = `${process.env.TEST_DATABASE_PREFIX ?? "shop_test"}_stop_${randomBytes(4).toString("hex")}`;
  await onServer((client) => client.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
  databaseUrl = serverUrl(name);
}
// The platform reads its environment once: set it before anything imports it.
process.env.DATA_DIR = dataDir;
process.env.JOBS = "off";
if (databaseUrl) process.env.DATABASE_URL = databaseUrl;

afterAll(() => rm(dataDir, { recursive: true, force: true }));

it("writes the buffered events when the platform stops, before the database closes", async () => {
  const { startPlatform } = await import("../../platform/start.server");
  const { connect } = await import("../../platform/db/db.server");
  const { eventRecorder, flushProductEvents, recordProductEvent } = await import("./product-events.server");
  const { productEventCounts, products } = await import("./tables.server");

  const platform = await startPlatform({ jobs: [], beforeStop: [flushProductEvents] });
  const [row] = await platform.connection.db
    .insert(products)
    .values({ styleCode: "STOP", brand: "Test", colour: "black", colourHex: "#000", priceCents: 100 })
    .returning({ id: products.id });
  recordProductEvent(row!.id, "view", 3);
  recordProductEvent(row!.id, "purchase", 2);
  expect(eventRecorder.pending).toBe(4);
  await platform.stop();
  expect(eventRecorder.pending).toBe(0);

  const reopened = await connect(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, "db") });
  try {
    const counts = await reopened.db
      .select({ views: productEventCounts.views, unitsSold: productEventCounts.unitsSold })
      .from(productEventCounts);
    expect(counts).toEqual([{ views: 3, unitsSold: 2 }]);
  } finally {
    await reopened.close();
  }
}, 120_000); // a whole platform start: migrations on a new database
