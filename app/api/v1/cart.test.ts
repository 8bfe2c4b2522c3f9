import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { products, productVariants } from "../../domains/catalog/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = createApi();
let size: { id: number; productId: number };
let appOnly: { id: number; productId: number };

beforeAll(async () => {
  connection = await seededDatabase({ products: 10, seed: 4, now: new Date("2026-06-01T10:00:00Z") });
  const rows = await connection.db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(products.isActive, true), gt(productVariants.stock, 0)))
    .orderBy(productVariants.id);
  size = rows[0]!;
  appOnly = rows.find((r) => r.productId !== size.productId)!;
  await connection.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, size.id));
  await connection.db
    .update(products)
    .set({ appOnly: true, onlineFrom: null })
    .where(eq(products.id, appOnly.productId));
}, 180_000);
afterAll(() => connection.close());

function call(path: string, init: { method?: string; body?: unknown; cookie?: string; app?: boolean } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.app) headers["x-shop-channel"] = "app";
  return api.request(path, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];

interface CartBody {
  lines: { lineId: number; quantity: number; problem: string | null; problemMessage: string | null }[];
  count: number;
  subtotalCents: number;
  canCheckout: boolean;
  freeShipping: { thresholdCents: number };
}

describe("cart API", () => {
  it("gives a guest a bag on the first add (httpOnly cookie) and keeps it across requests", async () => {
    const empty = await call("/v1/cart?locale=nl");
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as CartBody).lines).toEqual([]);
    expect(empty.headers.get("cache-control")).toBe("private, no-store");

    const added = await call("/v1/cart/lines", {
      method: "POST",
      body: { variantId: size.id, locale: "nl" },
    });
    expect(added.status).toBe(201);
    const setCookie = added.headers.getSetCookie().find((c) => c.startsWith("shop_cart="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=2592000/);
    const cookie = cookieOf(added, "shop_cart")!;

    const body = (await (await call("/v1/cart?locale=nl", { cookie })).json()) as CartBody;
    expect(body.lines).toHaveLength(1);
    expect(body).toMatchObject({ count: 1, canCheckout: true });
    expect(body.freeShipping.thresholdCents).toBe(5000);
  });

  it("refuses beyond the stock with the spec's message in the Api error shape", async () => {
    const first = await call("/v1/cart/lines", { method: "POST", body: { variantId: size.id, quantity: 3 } });
    const cookie = cookieOf(first, "shop_cart")!;
    const refused = await call("/v1/cart/lines", {
      method: "POST",
      body: { variantId: size.id, quantity: 1, locale: "fr" },
      cookie,
    });
    expect(refused.status).toBe(409);
    const error = (await refused.json()) as Record<string, unknown>;
    expect(error).toMatchObject({ messageTranslationKey: "cart:errors.notEnoughStock", statusCode: 409 });
    expect(error.message).toMatch(/^Stock insuffisant/);
    expect(Object.keys(error).sort()).toEqual(["details", "message", "messageTranslationKey", "statusCode"]);
  });

  it("sets no cookie when a guest's first add is refused, and 404s an unknown size", async () => {
    const unknown = await call("/v1/cart/lines", { method: "POST", body: { variantId: 999_999 } });
    expect(unknown.status).toBe(404);
    expect(cookieOf(unknown, "shop_cart")).toBeUndefined();
    const invalid = await call("/v1/cart/lines", {
      method: "POST",
      body: { variantId: size.id, quantity: 0 },
    });
    expect(invalid.status).toBe(400);
  });

  it("sells app-only products only to the app", async () => {
    const web = await call("/v1/cart/lines", { method: "POST", body: { variantId: appOnly.id } });
    expect(web.status).toBe(409);
    expect(((await web.json()) as { messageTranslationKey: string }).messageTranslationKey).toBe(
      "cart:errors.appOnly",
    );
    const app = await call("/v1/cart/lines", { method: "POST", body: { variantId: appOnly.id }, app: true });
    expect(app.status).toBe(201);
    const cookie = cookieOf(app, "shop_cart")!;
    const onWeb = (await (await call("/v1/cart?locale=en", { cookie })).json()) as CartBody;
    expect(onWeb.lines[0]).toMatchObject({ problem: "app-only" });
    expect(onWeb.lines[0]!.problemMessage).toMatch(/only be ordered in our app/);
    expect(onWeb.canCheckout).toBe(false);
  });

  it("changes a quantity and removes a line; a second remove could not remove from cart", async () => {
    const added = await call("/v1/cart/lines", { method: "POST", body: { variantId: size.id } });
    const cookie = cookieOf(added, "shop_cart")!;
    const { lines } = (await added.json()) as CartBody;
    const lineId = lines[0]!.lineId;
    const changed = await call(`/v1/cart/lines/${lineId}`, {
      method: "PATCH",
      body: { quantity: 2 },
      cookie,
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as CartBody).count).toBe(2);
    const tooMany = await call(`/v1/cart/lines/${lineId}`, {
      method: "PATCH",
      body: { quantity: 4 },
      cookie,
    });
    expect(tooMany.status).toBe(409);
    const removed = await call(`/v1/cart/lines/${lineId}?locale=es`, { method: "DELETE", cookie });
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as CartBody).lines).toEqual([]);
    const again = await call(`/v1/cart/lines/${lineId}?locale=es`, { method: "DELETE", cookie });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({
      messageTranslationKey: "cart:errors.removeFailed",
      message: "No hemos podido eliminarlo de tu cesta. Inténtalo de nuevo.",
    });
    // Another shopper's line is not found either.
    const stranger = await call(`/v1/cart/lines/${lineId}`, { method: "DELETE" });
    expect(stranger.status).toBe(404);
  });
});

describe("wishlist API and the visitor bits", () => {
  it("adds and removes idempotently and reports the hearts and counts in /visitor", async () => {
    const first = await call(`/v1/wishlist/items/${size.productId}`, { method: "PUT" });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ productIds: [size.productId], changed: true });
    const wishlistCookie = cookieOf(first, "shop_wishlist")!;
    const again = await call(`/v1/wishlist/items/${size.productId}`, {
      method: "PUT",
      cookie: wishlistCookie,
    });
    expect(await again.json()).toEqual({ productIds: [size.productId], changed: false });

    const added = await call("/v1/cart/lines", { method: "POST", body: { variantId: size.id, quantity: 2 } });
    const cookie = `${wishlistCookie}; ${cookieOf(added, "shop_cart")}`;
    const visitor = (await (await call("/v1/visitor", { cookie })).json()) as Record<string, unknown>;
    expect(visitor).toMatchObject({ cartCount: 2, wishlistCount: 1, wishlist: [size.productId] });

    const list = (await (await call("/v1/wishlist?locale=nl", { cookie })).json()) as {
      products: { id: number; name: string }[];
    };
    expect(list.products.map((p) => p.id)).toEqual([size.productId]);

    const removed = await call(`/v1/wishlist/items/${size.productId}`, { method: "DELETE", cookie });
    expect(await removed.json()).toEqual({ productIds: [], changed: true });
    const removedAgain = await call(`/v1/wishlist/items/${size.productId}`, { method: "DELETE", cookie });
    expect(await removedAgain.json()).toEqual({ productIds: [], changed: false });
  });

  it("fails an unknown product with the spec's wishlist add message", async () => {
    const response = await call("/v1/wishlist/items/999999?locale=nl", { method: "PUT" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ messageTranslationKey: "wishlist:errors.add" });
    expect(cookieOf(response, "shop_wishlist")).toBeUndefined();
  });

  it("lists cart and wishlist in the OpenAPI document", async () => {
    const doc = (await (await call("/v1/openapi.json")).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/v1/cart", "/v1/cart/lines", "/v1/cart/lines/{lineId}", "/v1/wishlist"]),
    );
  });
});
