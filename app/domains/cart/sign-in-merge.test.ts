import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { auth } from "../../platform/auth/auth.server";
import type { Connection } from "../../platform/db/db.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { products, productVariants } from "../catalog/tables.server";
import { createAccount } from "../customers/customers.server";
import { addToWishlist, WISHLIST_COOKIE, wishlistProductIds } from "../wishlist/wishlist.server";
import { addToCart, CART_COOKIE, checkoutCart } from "./cart.server";

let connection: Connection;

beforeAll(async () => {
  connection = await seededDatabase({ products: 8, seed: 9, now: new Date("2026-06-01T10:00:00Z") });
}, 180_000);
afterAll(() => connection.close());

describe("signing in through better-auth", () => {
  it("moves the guest's cart (capped by stock) and wishlist into the account and drops both cookies", async () => {
    const [variant] = await connection.db
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(products.isActive, true), gt(productVariants.stock, 0)))
      .limit(1);
    await connection.db.update(productVariants).set({ stock: 4 }).where(eq(productVariants.id, variant!.id));
    const { id: userId } = await createAccount({
      email: "merge@example.nl",
      password: "correct horse battery",
      firstName: "Merel",
      lastName: "Jansen",
      locale: "nl",
    });
    await addToCart({ userId }, { variantId: variant!.id, quantity: 3 }, "web");
    const cartToken = newGuestToken();
    const wishlistToken = newGuestToken();
    await addToCart({ token: cartToken }, { variantId: variant!.id, quantity: 3 }, "web");
    await addToWishlist({ token: wishlistToken }, variant!.productId);

    const { headers } = await auth.api.signInEmail({
      body: { email: "merge@example.nl", password: "correct horse battery" },
      headers: new Headers({ cookie: `${CART_COOKIE}=${cartToken}; ${WISHLIST_COOKIE}=${wishlistToken}` }),
      returnHeaders: true,
    });

    const cart = await checkoutCart({ userId }, "en", "web");
    expect(cart!.lines.map((l) => l.quantity)).toEqual([4]);
    expect(await checkoutCart({ token: cartToken }, "en", "web")).toBeNull();
    expect(await wishlistProductIds({ userId })).toEqual([variant!.productId]);
    const dropped = headers.getSetCookie().filter((c) => /Max-Age=0/i.test(c));
    expect(dropped.map((c) => c.split("=")[0]).sort()).toEqual([CART_COOKIE, WISHLIST_COOKIE].sort());
  });

  it("signs in as usual without guest cookies", async () => {
    await createAccount({
      email: "plain@example.nl",
      password: "correct horse battery",
      firstName: "Pim",
      lastName: "Bakker",
      locale: "nl",
    });
    const { headers } = await auth.api.signInEmail({
      body: { email: "plain@example.nl", password: "correct horse battery" },
      returnHeaders: true,
    });
    expect(headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(true);
    expect(headers.getSetCookie().some((c) => c.startsWith(CART_COOKIE))).toBe(false);
  });
});
