import { randomUUID } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { products, productVariants } from "../catalog/tables.server";
import { writeSetting } from "../content/content.server";
import { user } from "../customers/auth-tables.server";
import {
  activeCartCounts,
  addToCart,
  type CartRef,
  cartSummary,
  checkoutCart,
  clearCart,
  mergeGuestCart,
  pruneGuestCarts,
  removeLine,
  setLineQuantity,
  viewCart,
} from "./cart.server";
import { cartLines, carts } from "./tables.server";

let connection: Connection;
/** Two sizes of one product and a size of another, with their stock reset before every test. */
let sizeA: { id: number; productId: number };
let sizeB: { id: number; productId: number };
let other: { id: number; productId: number };

const NOW = new Date("2026-06-01T10:00:00Z");

beforeAll(async () => {
  connection = await seededDatabase({ products: 12, seed: 7, now: NOW });
  const rows = await connection.db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.isActive, true), gt(productVariants.stock, -1)))
    .orderBy(productVariants.productId, productVariants.id);
  sizeA = rows[0]!;
  sizeB = rows.find((r) => r.productId === sizeA.productId && r.id !== sizeA.id)!;
  other = rows.find((r) => r.productId !== sizeA.productId)!;
}, 180_000);
afterAll(() => connection.close());

beforeEach(async () => {
  await connection.db.delete(carts);
  await connection.db.update(productVariants).set({ stock: 5 });
  await connection.db
    .update(products)
    .set({ isActive: true, appOnly: false, onlineFrom: null })
    .where(eq(products.id, sizeA.productId));
});

const guest = (): CartRef => ({ token: newGuestToken() });

async function newCustomer(): Promise<string> {
  const id = randomUUID();
  await connection.db.insert(user).values({
    id,
    name: "Anna de Vries",
    email: `${id}@example.nl`,
    firstName: "Anna",
    lastName: "de Vries",
  });
  return id;
}

const setStock = (variantId: number, stock: number) =>
  connection.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));

describe("addToCart", () => {
  it("creates the guest's cart on the first add and adds up the same size", async () => {
    const ref = guest();
    expect(await checkoutCart(connection.db, ref, "en", "web")).toBeNull();
    const first = await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 1 }, "web");
    expect(first).toMatchObject({ ok: true, quantity: 1 });
    const second = await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 2 }, "web");
    expect(second).toMatchObject({ ok: true, quantity: 3 });
    const cart = await checkoutCart(connection.db, ref, "nl", "web");
    expect(cart!.lines).toHaveLength(1);
    expect(cart!.lines[0]).toMatchObject({ variantId: sizeA.id, productId: sizeA.productId, quantity: 3 });
    expect(cart!.lines[0]!.problem).toBeNull();
    expect(cart!.lines[0]!.name).not.toBe("");
    expect(cart!.lines[0]!.imageUrl).toMatch(/^\/media\//);
  });

  it("refuses more than the stock with 'Not enough stock' and changes nothing", async () => {
    const ref = guest();
    await setStock(sizeA.id, 2);
    await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 2 }, "web");
    const refused = await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 1 }, "web");
    expect(refused).toMatchObject({
      ok: false,
      messageKey: "cart:errors.notEnoughStock",
      values: { count: 2 },
    });
    const cart = await checkoutCart(connection.db, ref, "en", "web");
    expect(cart!.lines.map((l) => l.quantity)).toEqual([2]);
  });

  it("keeps a line at 20 at most", async () => {
    const ref = guest();
    await setStock(sizeA.id, 50);
    await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 20 }, "web");
    expect(await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 1 }, "web")).toMatchObject({
      ok: false,
      messageKey: "cart:errors.quantity",
    });
  });

  it("refuses a sold-out size, an unknown size and an inactive product, without creating a cart", async () => {
    const ref = guest();
    await setStock(sizeA.id, 0);
    expect(await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 1 }, "web")).toMatchObject({
      ok: false,
      messageKey: "cart:errors.soldOut",
    });
    expect(await addToCart(connection.db, ref, { variantId: 999_999, quantity: 1 }, "web")).toMatchObject({
      ok: false,
      messageKey: "cart:errors.sizeRequired",
    });
    await connection.db.update(products).set({ isActive: false }).where(eq(products.id, sizeA.productId));
    expect(await addToCart(connection.db, ref, { variantId: sizeB.id, quantity: 1 }, "web")).toMatchObject({
      ok: false,
      messageKey: "cart:errors.noLongerAvailable",
    });
    expect(await connection.db.select().from(carts)).toHaveLength(0);
  });

  it("refuses an app-only product on the web and takes it in the app", async () => {
    await connection.db.update(products).set({ appOnly: true }).where(eq(products.id, sizeA.productId));
    const ref = guest();
    expect(await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 1 }, "web")).toMatchObject({
      ok: false,
      messageKey: "cart:errors.appOnly",
    });
    expect(await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 1 }, "app")).toMatchObject({
      ok: true,
    });
    // The same line cannot be checked out on the web.
    const web = await checkoutCart(connection.db, ref, "en", "web");
    expect(web!.lines[0]!.problem).toBe("app-only");
    const app = await checkoutCart(connection.db, ref, "en", "app");
    expect(app!.lines[0]!.problem).toBeNull();
  });

  it("lets concurrent adds to one bag pass the stock check one at a time", async () => {
    const ref = guest();
    await setStock(sizeA.id, 3);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 1 }, "web"),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(
      results.filter((r) => !r.ok).every((r) => !r.ok && r.messageKey === "cart:errors.notEnoughStock"),
    ).toBe(true);
    const cart = await checkoutCart(connection.db, ref, "en", "web");
    expect(cart!.lines.map((l) => l.quantity)).toEqual([3]);
  });

  it("never reserves stock", async () => {
    await addToCart(connection.db, guest(), { variantId: sizeA.id, quantity: 3 }, "web");
    const [row] = await connection.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, sizeA.id));
    expect(row!.stock).toBe(5);
  });
});

describe("line problems", () => {
  it("flags a line whose size sold out, or whose product was deactivated, and leaves it out of the subtotal", async () => {
    const ref = guest();
    await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 1 }, "web");
    await addToCart(connection.db, ref, { variantId: other.id, quantity: 2 }, "web");
    const before = await viewCart(connection.db, ref, "en", "web", NOW);
    expect(before.canCheckout).toBe(true);

    await setStock(sizeA.id, 0);
    let view = await viewCart(connection.db, ref, "en", "web", NOW);
    expect(view.lines.map((l) => l.problem)).toEqual(["sold-out", null]);
    expect(view.canCheckout).toBe(false);
    const otherLine = view.lines[1]!;
    expect(view.subtotalCents).toBe(otherLine.unitPriceCents * 2);
    expect(view.count).toBe(3);

    await setStock(sizeA.id, 5);
    await setStock(other.id, 1);
    view = await viewCart(connection.db, ref, "en", "web", NOW);
    expect(view.lines.map((l) => l.problem)).toEqual([null, "not-enough-stock"]);

    await connection.db.update(products).set({ isActive: false }).where(eq(products.id, sizeA.productId));
    view = await viewCart(connection.db, ref, "en", "web", NOW);
    expect(view.lines[0]!.problem).toBe("no-longer-available");
  });

  it("shows the free-shipping distance for the locale's country, from the setting", async () => {
    const ref = guest();
    await addToCart(connection.db, ref, { variantId: other.id, quantity: 1 }, "web");
    const nl = await viewCart(connection.db, ref, "nl", "web", NOW);
    expect(nl.country).toBe("NL");
    expect(nl.freeShipping.thresholdCents).toBe(5000);
    expect(nl.freeShipping.remainingCents).toBe(Math.max(0, 5000 - nl.subtotalCents));
    const fr = await viewCart(connection.db, ref, "fr", "web", NOW);
    expect(fr.freeShipping.thresholdCents).toBe(7500);
    await writeSetting("freeShippingThresholds", { NL: 4000, BE: 4000, FR: 6000, ES: 6000 });
    try {
      expect((await viewCart(connection.db, ref, "es", "web", NOW)).freeShipping.thresholdCents).toBe(6000);
    } finally {
      await writeSetting("freeShippingThresholds", { NL: 5000, BE: 5000, FR: 7500, ES: 7500 });
    }
  });

  it("is an empty bag without a cart", async () => {
    const view = await viewCart(connection.db, null, "en", "web", NOW);
    expect(view).toMatchObject({ lines: [], count: 0, subtotalCents: 0, canCheckout: false });
    expect(await cartSummary(connection.db, null)).toEqual({ count: 0, subtotalCents: 0 });
  });
});

describe("setLineQuantity and removeLine", () => {
  it("raises up to the stock, refuses beyond it, and always allows lowering", async () => {
    const ref = guest();
    const added = await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 1 }, "web");
    const lineId = added.ok ? added.lineId : 0;
    expect(await setLineQuantity(connection.db, ref, { lineId, quantity: 5 }, "web")).toMatchObject({
      ok: true,
      quantity: 5,
    });
    expect(await setLineQuantity(connection.db, ref, { lineId, quantity: 6 }, "web")).toMatchObject({
      ok: false,
      messageKey: "cart:errors.notEnoughStock",
    });
    await setStock(sizeA.id, 2);
    expect(await setLineQuantity(connection.db, ref, { lineId, quantity: 3 }, "web")).toMatchObject({
      ok: true,
      quantity: 3,
    });
    expect((await cartSummary(connection.db, ref)).count).toBe(3);
  });

  it("removes a line once; removing it again or another shopper's line could not remove from cart", async () => {
    const ref = guest();
    const added = await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 1 }, "web");
    const lineId = added.ok ? added.lineId : 0;
    const stranger = guest();
    await addToCart(connection.db, stranger, { variantId: other.id, quantity: 1 }, "web");
    expect(await removeLine(connection.db, stranger, lineId)).toEqual({
      ok: false,
      messageKey: "cart:errors.removeFailed",
    });
    expect(await setLineQuantity(connection.db, stranger, { lineId, quantity: 2 }, "web")).toMatchObject({
      ok: false,
    });
    expect(await removeLine(connection.db, ref, lineId)).toEqual({ ok: true });
    expect(await removeLine(connection.db, ref, lineId)).toEqual({
      ok: false,
      messageKey: "cart:errors.removeFailed",
    });
    expect((await checkoutCart(connection.db, ref, "en", "web"))!.lines).toEqual([]);
  });

  it("clearCart empties the cart but keeps it", async () => {
    const ref = guest();
    const added = await addToCart(connection.db, ref, { variantId: sizeA.id, quantity: 2 }, "web");
    await clearCart(connection.db, added.ok ? added.cartId : 0);
    const cart = await checkoutCart(connection.db, ref, "en", "web");
    expect(cart!.lines).toEqual([]);
  });
});

describe("customers", () => {
  it("keeps one cart per customer", async () => {
    const userId = await newCustomer();
    await addToCart(connection.db, { userId }, { variantId: sizeA.id, quantity: 1 }, "web");
    await addToCart(connection.db, { userId }, { variantId: other.id, quantity: 1 }, "web");
    expect(await connection.db.select().from(carts).where(eq(carts.userId, userId))).toHaveLength(1);
    expect(await cartSummary(connection.db, { userId })).toMatchObject({ count: 2 });
  });

  it("merges a guest cart at sign-in: sizes add up, capped by the stock, and the guest cart goes", async () => {
    const userId = await newCustomer();
    await addToCart(connection.db, { userId }, { variantId: sizeA.id, quantity: 2 }, "web");
    const { token } = guest() as { token: string };
    await addToCart(connection.db, { token }, { variantId: sizeA.id, quantity: 2 }, "web");
    await addToCart(connection.db, { token }, { variantId: sizeB.id, quantity: 3 }, "web");
    await addToCart(connection.db, { token }, { variantId: other.id, quantity: 1 }, "web");
    await setStock(sizeA.id, 3);
    await setStock(sizeB.id, 1);
    await setStock(other.id, 0);

    expect(await mergeGuestCart(connection.db, token, userId)).toBe(2);
    const cart = await checkoutCart(connection.db, { userId }, "en", "web");
    const quantities = Object.fromEntries(cart!.lines.map((l) => [l.variantId, l.quantity]));
    expect(quantities).toEqual({ [sizeA.id]: 3, [sizeB.id]: 1 });
    expect(await checkoutCart(connection.db, { token }, "en", "web")).toBeNull();
    expect(await mergeGuestCart(connection.db, token, userId)).toBe(0);
  });

  it("never lowers a line the customer had, even above the stock", async () => {
    const userId = await newCustomer();
    await addToCart(connection.db, { userId }, { variantId: sizeA.id, quantity: 4 }, "web");
    const { token } = guest() as { token: string };
    await addToCart(connection.db, { token }, { variantId: sizeA.id, quantity: 1 }, "web");
    await setStock(sizeA.id, 2);
    await mergeGuestCart(connection.db, token, userId);
    const cart = await checkoutCart(connection.db, { userId }, "en", "web");
    expect(cart!.lines.map((l) => [l.quantity, l.problem])).toEqual([[4, "not-enough-stock"]]);
  });
});

describe("activeCartCounts and pruning", () => {
  it("counts distinct carts per product among carts changed in the last 72 hours", async () => {
    const one = guest();
    await addToCart(connection.db, one, { variantId: sizeA.id, quantity: 1 }, "web");
    await addToCart(connection.db, one, { variantId: sizeB.id, quantity: 1 }, "web");
    const two = guest();
    await addToCart(connection.db, two, { variantId: sizeA.id, quantity: 1 }, "web");
    const stale = guest();
    await addToCart(connection.db, stale, { variantId: other.id, quantity: 1 }, "web");
    await connection.db
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - 73 * 3_600_000) })
      .where(eq(carts.token, (stale as { token: string }).token));

    const counts = await activeCartCounts(connection.db);
    expect(counts.get(sizeA.productId)).toBe(2);
    expect(counts.has(other.productId)).toBe(false);
  });

  it("prunes guest carts untouched for 30 days, never a customer's", async () => {
    const old = guest();
    await addToCart(connection.db, old, { variantId: sizeA.id, quantity: 1 }, "web");
    const userId = await newCustomer();
    await addToCart(connection.db, { userId }, { variantId: sizeA.id, quantity: 1 }, "web");
    await connection.db.update(carts).set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) });
    expect(await pruneGuestCarts(connection.db)).toBe(1);
    expect(await connection.db.select({ id: carts.id }).from(carts)).toHaveLength(1);
    expect(await connection.db.select({ id: cartLines.id }).from(cartLines)).toHaveLength(1);
  });
});
