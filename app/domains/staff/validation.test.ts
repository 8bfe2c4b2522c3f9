import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { shopLocalToUtc, utcToShopLocal } from "../../platform/shop-time";
import { settingKeys } from "../content/settings";
import { SynonymGroupSchema } from "../search/validation";
import * as forms from "./validation";

describe("back-office forms", () => {
  const schemas = Object.entries(forms).filter(
    ([name, value]) => name.endsWith("Schema") && typeof value === "object",
  );

  it.each(schemas)("%s works with Conform (its fields get constraints)", (_, schema) => {
    expect(() => getZodConstraint(schema as never)).not.toThrow();
  });

  it("builds a Conform-ready form for every setting", () => {
    for (const key of settingKeys) expect(() => getZodConstraint(forms.settingFormSchema(key))).not.toThrow();
    expect(() => getZodConstraint(SynonymGroupSchema)).not.toThrow();
  });

  it("reads amounts as staff type them into whole cents, never through a float", () => {
    const price = forms.euros();
    expect(price.parse("49.95")).toBe(4995);
    expect(price.parse("49,9")).toBe(4990);
    expect(price.parse(" 12 ")).toBe(1200);
    expect(price.parse("0.29")).toBe(29);
    expect(price.safeParse("4.999").success).toBe(false);
    expect(price.safeParse("-1").success).toBe(false);
    expect(price.safeParse("€5").success).toBe(false);
    expect(forms.euros({ min: 1 }).safeParse("0").success).toBe(false);
    expect(forms.euros({ max: 100_00 }).safeParse("100.01").success).toBe(false);
    expect(forms.centsToInput(4905)).toBe("49.05");
  });

  it("wants a discount's original price above the price", () => {
    expect(forms.ProductPriceSchema.safeParse({ price: "40", originalPrice: "40" }).success).toBe(false);
    expect(forms.ProductPriceSchema.parse({ price: "40", originalPrice: "50" })).toEqual({
      price: 4000,
      originalPrice: 5000,
    });
  });

  it("ignores blank size rows, drops removed ones and names the field of a missing value", () => {
    const parsed = forms.ProductVariantsSchema.parse({
      variants: [
        { id: 1, size: "S", sku: "AB-S", stock: 2 },
        { id: 2, size: "M", sku: "AB-M", stock: 0, remove: true },
        {},
        { size: "L", sku: "AB-L", stock: 5 },
      ],
    });
    expect(parsed.variants).toEqual([
      { id: 1, size: "S", sku: "AB-S", stock: 2 },
      { id: undefined, size: "L", sku: "AB-L", stock: 5 },
    ]);
    const missing = forms.ProductVariantsSchema.safeParse({ variants: [{ size: "XL", sku: "AB-XL" }] });
    expect(missing.error?.issues[0]?.path).toEqual(["variants", 0, "stock"]);
    const twice = forms.ProductVariantsSchema.safeParse({
      variants: [
        { size: "S", sku: "AB-S", stock: 1 },
        { size: "s", sku: "AB-S2", stock: 1 },
      ],
    });
    expect(twice.error?.issues[0]?.path).toEqual(["variants", 1, "size"]);
    expect(forms.ProductVariantsSchema.safeParse({ variants: [{}] }).success).toBe(false);
  });

  it("holds the API's sizes to the form's rules: each size and SKU once, at least one size", () => {
    const row = (size: string, sku: string) => ({ size, sku, stock: 1 });
    expect(
      forms.VariantListSchema.safeParse({ variants: [row("S", "AB-S"), row("M", "AB-M")] }).success,
    ).toBe(true);
    const size = forms.VariantListSchema.safeParse({ variants: [row("S", "AB-S"), row("s", "AB-S2")] });
    expect(size.error?.issues[0]?.path).toEqual(["variants", 1, "size"]);
    const sku = forms.VariantListSchema.safeParse({ variants: [row("S", "AB-S"), row("M", "ab-s")] });
    expect(sku.error?.issues[0]?.path).toEqual(["variants", 1, "sku"]);
    expect(forms.VariantListSchema.safeParse({ variants: [] }).success).toBe(false);
    expect(forms.VariantListSchema.safeParse({ variants: [row("", "AB-S")] }).success).toBe(false);
  });

  it("suggests slugs without accents or punctuation", () => {
    expect(forms.slugify("Robe d'été à fleurs")).toBe("robe-d-ete-a-fleurs");
  });

  it("asks for both the available-soon reason and its date", () => {
    expect(forms.ProductAvailabilitySchema.safeParse({ availableSoonReason: "restocking" }).success).toBe(
      false,
    );
    expect(forms.ProductAvailabilitySchema.safeParse({ availableSoonDate: "2026-12-01" }).success).toBe(
      false,
    );
  });

  it("stores synonym entries folded, one word each", () => {
    expect(SynonymGroupSchema.parse({ locale: "fr", words: "Pantalon, pantalón,\nJEAN" }).words).toEqual([
      "pantalon",
      "jean",
    ]);
    expect(SynonymGroupSchema.safeParse({ locale: "fr", words: "pantalon" }).success).toBe(false);
  });
});

describe("the shop's clock", () => {
  it("reads Amsterdam wall-clock times in winter and summer", () => {
    expect(shopLocalToUtc("2026-12-01T09:00")?.toISOString()).toBe("2026-12-01T08:00:00.000Z");
    expect(shopLocalToUtc("2026-07-01T09:00")?.toISOString()).toBe("2026-07-01T07:00:00.000Z");
    expect(shopLocalToUtc("2026-02-30T09:00")).toBeNull();
    expect(shopLocalToUtc("tomorrow")).toBeNull();
    expect(utcToShopLocal(new Date("2026-07-01T07:00:00Z"))).toBe("2026-07-01T09:00");
    expect(utcToShopLocal(null)).toBe("");
  });
});
