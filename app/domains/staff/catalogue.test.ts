import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accepted } from "../../../tests/support/refusals";
import { slugOf, staffWorld } from "../../../tests/support/staff";
import type { Connection } from "../../platform/db/db.server";
import { env } from "../../platform/env.server";
import { categoriesForStaff, categoryListing, productForStaff, productPage } from "../catalog/catalog.server";
import { listingIndex } from "../catalog/listing-index.server";
import {
  catalogChanges,
  categories,
  priceHistory,
  productImages,
  products,
  productTranslations,
} from "../catalog/tables.server";
import { searchProducts } from "../search/search.server";
import { SynonymGroupSchema } from "../search/validation";
import {
  addProduct,
  auditLog,
  auditTrail,
  changeProductAvailability,
  changeProductPrice,
  changeProductTranslations,
  changeProductVariants,
  deleteProductImage,
  type StaffActor,
  saveCategoryFromForm,
  saveSynonyms,
  uploadProductImage,
} from "./staff.server";
import { CategorySchema, ProductTranslationsSchema } from "./validation";

let connection: Connection;
let merch: StaffActor;
let productId: number;

beforeAll(async () => {
  ({ connection, merch, productId } = await staffWorld());
});
afterAll(() => connection.close());

const entriesAbout = (type: string, id: string | number) => auditTrail(type, id);
const englishSlug = (id: number) => slugOf(connection, id, "en");

describe("audit log", () => {
  it("records a price change with who, role, before and after, with a new price history row", async () => {
    const before = await productForStaff(productId);
    await changeProductPrice(merch, productId, { price: 12_34, originalPrice: 19_99 });
    const [entry] = (await entriesAbout("product", productId)).slice(-1);
    expect(entry).toMatchObject({
      actorId: merch.id,
      actorEmail: merch.email,
      actorRole: "merchandiser",
      action: "product.price",
      targetType: "product",
      targetId: String(productId),
      before: { priceCents: before!.priceCents, originalPriceCents: null },
      after: { priceCents: 12_34, originalPriceCents: 19_99 },
    });
    const history = await connection.db
      .select()
      .from(priceHistory)
      .where(eq(priceHistory.productId, productId));
    expect(history.map((h) => h.priceCents)).toContain(12_34);

    // The shop shows it: product page and listings (through the change feed).
    const page = await productPage("en", await englishSlug(productId));
    expect(page).toMatchObject({ priceCents: 12_34, originalPriceCents: 19_99 });
    expect(page!.lowestPrice30dCents).toBe(before!.priceCents);
    await listingIndex(connection.db).ready({ fresh: true });
    const listing = await categoryListing("en", undefined, new URLSearchParams("sort=price_asc"));
    const card = listing!.listing.products.find((p) => p.id === productId);
    expect(card?.priceCents).toBe(12_34);
  });

  it("writes nothing, change nor entry, when the command is refused", async () => {
    const { total } = await auditLog();
    expect(await changeProductPrice(merch, productId, { price: 50_00, originalPrice: 40_00 })).toMatchObject({
      kind: "invalid",
      messageKey: "admin:catalogue.originalPriceTooLow",
      field: "originalPrice",
    });
    expect((await auditLog()).total).toBe(total);
    expect((await productForStaff(productId))!.priceCents).toBe(12_34);
  });

  it("logs nothing for a save without changes", async () => {
    const { total } = await auditLog();
    await changeProductPrice(merch, productId, { price: 12_34, originalPrice: 19_99 });
    expect((await auditLog()).total).toBe(total);
  });

  it("is append-only", async () => {
    await expect(connection.db.execute(sql`update staff_audit_log set summary = 'x'`)).rejects.toThrow();
    await expect(connection.db.execute(sql`delete from staff_audit_log`)).rejects.toThrow();
  });

  it("finds entries by actor and text", async () => {
    const found = await auditLog({ q: "merch@shop.test" });
    expect(found.total).toBeGreaterThan(0);
    expect(found.entries.every((e) => e.actorEmail === "merch@shop.test")).toBe(true);
  });
});

describe("catalogue commands", () => {
  it("changes texts in four languages; the new name reaches search", async () => {
    const current = await productForStaff(productId);
    const translations = Object.fromEntries(
      Object.entries(current!.translations).map(([locale, t]) => [locale, { ...t }]),
    ) as Record<string, Record<string, unknown>>;
    translations.nl = { ...translations.nl, name: "Zeldzame flamingojurk", slug: "zeldzame-flamingojurk" };
    const parsed = ProductTranslationsSchema.parse({ translations });
    await changeProductTranslations(merch, productId, parsed);
    expect((await searchProducts("nl", "flamingojurk")).ids).toContain(productId);
    expect(await productPage("nl", "zeldzame-flamingojurk")).not.toBeNull();
  });

  it("refuses reserved and taken slugs", () => {
    const current = { name: "A", slug: "zoeken", description: "B" };
    const result = ProductTranslationsSchema.safeParse({
      translations: { en: current, nl: current, fr: current, es: current },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/reserved/);
  });

  it("refuses a slug another product has in that locale", async () => {
    const [other] = await connection.db
      .select({ slug: productTranslations.slug })
      .from(productTranslations)
      .where(and(eq(productTranslations.locale, "fr"), sql`${productTranslations.productId} <> ${productId}`))
      .limit(1);
    const current = await productForStaff(productId);
    const translations = {
      ...current!.translations,
      fr: { ...current!.translations.fr!, slug: other!.slug },
    };
    expect(
      await changeProductTranslations(merch, productId, ProductTranslationsSchema.parse({ translations })),
    ).toMatchObject({ kind: "conflict", field: "translations.fr.slug" });
  });

  it("adds, removes and restocks sizes; stock reaches the listing index", async () => {
    const current = (await productForStaff(productId))!;
    const [first, ...rest] = current.variants;
    await changeProductVariants(merch, productId, [
      { id: first!.id, size: first!.size, sku: first!.sku, stock: 42 },
      { size: "XXXL", sku: `NEW-${productId}-XXXL`, stock: 3 },
    ]);
    const after = (await productForStaff(productId))!;
    expect(after.variants.map((v) => [v.size, v.stock])).toEqual([
      [first!.size, 42],
      ["XXXL", 3],
    ]);
    expect(rest.length === 0 || !after.variants.some((v) => v.id === rest[0]!.id)).toBe(true);
    await listingIndex(connection.db).ready({ fresh: true });
    const listing = await categoryListing("en", undefined, new URLSearchParams("size=xxxl"));
    expect(listing!.listing.products.map((p) => p.id)).toContain(productId);
    const [entry] = (await entriesAbout("product", productId)).slice(-1);
    expect(entry?.action).toBe("product.variants");
  });

  it("refuses a SKU another product uses, and changes nothing", async () => {
    const [other] = await connection.db
      .select({
        sku: sql<string>`(select sku from product_variants where product_id <> ${productId} limit 1)`,
      })
      .from(products)
      .limit(1);
    const before = (await productForStaff(productId))!.variants;
    expect(
      await changeProductVariants(merch, productId, [{ size: "Z", sku: other!.sku, stock: 1 }]),
    ).toMatchObject({ kind: "conflict", messageKey: "admin:catalogue.skuTaken" });
    expect((await productForStaff(productId))!.variants).toEqual(before);
  });

  it("hides a product and brings it back", async () => {
    const slug = await englishSlug(productId);
    await changeProductAvailability(merch, productId, { isActive: false, appOnly: false });
    expect(await productPage("en", slug)).toBeNull();
    await changeProductAvailability(merch, productId, { isActive: true, appOnly: false });
    expect(await productPage("en", slug)).not.toBeNull();
  });

  it("creates a hidden product with its first price", async () => {
    const id = accepted(
      await addProduct(merch, {
        styleCode: "TST001",
        brand: "Test",
        colour: "navy",
        colourHex: "#1f2a44",
        price: 59_95,
        names: { en: "Test dress", nl: "Testjurk", fr: "Robe test", es: "Vestido prueba" },
      }),
    );
    const created = (await productForStaff(id))!;
    expect(created).toMatchObject({ isActive: false, priceCents: 59_95 });
    expect(created.translations.fr?.slug).toBe("robe-test-tst001-navy");
    expect(created.priceHistory).toHaveLength(1);
    expect(
      await addProduct(merch, {
        styleCode: "TST001",
        brand: "Test",
        colour: "navy",
        colourHex: "#1f2a44",
        price: 1_00,
        names: { en: "Again", nl: "Weer", fr: "Encore", es: "Otra" },
      }),
    ).toMatchObject({ kind: "conflict", field: "colour" });
  });

  it("turns an uploaded photo into the image set, and removes its files again", async () => {
    const photo = await sharp({ create: { width: 1200, height: 1800, channels: 3, background: "#a05040" } })
      .jpeg()
      .toBuffer();
    const imageId = accepted(await uploadProductImage(merch, productId, new Blob([new Uint8Array(photo)])));
    const [row] = await connection.db.select().from(productImages).where(eq(productImages.id, imageId));
    expect(row!.set.w400).toMatchObject({ width: 400, height: 600 });
    expect(row!.set.original.width).toBe(1200);
    const file = path.join(env().DATA_DIR, row!.set.w600.url.replace(/^\//, ""));
    expect(existsSync(file)).toBe(true);
    await deleteProductImage(merch, productId, imageId);
    expect(existsSync(file)).toBe(false);

    const tiny = await sharp({ create: { width: 100, height: 150, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    expect(await uploadProductImage(merch, productId, new Blob([new Uint8Array(tiny)]))).toMatchObject({
      messageKey: "admin:catalogue.photoTooNarrow",
      field: "photo",
    });
    expect(await uploadProductImage(merch, productId, new Blob(["not a photo"]))).toMatchObject({
      messageKey: "admin:catalogue.notAPhoto",
    });
  });
});

describe("categories", () => {
  const texts = (suffix: string) =>
    Object.fromEntries(
      ["en", "nl", "fr", "es"].map((l) => [
        l,
        { name: `Linen ${suffix} ${l}`, slug: `linen-${suffix}-${l}` },
      ]),
    );

  it("creates a category under a parent; a renamed category reaches search", async () => {
    const [women] = await connection.db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`${categories.parentId} is null`)
      .limit(1);
    const id = accepted(
      await saveCategoryFromForm(
        merch,
        null,
        CategorySchema.parse({
          parentId: women!.id,
          position: 5,
          isActive: true,
          translations: texts("edit"),
        }),
      ),
    );
    expect(await categoryListing("en", "linen-edit-en", new URLSearchParams())).not.toBeNull();
    const listed = await categoriesForStaff();
    expect(listed.find((c) => c.id === women!.id)?.products).toBeGreaterThan(0);
    expect(listed.find((c) => c.id === id)).toMatchObject({ parentId: women!.id, products: 0 });
    expect(
      await saveCategoryFromForm(
        merch,
        women!.id,
        CategorySchema.parse({ parentId: id, position: 0, isActive: true, translations: texts("loop") }),
      ),
    ).toMatchObject({ messageKey: "admin:catalogue.categoryLoop", field: "parentId" });
  });

  it("writes nothing when a category is saved as it was, so no process reloads its search index", async () => {
    const feedRows = async () =>
      (await connection.db.select({ n: sql<number>`count(*)::int` }).from(catalogChanges))[0]!.n;
    const id = accepted(
      await saveCategoryFromForm(
        merch,
        null,
        CategorySchema.parse({ position: 7, isActive: true, translations: texts("same") }),
      ),
    );
    const saved = (await categoriesForStaff()).find((c) => c.id === id)!;
    // What the form sends back untouched: no parent and no description are empty fields.
    const form = {
      position: saved.position,
      isActive: saved.isActive,
      translations: Object.fromEntries(
        Object.entries(saved.translations).map(([locale, t]) => [locale, { name: t.name, slug: t.slug }]),
      ),
    };
    const before = await feedRows();
    await saveCategoryFromForm(merch, id, CategorySchema.parse(form));
    expect(await feedRows()).toBe(before);
    expect((await entriesAbout("category", id)).map((e) => e.action)).toEqual(["category.create"]);

    // A change in one locale writes that text only, and the feed names the category tree again.
    const renamed = {
      ...form,
      translations: { ...form.translations, fr: { name: "Lin", slug: "lin-same" } },
    };
    await saveCategoryFromForm(merch, id, CategorySchema.parse(renamed));
    expect(await feedRows()).toBeGreaterThan(before);
    const after = (await categoriesForStaff()).find((c) => c.id === id)!;
    expect(after.translations.fr).toMatchObject({ name: "Lin", slug: "lin-same" });
    expect(after.translations.en).toEqual(saved.translations.en);
    expect(after.position).toBe(7);
  });

  it("refuses reserved slugs in any locale", () => {
    const translations = texts("x");
    (translations.es as { slug: string }).slug = "buscar";
    expect(CategorySchema.safeParse({ position: 0, translations }).success).toBe(false);
  });
});

describe("synonyms", () => {
  it("a new group makes a search for one word find the other's products", async () => {
    const before = await searchProducts("en", "frock");
    expect(before.ids).toHaveLength(0);
    await saveSynonyms(merch, SynonymGroupSchema.parse({ locale: "en", words: "frock, dress" }));
    expect((await searchProducts("en", "frock")).ids.length).toBeGreaterThan(0);
    expect(SynonymGroupSchema.safeParse({ locale: "en", words: "two words, x" }).success).toBe(false);
  });
});
