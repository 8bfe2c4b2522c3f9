import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { parseShopForm } from "../../platform/forms/submission";
import { productBySlug } from "./product.server";
import { orderState, sizeChartKey } from "./product-rules";
import { priceHistory, products, productTranslations } from "./tables.server";
import { AddToBagSchema, SIZE_REQUIRED } from "./validation";

let connection: Connection;

beforeAll(async () => {
  connection = await seededDatabase({
    products: 40,
    seed: 11,
    now: new Date("2026-06-01T10:00:00Z"),
  });
}, 180_000);
afterAll(() => connection.close());

async function someProduct() {
  const [row] = await connection.db
    .select({ id: products.id, lookId: products.lookId })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.lookId)
    .limit(1);
  const translations = await connection.db
    .select()
    .from(productTranslations)
    .where(eq(productTranslations.productId, row!.id));
  const slug = (locale: string) => translations.find((t) => t.locale === locale)!.slug;
  return { id: row!.id, lookId: row!.lookId, slug };
}

describe("productBySlug", () => {
  it("finds a product by its slug with everything the page shows, and its slugs in every locale", async () => {
    const { id, slug } = await someProduct();
    const product = await productBySlug("nl", slug("nl"));
    expect(product).not.toBeNull();
    expect(product!.id).toBe(id);
    expect(product!.slugs).toEqual({ en: slug("en"), nl: slug("nl"), fr: slug("fr"), es: slug("es") });
    expect(product!.variants.length).toBeGreaterThan(0);
    expect(product!.images.length).toBeGreaterThan(0);
    expect(product!.images[0]!.set.w400.url).toMatch(/^\/media\//);
    expect(product!.modelInfo).toMatch(/\d{3} cm/);
    expect(product!.totalStock).toBe(product!.variants.reduce((sum, v) => sum + v.stock, 0));
    expect(product!.categorySlugs.length).toBeGreaterThan(0);
  });

  it("returns the other products of the look", async () => {
    const { lookId, slug } = await someProduct();
    const product = await productBySlug("en", slug("en"));
    if (lookId) {
      expect(product!.look.length).toBeGreaterThan(0);
      expect(product!.look.map((p) => p.id)).not.toContain(product!.id);
    } else expect(product!.look).toEqual([]);
  });

  it("finds nothing for an unknown slug or another locale's slug", async () => {
    const { slug } = await someProduct();
    expect(await productBySlug("en", "no-such-product")).toBeNull();
    // Each locale has its own slug: the Dutch one is not an English product URL.
    expect(slug("nl")).not.toBe(slug("en"));
    expect(await productBySlug("en", slug("nl"))).toBeNull();
  });

  it("finds nothing for an inactive product", async () => {
    const { id, slug } = await someProduct();
    await connection.db.update(products).set({ isActive: false }).where(eq(products.id, id));
    expect(await productBySlug("fr", slug("fr"))).toBeNull();
    await connection.db.update(products).set({ isActive: true }).where(eq(products.id, id));
  });

  it("gives the lowest price of the 30 days before the current price (EU Omnibus)", async () => {
    const { id, slug } = await someProduct();
    const day = 24 * 3600 * 1000;
    await connection.db.delete(priceHistory).where(eq(priceHistory.productId, id));
    await connection.db.insert(priceHistory).values([
      { productId: id, priceCents: 6999, validFrom: new Date(Date.now() - 100 * day) },
      { productId: id, priceCents: 5499, validFrom: new Date(Date.now() - 40 * day) },
      { productId: id, priceCents: 6999, validFrom: new Date(Date.now() - 25 * day) },
      { productId: id, priceCents: 4999, validFrom: new Date(Date.now() - 2 * day) },
      // A price planned for next week does not count yet.
      { productId: id, priceCents: 999, validFrom: new Date(Date.now() + 7 * day) },
    ]);
    // Before the current price (2 days ago): 6999 from 25 days ago, and 5499 in force when the window opened.
    expect((await productBySlug("en", slug("en")))!.lowestPrice30dCents).toBe(5499);
    await connection.db.delete(priceHistory).where(eq(priceHistory.productId, id));
    await connection.db
      .insert(priceHistory)
      .values([{ productId: id, priceCents: 4999, validFrom: new Date() }]);
    expect((await productBySlug("en", slug("en")))!.lowestPrice30dCents).toBeNull();
  });
});

describe("add to bag on the server", () => {
  it("refuses a submission without a size with the size-required message", () => {
    const form = new FormData();
    const parsed = parseShopForm(form, AddToBagSchema);
    expect(parsed.status).toBe("error");
    expect(parsed.status === "error" && parsed.error?.variantId).toEqual([SIZE_REQUIRED]);
    form.set("variantId", "abc");
    const bad = parseShopForm(form, AddToBagSchema);
    expect(bad.status === "error" && bad.error?.variantId).toEqual([SIZE_REQUIRED]);
  });
});

describe("product rules", () => {
  const base = { appOnly: false, onlineFrom: null, availableSoonReason: null, totalStock: 4 };
  const now = new Date("2026-06-01T10:00:00Z");
  it("decides whether a product can be ordered here and now", () => {
    expect(orderState(base, "web", now)).toBe("orderable");
    expect(orderState({ ...base, onlineFrom: "2026-06-02T00:00:00Z" }, "app", now)).toBe("coming-soon");
    expect(orderState({ ...base, onlineFrom: "2026-05-02T00:00:00Z" }, "web", now)).toBe("orderable");
    expect(orderState({ ...base, appOnly: true }, "web", now)).toBe("app-only");
    expect(orderState({ ...base, appOnly: true }, "app", now)).toBe("orderable");
    expect(orderState({ ...base, totalStock: 0 }, "web", now)).toBe("sold-out");
    expect(orderState({ ...base, totalStock: 0, availableSoonReason: "restocking" }, "web", now)).toBe(
      "available-soon",
    );
  });

  it("picks a size chart from the categories", () => {
    expect(sizeChartKey(["women", "women-dresses"])).toEqual({ profile: "women", family: "dresses" });
    expect(sizeChartKey(["men", "men-t-shirts-polos"])).toEqual({ profile: "men", family: "tops" });
    expect(sizeChartKey(["men", "men-jackets-coats"])).toEqual({ profile: "men", family: "jackets" });
    expect(sizeChartKey(["women", "women-skirts"])).toEqual({ profile: "women", family: "skirts" });
    expect(sizeChartKey(["men", "men-shorts"])).toEqual({ profile: "men", family: "shorts" });
    expect(sizeChartKey(["women", "women-accessories"])).toBeNull();
    expect(sizeChartKey([])).toBeNull();
  });
});
