import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { newProduct } from "../../../tests/support/factories";
import type { Connection } from "../../platform/db/db.server";
import type { ProductEvent } from "./product-events";
import { EventRecorder, writeEvents } from "./product-events.server";
import { productEventCounts } from "./tables.server";

const NOW = new Date("2026-11-20T12:30:00Z");

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

const makeProduct = async () => (await newProduct()).id;

async function counters(productId: number) {
  return connection.db
    .select({
      hour: productEventCounts.hour,
      views: productEventCounts.views,
      cartAdds: productEventCounts.cartAdds,
      unitsSold: productEventCounts.unitsSold,
      wishlistAdds: productEventCounts.wishlistAdds,
    })
    .from(productEventCounts)
    .where(eq(productEventCounts.productId, productId))
    .orderBy(asc(productEventCounts.hour));
}

describe("recording events", () => {
  it("writes many events as one flush, counted per UTC hour across an hour boundary", async () => {
    const product = await makeProduct();
    const other = await makeProduct();
    let clock = new Date("2026-11-20T13:59:59.900Z");
    const writes: number[] = [];
    const recorder = new EventRecorder({
      flushEveryMs: 60_000,
      maxEvents: 10_000,
      now: () => clock,
      write: async (events) => {
        writes.push(events.length);
        await writeEvents(events);
      },
    });
    for (let i = 0; i < 120; i++) recorder.record(product, "view");
    recorder.record(product, "purchase", 3);
    recorder.record(product, "cart-add", 1);
    recorder.record(other, "wishlist-add");
    clock = new Date("2026-11-20T14:00:00.000Z");
    for (let i = 0; i < 80; i++) recorder.record(product, "view");
    recorder.record(product, "cart-add", 2);
    recorder.record(product, "purchase", 2);
    expect(writes).toEqual([]);
    expect(recorder.pending).toBe(206);

    await recorder.flush();
    expect(writes).toEqual([206]);
    expect(recorder.pending).toBe(0);
    expect(await counters(product)).toEqual([
      { hour: new Date("2026-11-20T13:00:00Z"), views: 120, cartAdds: 1, unitsSold: 3, wishlistAdds: 0 },
      { hour: new Date("2026-11-20T14:00:00Z"), views: 80, cartAdds: 2, unitsSold: 2, wishlistAdds: 0 },
    ]);
    expect(await counters(other)).toEqual([
      { hour: new Date("2026-11-20T13:00:00Z"), views: 0, cartAdds: 0, unitsSold: 0, wishlistAdds: 1 },
    ]);

    // A second flush adds to the same hour's row.
    for (let i = 0; i < 5; i++) recorder.record(product, "view");
    await recorder.flush();
    expect((await counters(product))[1]?.views).toBe(85);
  });

  it("flushes by itself once the batch size is reached", async () => {
    const product = await makeProduct();
    const writes: ProductEvent[][] = [];
    const recorder = new EventRecorder({
      flushEveryMs: 60_000,
      maxEvents: 10,
      now: () => NOW,
      write: async (events) => {
        writes.push([...events]);
        await writeEvents(events);
      },
    });
    for (let i = 0; i < 10; i++) recorder.record(product, "view");
    await recorder.flush(); // waits for the flush the tenth event started
    expect(writes.map((w) => w.length)).toEqual([10]);
    expect((await counters(product))[0]?.views).toBe(10);
  });

  it("never throws into the caller, and drops rows of unknown products without losing the rest", async () => {
    const product = await makeProduct();
    const failing = new EventRecorder({
      now: () => NOW,
      write: async () => {
        throw new Error("database down");
      },
    });
    expect(() => failing.record(product, "view")).not.toThrow();
    expect(() => failing.record(Number.NaN, "view")).not.toThrow();
    expect(() => failing.record(product, "bogus" as never)).not.toThrow();
    await expect(failing.flush()).resolves.toBeUndefined();
    expect(failing.pending).toBe(1); // kept for one retry

    await writeEvents([
      { productId: 999_999, kind: "view", at: NOW },
      { productId: product, kind: "view", at: NOW },
    ]);
    expect((await counters(product))[0]?.views).toBe(1);
  });
});
