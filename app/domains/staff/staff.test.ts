import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase, testDriver } from "../../../tests/support/database";
import { auth } from "../../platform/auth/auth.server";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import { viewCart } from "../cart/cart.server";
import { categoriesForStaff, categoryListing, productForStaff, productPage } from "../catalog/catalog.server";
import { productCards } from "../catalog/listing.server";
import { listingIndex } from "../catalog/listing-index.server";
import {
  catalogChanges,
  categories,
  priceHistory,
  productImages,
  products,
  productTranslations,
} from "../catalog/tables.server";
import { activeNotices, isMaintenanceMode, shopSetting, writeSetting } from "../content/content.server";
import { createAccount, isBlocked, staffAccounts } from "../customers/customers.server";
import { user } from "../customers/tables.server";
import { unpaidOrderMinutes } from "../orders/orders.server";
import { availablePaymentMethods } from "../payments/payments.server";
import { searchProducts } from "../search/search.server";
import { SynonymGroupSchema } from "../search/validation";
import { shippingOptions } from "../shipping/shipping.server";
import { sizeChartFor } from "../sizing/size-charts";
import { customChartSizes, saveSizeChart } from "../sizing/sizing.server";
import {
  AccountError,
  addProduct,
  addStaffMember,
  auditLog,
  auditTrail,
  blockCustomer,
  CatalogueError,
  changeMaintenanceMode,
  changePaymentMethods,
  changeProductAvailability,
  changeProductPrice,
  changeProductTranslations,
  changeProductVariants,
  changeSetting,
  changeSizeChart,
  changeStaffRole,
  deleteProductImage,
  publishSiteNotice,
  SizeChartError,
  type StaffActor,
  saveCategoryFromForm,
  saveSynonyms,
  unblockCustomer,
  uploadProductImage,
} from "./staff.server";
import {
  CategorySchema,
  PaymentMethodsSchema,
  ProductTranslationsSchema,
  paymentMethodIds,
  SizeChartSchema,
} from "./validation";

let connection: Connection;
let admin: StaffActor;
let merch: StaffActor;
let productId: number;

beforeAll(async () => {
  connection = await seededDatabase({ products: 40, seed: 11, now: new Date("2026-06-01T10:00:00Z") });
  const a = await createAccount({
    email: "boss@shop.test",
    password: "boss-password-1",
    firstName: "Ann",
    lastName: "Admin",
    locale: "en",
    role: "admin",
  });
  const m = await createAccount({
    email: "merch@shop.test",
    password: "merch-password-1",
    firstName: "Mo",
    lastName: "Merch",
    locale: "en",
    role: "merchandiser",
  });
  admin = { id: a.id, email: "boss@shop.test", role: "admin" };
  merch = { id: m.id, email: "merch@shop.test", role: "merchandiser" };
  const [row] = await connection.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        sql`${products.onlineFrom} is null`,
        sql`${products.originalPriceCents} is null`,
      ),
    )
    .limit(1);
  productId = row!.id;
});
afterAll(() => connection.close());

async function entriesAbout(type: string, id: string | number) {
  return auditTrail(type, id);
}

async function englishSlug(id: number) {
  const [t] = await connection.db
    .select({ slug: productTranslations.slug })
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, id), eq(productTranslations.locale, "en")));
  return t!.slug;
}

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
    await expect(
      changeProductPrice(merch, productId, { price: 50_00, originalPrice: 40_00 }),
    ).rejects.toThrow(CatalogueError);
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
    await expect(
      changeProductTranslations(merch, productId, ProductTranslationsSchema.parse({ translations })),
    ).rejects.toMatchObject({ field: "translations.fr.slug" });
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
    await expect(
      changeProductVariants(merch, productId, [{ size: "Z", sku: other!.sku, stock: 1 }]),
    ).rejects.toThrow(CatalogueError);
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
    const id = await addProduct(merch, {
      styleCode: "TST001",
      brand: "Test",
      colour: "navy",
      colourHex: "#1f2a44",
      price: 59_95,
      names: { en: "Test dress", nl: "Testjurk", fr: "Robe test", es: "Vestido prueba" },
    });
    const created = (await productForStaff(id))!;
    expect(created).toMatchObject({ isActive: false, priceCents: 59_95 });
    expect(created.translations.fr?.slug).toBe("robe-test-tst001-navy");
    expect(created.priceHistory).toHaveLength(1);
    await expect(
      addProduct(merch, {
        styleCode: "TST001",
        brand: "Test",
        colour: "navy",
        colourHex: "#1f2a44",
        price: 1_00,
        names: { en: "Again", nl: "Weer", fr: "Encore", es: "Otra" },
      }),
    ).rejects.toMatchObject({ field: "colour" });
  });

  it("turns an uploaded photo into the image set, and removes its files again", async () => {
    const photo = await sharp({ create: { width: 1200, height: 1800, channels: 3, background: "#a05040" } })
      .jpeg()
      .toBuffer();
    const imageId = await uploadProductImage(merch, productId, new Blob([new Uint8Array(photo)]));
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
    await expect(
      uploadProductImage(merch, productId, new Blob([new Uint8Array(tiny)])),
    ).rejects.toMatchObject({
      field: "photo",
    });
    await expect(uploadProductImage(merch, productId, new Blob(["not a photo"]))).rejects.toThrow(
      CatalogueError,
    );
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
    const id = await saveCategoryFromForm(
      merch,
      null,
      CategorySchema.parse({ parentId: women!.id, position: 5, isActive: true, translations: texts("edit") }),
    );
    expect(await categoryListing("en", "linen-edit-en", new URLSearchParams())).not.toBeNull();
    const listed = await categoriesForStaff();
    expect(listed.find((c) => c.id === women!.id)?.products).toBeGreaterThan(0);
    expect(listed.find((c) => c.id === id)).toMatchObject({ parentId: women!.id, products: 0 });
    await expect(
      saveCategoryFromForm(
        merch,
        women!.id,
        CategorySchema.parse({ parentId: id, position: 0, isActive: true, translations: texts("loop") }),
      ),
    ).rejects.toMatchObject({ field: "parentId" });
  });

  it("writes nothing when a category is saved as it was, so no process reloads its search index", async () => {
    const feedRows = async () =>
      (await connection.db.select({ n: sql<number>`count(*)::int` }).from(catalogChanges))[0]!.n;
    const id = await saveCategoryFromForm(
      merch,
      null,
      CategorySchema.parse({ position: 7, isActive: true, translations: texts("same") }),
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

describe("customers and staff", () => {
  it("blocks with a reason and unblocks, logged", async () => {
    const customer = await createAccount({
      email: "c@shop.test",
      password: "customer-pw-1",
      firstName: "C",
      lastName: "Ustomer",
      locale: "nl",
    });
    await blockCustomer(admin, customer.id, "Chargebacks on three orders");
    expect(await isBlocked(connection.db, customer.id)).toBe(true);
    const [row] = await connection.db
      .select({ reason: user.blockedReason })
      .from(user)
      .where(eq(user.id, customer.id));
    expect(row?.reason).toBe("Chargebacks on three orders");
    await unblockCustomer(admin, customer.id);
    expect(await isBlocked(connection.db, customer.id)).toBe(false);
    expect((await entriesAbout("customer", customer.id)).map((e) => e.action)).toEqual([
      "customer.block",
      "customer.unblock",
    ]);
    await expect(blockCustomer(admin, admin.id, "staff are not customers")).rejects.toThrow(AccountError);
  });

  it("adds staff who can sign in, changes roles, never the own one nor the last admin's", async () => {
    const id = await addStaffMember(admin, {
      email: "New.Support@shop.test",
      firstName: "Nora",
      lastName: "Support",
      role: "support",
      password: "support-password-1",
    });
    const signedIn = await auth.api.signInEmail({
      body: { email: "new.support@shop.test", password: "support-password-1" },
    });
    expect((signedIn.user as { role?: string }).role).toBe("support");
    const listed = (await staffAccounts()).find((m) => m.id === id);
    expect(listed).toMatchObject({ role: "support", email: "new.support@shop.test" });
    expect(listed?.lastSeenAt).toBeInstanceOf(Date);
    await expect(
      addStaffMember(admin, {
        email: "new.support@shop.test",
        firstName: "N",
        lastName: "S",
        role: "admin",
        password: "whatever-1",
      }),
    ).rejects.toMatchObject({ field: "email" });

    await changeStaffRole(admin, id, "merchandiser");
    await expect(changeStaffRole(admin, admin.id, "support")).rejects.toThrow(/own role/);
    await changeStaffRole(admin, id, "customer");
    const [row] = await connection.db.select({ role: user.role }).from(user).where(eq(user.id, id));
    expect(row?.role).toBe("customer");
    expect((await entriesAbout("staff", id)).map((e) => e.action)).toEqual([
      "staff.create",
      "staff.role",
      "staff.remove",
    ]);

    const other = await addStaffMember(admin, {
      email: "a2@shop.test",
      firstName: "A",
      lastName: "Two",
      role: "admin",
      password: "admin-two-pw",
    });
    const otherActor: StaffActor = { id: other, email: "a2@shop.test", role: "admin" };
    await changeStaffRole(otherActor, admin.id, "support");
    await expect(changeStaffRole({ ...admin, role: "support" }, other, "support")).rejects.toThrow(
      /at least one admin/,
    );
  });
});

describe("settings, maintenance and notices", () => {
  it("saves a setting that domains read, refusing values out of bounds", async () => {
    expect(await shopSetting("freeShippingThresholds")).toEqual({
      NL: 50_00,
      BE: 50_00,
      FR: 75_00,
      ES: 75_00,
    });
    await changeSetting(admin, "freeShippingThresholds", { NL: 40_00, BE: 50_00, FR: 75_00, ES: 80_00 });
    expect(await shopSetting("freeShippingThresholds")).toEqual({
      NL: 40_00,
      BE: 50_00,
      FR: 75_00,
      ES: 80_00,
    });
    await expect(changeSetting(admin, "walletCap", { percent: 150 })).rejects.toThrow();
    const [entry] = (await entriesAbout("setting", "freeShippingThresholds")).slice(-1);
    expect(entry).toMatchObject({ before: { NL: 50_00, ES: 75_00 }, after: { NL: 40_00, ES: 80_00 } });
  });

  it("stores the unpaid-order expiry the way the orders domain reads it", async () => {
    expect(await unpaidOrderMinutes()).toBe(30);
    await changeSetting(admin, "unpaidOrderMinutes", { minutes: 45 });
    expect(await unpaidOrderMinutes()).toBe(45);
    expect(await shopSetting("unpaidOrderMinutes")).toEqual({ minutes: 45 });
  });

  it("shows a saved free-shipping threshold in the cart and at checkout at once", async () => {
    const thresholds = async () => ({
      cart: (await viewCart(connection.db, null, "nl", "web")).freeShipping.thresholdCents,
      checkout: (await shippingOptions("NL")).freeFromCents,
    });
    const was = await shopSetting("freeShippingThresholds");
    expect(await thresholds()).toEqual({ cart: was.NL, checkout: was.NL });
    try {
      await changeSetting(admin, "freeShippingThresholds", { ...was, NL: 45_00 });
      expect(await thresholds()).toEqual({ cart: 45_00, checkout: 45_00 });

      await transaction(async (tx) => {
        await writeSetting("freeShippingThresholds", { ...was, NL: 42_00 }, admin.id, tx);
        // A cart shown meanwhile (PostgreSQL: on another connection; PGlite runs one transaction at a
        // time) still sees the committed threshold, and does not keep it once the new one commits.
        if (testDriver === "postgres") expect(await thresholds()).toEqual({ cart: 45_00, checkout: 45_00 });
      });
      expect(await thresholds()).toEqual({ cart: 42_00, checkout: 42_00 });
    } finally {
      await changeSetting(admin, "freeShippingThresholds", was);
    }
  });

  it("moves the “Only n left” threshold of product pages and cards", async () => {
    const slug = await englishSlug(productId);
    expect((await productPage("en", slug))!.fewLeftThreshold).toBe(5);
    await changeSetting(admin, "fewLeftThreshold", { units: 50 });
    const page = (await productPage("en", slug))!;
    expect(page.fewLeftThreshold).toBe(50);
    const [card] = await productCards(connection.db, "en", [productId]);
    expect(card?.fewLeft).toBe(card!.stock > 0 && card!.stock <= 50);
    await changeSetting(admin, "fewLeftThreshold", { units: 5 });
  });

  it("decides where and for which totals checkout offers a payment method", async () => {
    expect(await availablePaymentMethods({ country: "NL", amountCents: 50_00 })).toContain("klarna");
    const methods = Object.fromEntries(
      paymentMethodIds.map((id) => [id, { enabled: true, countries: ["NL", "BE", "FR", "ES"] }]),
    ) as Record<string, Record<string, unknown>>;
    methods.klarna = { enabled: true, countries: ["NL"], min: "100", max: "500" };
    methods.ideal = { countries: ["NL"] };
    await changePaymentMethods(admin, PaymentMethodsSchema.parse({ methods }));
    const offered = await availablePaymentMethods({ country: "NL", amountCents: 50_00 });
    expect(offered).not.toContain("klarna");
    expect(offered).not.toContain("ideal");
    expect(await availablePaymentMethods({ country: "NL", amountCents: 200_00 })).toContain("klarna");
    expect(await availablePaymentMethods({ country: "FR", amountCents: 50_00 })).toContain("bancontact");
  });

  it("closes and opens the shop, and publishes a notice in four languages", async () => {
    await changeMaintenanceMode(admin, true, false);
    expect(await isMaintenanceMode()).toBe(true);
    await changeMaintenanceMode(admin, false, true);
    expect(await isMaintenanceMode()).toBe(false);
    await publishSiteNotice(merch, {
      message: { en: "Free returns", nl: "Gratis retour", fr: "Retours gratuits", es: "Devoluciones gratis" },
      tone: "info",
    });
    expect((await activeNotices("fr")).map((n) => n.message)).toContain("Retours gratuits");
  });
});

describe("size charts", () => {
  const chartForm = (shift: number) => {
    const chart = sizeChartFor("women", "tops")!;
    return {
      profile: "women",
      family: "tops",
      sizes: chart.sizes.map((s) => ({
        size: s.size,
        chestMin: s.ranges.chest![0] + shift,
        chestMax: s.ranges.chest![1] + shift,
      })),
    };
  };

  it("new ranges reach the product page; a chart with a gap is refused", async () => {
    await changeSizeChart(merch, SizeChartSchema.parse(chartForm(2)));
    const slugs = await connection.db
      .select({ slug: productTranslations.slug })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .where(and(eq(productTranslations.locale, "en"), eq(products.isActive, true)));
    const pages = await Promise.all(slugs.map(({ slug }) => productPage("en", slug)));
    const top = pages.find((p) => p?.sizeChart?.profile === "women" && p.sizeChart.family === "tops");
    const other = pages.find((p) => p?.sizeChart && p.sizeChart.family !== "tops");
    expect(top?.sizeChart?.sizes?.[0]?.ranges.chest?.[0]).toBe(
      sizeChartFor("women", "tops")!.sizes[0]!.ranges.chest![0] + 2,
    );
    // Other charts stay the built-in ones (no sizes sent).
    expect(other?.sizeChart?.sizes).toBeUndefined();
    const broken = chartForm(0);
    broken.sizes[2]!.chestMin = broken.sizes[1]!.chestMax + 5;
    broken.sizes[2]!.chestMax = broken.sizes[2]!.chestMin + 4;
    await expect(changeSizeChart(merch, SizeChartSchema.parse(broken))).rejects.toThrow(SizeChartError);
  });

  it("drops the charts in memory once the save has committed, not before", async () => {
    const chart = sizeChartFor("women", "tops")!;
    const shifted = (shift: number) =>
      chart.sizes.map((s) => ({
        ...s,
        ranges: { ...s.ranges, chest: [s.ranges.chest![0] + shift, s.ranges.chest![1] + shift] as const },
      }));
    const chest = async () => (await customChartSizes("women", "tops"))?.[0]?.ranges.chest?.[0];
    const from = chart.sizes[0]!.ranges.chest![0];
    await saveSizeChart(connection.db, "women", "tops", shifted(2));
    expect(await chest()).toBe(from + 2);
    await transaction(async (tx) => {
      await saveSizeChart(tx, "women", "tops", shifted(4));
      // A product page served meanwhile (PostgreSQL: on another connection; PGlite runs one transaction
      // at a time, so a read there would wait for this one) sees the committed chart.
      if (testDriver === "postgres") expect(await chest()).toBe(from + 2);
    });
    expect(await chest()).toBe(from + 4);
  });
});
