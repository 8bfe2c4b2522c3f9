import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { newCustomer } from "../../../tests/support/factories";
import { accepted } from "../../../tests/support/refusal";
import type { Connection } from "../../platform/db/db.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { isRefusal, refuse } from "../../platform/refusal";
import { products, productVariants } from "../catalog/tables.server";
import { writeSetting } from "../content/content.server";
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
import { addGiftCardToCart } from "./gift-cards.server";
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
const physicalCard = {
  kind: "physical" as const,
  amountCents: 2500,
  toName: "Anna",
  fromName: "Bram",
  message: "",
  recipientEmail: null,
  dispatchDate: null,
};

const setStock = (variantId: number, stock: number) =>
  connection.db.update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));

describe("addToCart", () => {
  it("creates the guest's cart on the first add and adds up the same size", async () => {
    const ref = guest();
    expect(await checkoutCart(ref, "en", "web")).toBeNull();
    const first = await addToCart(ref, { variantId: sizeA.id, quantity: 1 }, "web");
    expect(first).toMatchObject({ quantity: 1 });
    const second = await addToCart(ref, { variantId: sizeA.id, quantity: 2 }, "web");
    expect(second).toMatchObject({ quantity: 3 });
    const cart = await checkoutCart(ref, "nl", "web");
    expect(cart!.lines).toHaveLength(1);
    expect(cart!.lines[0]).toMatchObject({ variantId: sizeA.id, productId: sizeA.productId, quantity: 3 });
    expect(cart!.lines[0]!.problem).toBeNull();
    expect(cart!.lines[0]!.name).not.toBe("");
    expect(cart!.lines[0]!.imageUrl).toMatch(/^\/media\//);
  });

  it("refuses more than the stock with 'Not enough stock' and changes nothing", async () => {
    const ref = guest();
    await setStock(sizeA.id, 2);
    await addToCart(ref, { variantId: sizeA.id, quantity: 2 }, "web");
    const refused = await addToCart(ref, { variantId: sizeA.id, quantity: 1 }, "web");
    expect(refused).toMatchObject({
      kind: "conflict",
      messageKey: "cart:errors.notEnoughStock",
      values: { count: 2 },
    });
    const cart = await checkoutCart(ref, "en", "web");
    expect(cart!.lines.map((l) => l.quantity)).toEqual([2]);
  });

  it("keeps a line at 20 at most", async () => {
    const ref = guest();
    await setStock(sizeA.id, 50);
    await addToCart(ref, { variantId: sizeA.id, quantity: 20 }, "web");
    expect(await addToCart(ref, { variantId: sizeA.id, quantity: 1 }, "web")).toMatchObject({
      kind: "conflict",
      messageKey: "cart:errors.quantity",
    });
    // The add writes the total before checking it: the refusal must roll that back.
    const cart = await checkoutCart(ref, "en", "web");
    expect(cart!.lines.map((l) => l.quantity)).toEqual([20]);
  });

  it("refuses a sold-out size, an unknown size and an inactive product, without creating a cart", async () => {
    const ref = guest();
    await setStock(sizeA.id, 0);
    expect(await addToCart(ref, { variantId: sizeA.id, quantity: 1 }, "web")).toMatchObject({
      kind: "conflict",
      messageKey: "cart:errors.soldOut",
    });
    expect(await addToCart(ref, { variantId: 999_999, quantity: 1 }, "web")).toMatchObject({
      kind: "not-found",
      messageKey: "cart:errors.sizeRequired",
    });
    await connection.db.update(products).set({ isActive: false }).where(eq(products.id, sizeA.productId));
    expect(await addToCart(ref, { variantId: sizeB.id, quantity: 1 }, "web")).toMatchObject({
      kind: "conflict",
      messageKey: "cart:errors.noLongerAvailable",
    });
    expect(await connection.db.select().from(carts)).toHaveLength(0);
  });

  it("refuses an app-only product on the web and takes it in the app", async () => {
    await connection.db.update(products).set({ appOnly: true }).where(eq(products.id, sizeA.productId));
    const ref = guest();
    expect(await addToCart(ref, { variantId: sizeA.id, quantity: 1 }, "web")).toMatchObject({
      kind: "conflict",
      messageKey: "cart:errors.appOnly",
    });
    expect(isRefusal(await addToCart(ref, { variantId: sizeA.id, quantity: 1 }, "app"))).toBe(false);
    // The same line cannot be checked out on the web.
    const web = await checkoutCart(ref, "en", "web");
    expect(web!.lines[0]!.problem).toBe("app-only");
    const app = await checkoutCart(ref, "en", "app");
    expect(app!.lines[0]!.problem).toBeNull();
  });

  it("lets concurrent adds to one bag pass the stock check one at a time", async () => {
    const ref = guest();
    await setStock(sizeA.id, 3);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => addToCart(ref, { variantId: sizeA.id, quantity: 1 }, "web")),
    );
    expect(results.filter((r) => !isRefusal(r))).toHaveLength(3);
    expect(results.filter(isRefusal).every((r) => r.messageKey === "cart:errors.notEnoughStock")).toBe(true);
    const cart = await checkoutCart(ref, "en", "web");
    expect(cart!.lines.map((l) => l.quantity)).toEqual([3]);
  });

  it("never reserves stock", async () => {
    await addToCart(guest(), { variantId: sizeA.id, quantity: 3 }, "web");
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
    await addToCart(ref, { variantId: sizeA.id, quantity: 1 }, "web");
    await addToCart(ref, { variantId: other.id, quantity: 2 }, "web");
    const before = await viewCart(ref, "en", "web", { now: NOW });
    expect(before.canCheckout).toBe(true);

    await setStock(sizeA.id, 0);
    let view = await viewCart(ref, "en", "web", { now: NOW });
    expect(view.lines.map((l) => l.problem)).toEqual(["sold-out", null]);
    expect(view.canCheckout).toBe(false);
    const otherLine = view.lines[1]!;
    expect(view.subtotalCents).toBe(otherLine.unitPriceCents * 2);
    expect(view.count).toBe(3);

    await setStock(sizeA.id, 5);
    await setStock(other.id, 1);
    view = await viewCart(ref, "en", "web", { now: NOW });
    expect(view.lines.map((l) => l.problem)).toEqual([null, "not-enough-stock"]);

    await connection.db.update(products).set({ isActive: false }).where(eq(products.id, sizeA.productId));
    view = await viewCart(ref, "en", "web", { now: NOW });
    expect(view.lines[0]!.problem).toBe("no-longer-available");
  });

  it("shows the free-shipping distance for the locale's country, from the setting", async () => {
    const ref = guest();
    await addToCart(ref, { variantId: other.id, quantity: 1 }, "web");
    const nl = await viewCart(ref, "nl", "web", { now: NOW });
    expect(nl.country).toBe("NL");
    expect(nl.freeShipping.thresholdCents).toBe(5000);
    expect(nl.freeShipping.remainingCents).toBe(Math.max(0, 5000 - nl.subtotalCents));
    const fr = await viewCart(ref, "fr", "web", { now: NOW });
    expect(fr.freeShipping.thresholdCents).toBe(7500);
    await writeSetting("freeShippingThresholds", { NL: 4000, BE: 4000, FR: 6000, ES: 6000 });
    try {
      expect((await viewCart(ref, "es", "web", { now: NOW })).freeShipping.thresholdCents).toBe(6000);
    } finally {
      await writeSetting("freeShippingThresholds", { NL: 5000, BE: 5000, FR: 7500, ES: 7500 });
    }
  });

  it("is an empty bag without a cart", async () => {
    const view = await viewCart(null, "en", "web", { now: NOW });
    expect(view).toMatchObject({ lines: [], count: 0, subtotalCents: 0, canCheckout: false });
    expect(await cartSummary(null)).toEqual({ count: 0, subtotalCents: 0 });
  });
});

describe("setLineQuantity and removeLine", () => {
  it("raises up to the stock, refuses beyond it, and always allows lowering", async () => {
    const ref = guest();
    const added = await addToCart(ref, { variantId: sizeA.id, quantity: 1 }, "web");
    const { lineId } = accepted(added);
    expect(await setLineQuantity(ref, { lineId, quantity: 5 }, "web")).toMatchObject({ quantity: 5 });
    expect(await setLineQuantity(ref, { lineId, quantity: 6 }, "web")).toMatchObject({
      kind: "conflict",
      messageKey: "cart:errors.notEnoughStock",
    });
    await setStock(sizeA.id, 2);
    expect(await setLineQuantity(ref, { lineId, quantity: 3 }, "web")).toMatchObject({ quantity: 3 });
    expect((await cartSummary(ref)).count).toBe(3);
  });

  it("removes a line once; removing it again or another shopper's line could not remove from cart", async () => {
    const ref = guest();
    const added = await addToCart(ref, { variantId: sizeA.id, quantity: 1 }, "web");
    const { lineId } = accepted(added);
    const stranger = guest();
    await addToCart(stranger, { variantId: other.id, quantity: 1 }, "web");
    expect(await removeLine(stranger, lineId)).toEqual(refuse.notFound("cart:errors.removeFailed"));
    expect(await setLineQuantity(stranger, { lineId, quantity: 2 }, "web")).toMatchObject({
      kind: "not-found",
    });
    expect(await removeLine(ref, lineId)).toEqual({ lineId });
    expect(await removeLine(ref, lineId)).toEqual(refuse.notFound("cart:errors.removeFailed"));
    expect((await checkoutCart(ref, "en", "web"))!.lines).toEqual([]);
  });

  it("clearCart empties the cart but keeps it", async () => {
    const ref = guest();
    const added = await addToCart(ref, { variantId: sizeA.id, quantity: 2 }, "web");
    await clearCart(accepted(added).cartId);
    const cart = await checkoutCart(ref, "en", "web");
    expect(cart!.lines).toEqual([]);
  });
});

describe("customers", () => {
  it("keeps one cart per customer", async () => {
    const { id: userId } = await newCustomer();
    await addToCart({ userId }, { variantId: sizeA.id, quantity: 1 }, "web");
    await addToCart({ userId }, { variantId: other.id, quantity: 1 }, "web");
    expect(await connection.db.select().from(carts).where(eq(carts.userId, userId))).toHaveLength(1);
    expect(await cartSummary({ userId })).toMatchObject({ count: 2 });
  });

  it("merges a guest cart at sign-in: sizes add up, capped by the stock, and the guest cart goes", async () => {
    const { id: userId } = await newCustomer();
    await addToCart({ userId }, { variantId: sizeA.id, quantity: 2 }, "web");
    const { token } = guest() as { token: string };
    await addToCart({ token }, { variantId: sizeA.id, quantity: 2 }, "web");
    await addToCart({ token }, { variantId: sizeB.id, quantity: 3 }, "web");
    await addToCart({ token }, { variantId: other.id, quantity: 1 }, "web");
    await setStock(sizeA.id, 3);
    await setStock(sizeB.id, 1);
    await setStock(other.id, 0);

    expect(await mergeGuestCart(token, userId)).toBe(2);
    const cart = await checkoutCart({ userId }, "en", "web");
    const quantities = Object.fromEntries(cart!.lines.map((l) => [l.variantId, l.quantity]));
    expect(quantities).toEqual({ [sizeA.id]: 3, [sizeB.id]: 1 });
    expect(await checkoutCart({ token }, "en", "web")).toBeNull();
    expect(await mergeGuestCart(token, userId)).toBe(0);
  });

  it("moves the guest's gift cards into the customer's bag at sign-in, also with no other line", async () => {
    const { id: userId } = await newCustomer();
    const { token } = guest() as { token: string };
    accepted(await addGiftCardToCart({ token }, physicalCard));
    expect(await mergeGuestCart(token, userId)).toBe(1);
    const [mine] = await connection.db
      .select({ giftCards: carts.giftCards })
      .from(carts)
      .where(eq(carts.userId, userId));
    expect(mine!.giftCards).toMatchObject([{ kind: "physical", amountCents: 2500, toName: "Anna" }]);
    expect(await connection.db.select().from(carts).where(eq(carts.token, token))).toHaveLength(0);
  });

  it("never lowers a line the customer had, even above the stock", async () => {
    const { id: userId } = await newCustomer();
    await addToCart({ userId }, { variantId: sizeA.id, quantity: 4 }, "web");
    const { token } = guest() as { token: string };
    await addToCart({ token }, { variantId: sizeA.id, quantity: 1 }, "web");
    await setStock(sizeA.id, 2);
    await mergeGuestCart(token, userId);
    const cart = await checkoutCart({ userId }, "en", "web");
    expect(cart!.lines.map((l) => [l.quantity, l.problem])).toEqual([[4, "not-enough-stock"]]);
  });
});

describe("activeCartCounts and pruning", () => {
  it("counts distinct carts per product among carts changed in the last 72 hours", async () => {
    const one = guest();
    await addToCart(one, { variantId: sizeA.id, quantity: 1 }, "web");
    await addToCart(one, { variantId: sizeB.id, quantity: 1 }, "web");
    const two = guest();
    await addToCart(two, { variantId: sizeA.id, quantity: 1 }, "web");
    const stale = guest();
    await addToCart(stale, { variantId: other.id, quantity: 1 }, "web");
    await connection.db
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - 73 * 3_600_000) })
      .where(eq(carts.token, (stale as { token: string }).token));

    const counts = await activeCartCounts();
    expect(counts.get(sizeA.productId)).toBe(2);
    expect(counts.has(other.productId)).toBe(false);
  });

  it("counts a stale cart as active again once a size is added to it", async () => {
    const ref = guest();
    await addToCart(ref, { variantId: other.id, quantity: 1 }, "web");
    const stale = new Date(Date.now() - 73 * 3_600_000);
    await connection.db
      .update(carts)
      .set({ updatedAt: stale })
      .where(eq(carts.token, (ref as { token: string }).token));
    expect((await activeCartCounts()).has(other.productId)).toBe(false);
    await addToCart(ref, { variantId: other.id, quantity: 1 }, "web");
    expect((await activeCartCounts()).get(other.productId)).toBe(1);
  });

  it("prunes guest carts untouched for 30 days, never a customer's", async () => {
    const old = guest();
    await addToCart(old, { variantId: sizeA.id, quantity: 1 }, "web");
    const { id: userId } = await newCustomer();
    await addToCart({ userId }, { variantId: sizeA.id, quantity: 1 }, "web");
    await connection.db.update(carts).set({ updatedAt: new Date(Date.now() - 31 * 86_400_000) });
    expect(await pruneGuestCarts()).toBe(1);
    expect(await connection.db.select({ id: carts.id }).from(carts)).toHaveLength(1);
    expect(await connection.db.select({ id: cartLines.id }).from(cartLines)).toHaveLength(1);
  });
});
