import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { isRefusal } from "../../platform/refusal";
import { carts } from "../cart/tables.server";
import {
  applyDiscountCode,
  cartDiscountCode,
  checkDiscountCode,
  createDiscountCode,
  discountCodeUsage,
  redeemDiscountCode,
  releaseDiscountRedemption,
  seedDemoDiscountCodes,
} from "./promotions.server";
import { cartDiscountCodes, discountCodes, discountRedemptions } from "./tables.server";

const dress = { productId: 1, unitPriceCents: 4_000, quantity: 1 };
const now = new Date("2026-06-01T10:00:00Z");

describe("discount codes in the database", () => {
  let connection: Connection;
  beforeAll(async () => {
    connection = await freshDatabase();
    await seedDemoDiscountCodes(connection.db);
    await createDiscountCode({
      code: "five left",
      kind: "fixed",
      amountCents: 500,
      usageLimit: 5,
    });
    await createDiscountCode({
      code: "ONCE",
      kind: "percentage",
      percent: 20,
      perCustomerLimit: 1,
    });
  });
  afterAll(() => connection.close());
  beforeEach(async () => {
    await connection.db.delete(discountRedemptions);
    await connection.db.delete(cartDiscountCodes);
    await connection.db.update(discountCodes).set({ timesUsed: 0 });
  });

  it("seeds the demo codes, idempotently", async () => {
    await seedDemoDiscountCodes(connection.db);
    const codes = await connection.db.select({ code: discountCodes.code }).from(discountCodes);
    expect(codes.map((c) => c.code)).toEqual(expect.arrayContaining(["WELCOME15", "FREESHIP", "TIENEURO"]));
    expect(codes.filter((c) => c.code === "WELCOME15")).toHaveLength(1);
  });

  it("finds codes whatever their case and spaces", async () => {
    expect(await checkDiscountCode(" welcome 15 ", { lines: [dress], now })).toMatchObject({
      code: "WELCOME15",
      rule: { kind: "percentage", percent: 15 },
    });
  });

  it("keeps one active code per cart: a second replaces the first, a refused one changes nothing", async () => {
    const lines = [{ ...dress, unitPriceCents: 7_000 }];
    await connection.db
      .insert(carts)
      .values([
        { id: 41, token: "cart-41" },
        { id: 42, token: "cart-42" },
      ])
      .onConflictDoNothing();
    expect(await applyDiscountCode(41, "WELCOME15", { lines, now })).toMatchObject({
      code: "WELCOME15",
      replaced: null,
    });
    expect(await applyDiscountCode(41, "tieneuro", { lines, now })).toMatchObject({
      code: "TIENEURO",
      replaced: "WELCOME15",
    });
    expect(await applyDiscountCode(41, "NOPE", { lines, now })).toMatchObject({
      kind: "invalid",
      messageKey: "checkout:discount.unknown",
      field: "code",
    });
    expect(await cartDiscountCode(41)).toBe("TIENEURO");
    expect(await cartDiscountCode(42)).toBeNull();
  });

  const redeem = (code: string, orderNumber: string, email: string) =>
    transaction(async (tx) => {
      const result = await redeemDiscountCode(
        { code, orderNumber, email, amountCents: 500, lines: [dress], firstOrder: true, now },
        { tx },
      );
      // The order's transaction rolls back on a refusal; so does this one.
      if (isRefusal(result)) throw new Error(result.messageKey);
      return result;
    }).then(
      () => "ok",
      (error: Error) => error.message,
    );

  it("never lets more orders use a code than its limit, also when they come at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        redeem("FIVE LEFT", String(100_000_000 + i), `buyer${i}@example.nl`),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(5);
    expect(results.filter((r) => r === "checkout:discount.usedUp")).toHaveLength(15);
    expect(await discountCodeUsage("FIVELEFT")).toEqual({ timesUsed: 5, usageLimit: 5 });
    expect(await connection.db.select().from(discountRedemptions)).toHaveLength(5);
  });

  it("lets one customer use a once-per-customer code once, also when they order twice at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => redeem("ONCE", String(200_000_000 + i), "Anna@Example.nl")),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "checkout:discount.alreadyUsed")).toHaveLength(9);
    expect(await discountCodeUsage("ONCE")).toMatchObject({ timesUsed: 1 });
    expect(await redeem("ONCE", "300000001", "someone@else.nl")).toBe("ok");
  });

  it("gives a canceled order's use back, once", async () => {
    expect(await redeem("FIVELEFT", "400000001", "a@example.nl")).toBe("ok");
    await releaseDiscountRedemption("400000001");
    await transaction((tx) => releaseDiscountRedemption("400000001", { tx }));
    expect(await discountCodeUsage("FIVELEFT")).toMatchObject({ timesUsed: 0 });
    const [row] = await connection.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.orderNumber, "400000001"));
    expect(row?.releasedAt).not.toBeNull();
    // A released use no longer counts for the customer either.
    expect(await redeem("ONCE", "400000002", "a@example.nl")).toBe("ok");
  });
});
