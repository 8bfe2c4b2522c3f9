// Catalogue commands of the back office: each is the catalog domain's command plus its audit entry, in one
// transaction. The shop follows by itself (change feed and search triggers).

import type { Locale } from "../../platform/i18n/locales";
import { formatMoney, money } from "../../platform/money";
import { isRefusal } from "../../platform/refusal";
import {
  addProductImage,
  createProduct,
  discardProductImage,
  moveProductImage,
  type ProductTranslationValues,
  removeProductImage,
  saveCategory,
  setProductAvailability,
  setProductCategories,
  setProductDetails,
  setProductPrice,
  setProductTranslations,
  setProductVariants,
  storeProductImage,
  type VariantValues,
} from "../catalog/catalog.server";
import { deleteSynonymGroup, forgetRecentSearches, saveSynonymGroup } from "../search/search.server";
import type { SynonymGroupInput } from "../search/validation";
import { audited, changes, type StaffActor } from "./audit.server";
import type {
  CategoryInput,
  NewProductInput,
  ProductAvailabilityInput,
  ProductDetailsInput,
  ProductPriceInput,
  ProductTranslationsInput,
} from "./validation";
import { slugify } from "./validation";

const euros = (cents: number | null) => (cents === null ? "none" : formatMoney(money(cents), "en"));
const product = (id: number) => ({ type: "product", id });

export function changeProductPrice(actor: StaffActor, id: number, input: ProductPriceInput) {
  return audited(actor, async (tx) => {
    const changed = await setProductPrice(
      id,
      {
        priceCents: input.price,
        originalPriceCents: input.originalPrice ?? null,
      },
      { tx },
    );
    if (isRefusal(changed)) return changed;
    const { before, after } = changed;
    const diff = changes(before, after);
    return {
      result: after,
      audit: diff && {
        action: "product.price",
        target: product(id),
        summary: `Price ${euros(before.priceCents)} → ${euros(after.priceCents)}, original ${euros(before.originalPriceCents)} → ${euros(after.originalPriceCents)}`,
        ...diff,
      },
    };
  });
}

export function changeProductTranslations(actor: StaffActor, id: number, input: ProductTranslationsInput) {
  return audited(actor, async (tx) => {
    const translations = Object.fromEntries(
      Object.entries(input.translations).map(([locale, t]) => [
        locale,
        {
          name: t.name,
          slug: t.slug,
          description: t.description,
          fabric: t.fabric ?? null,
          washingAdvice: t.washingAdvice ?? null,
          modelInfo: t.modelInfo ?? null,
        },
      ]),
    ) as Record<Locale, ProductTranslationValues>;
    const changed = await setProductTranslations(id, translations, { tx });
    if (isRefusal(changed)) return changed;
    const { before, after } = changed;
    const diff = changes(before, after);
    return {
      result: after,
      audit: diff && {
        action: "product.texts",
        target: product(id),
        summary: `Texts changed in ${Object.keys(diff.after).join(", ")}`,
        ...diff,
      },
    };
  });
}

export function changeProductAvailability(actor: StaffActor, id: number, input: ProductAvailabilityInput) {
  return audited(actor, async (tx) => {
    const changed = await setProductAvailability(
      id,
      {
        isActive: input.isActive,
        appOnly: input.appOnly,
        onlineFrom: input.onlineFrom ?? null,
        availableSoonReason: input.availableSoonReason ?? null,
        availableSoonDate: input.availableSoonDate ?? null,
      },
      { tx },
    );
    if (isRefusal(changed)) return changed;
    const { before, after } = changed;
    const diff = changes(JSON.parse(JSON.stringify(before)), JSON.parse(JSON.stringify(after)));
    return {
      result: after,
      audit: diff && {
        action: "product.availability",
        target: product(id),
        summary: `Availability: ${Object.keys(diff.after).join(", ")}`,
        ...diff,
      },
    };
  });
}

export function changeProductDetails(actor: StaffActor, id: number, input: ProductDetailsInput) {
  return audited(actor, async (tx) => {
    const { length, fit, fabric, pattern, occasion, lookId, ...rest } = input;
    const attributes = Object.fromEntries(
      Object.entries({ length, fit, fabric, pattern, occasion }).filter(([, v]) => v !== undefined),
    );
    const changed = await setProductDetails(
      id,
      {
        ...rest,
        lookId: lookId ?? null,
        attributes,
      },
      { tx },
    );
    if (isRefusal(changed)) return changed;
    const { before, after } = changed;
    const diff = changes(before, after);
    return {
      result: after,
      audit: diff && {
        action: "product.details",
        target: product(id),
        summary: `Details: ${Object.keys(diff.after).join(", ")}`,
        ...diff,
      },
    };
  });
}

export function changeProductVariants(actor: StaffActor, id: number, variants: VariantValues[]) {
  return audited(actor, async (tx) => {
    const changed = await setProductVariants(id, variants, { tx });
    if (isRefusal(changed)) return changed;
    const { before, after } = changed;
    const diff = changes({ variants: before }, { variants: after });
    const stockBefore = before.reduce((sum, v) => sum + v.stock, 0);
    const stockAfter = after.reduce((sum, v) => sum + v.stock, 0);
    return {
      result: after,
      audit: diff && {
        action: "product.variants",
        target: product(id),
        summary: `Sizes ${before.length} → ${after.length}, stock ${stockBefore} → ${stockAfter}`,
        ...diff,
      },
    };
  });
}

export function changeProductCategories(actor: StaffActor, id: number, categoryIds: number[]) {
  return audited(actor, async (tx) => {
    const changed = await setProductCategories(id, categoryIds, { tx });
    if (isRefusal(changed)) return changed;
    const { before, after } = changed;
    const diff = changes({ categoryIds: before }, { categoryIds: after });
    return {
      result: after,
      audit: diff && {
        action: "product.categories",
        target: product(id),
        summary: `Categories ${before.join(", ") || "none"} → ${after.join(", ") || "none"}`,
        ...diff,
      },
    };
  });
}

/** Stores the photo's image set first, then links it; the files are removed again if linking fails. */
export async function uploadProductImage(actor: StaffActor, id: number, file: Blob) {
  const set = await storeProductImage(file);
  if (isRefusal(set)) return set;
  try {
    const added = await audited(actor, async (tx) => {
      const imageId = await addProductImage(id, set, { tx });
      if (isRefusal(imageId)) return imageId;
      return {
        result: imageId,
        audit: {
          action: "product.image-add",
          target: product(id),
          summary: `Photo added (${set.original.width}×${set.original.height})`,
          after: { imageId, url: set.original.url },
        },
      };
    });
    if (isRefusal(added)) await discardProductImage(set);
    return added;
  } catch (error) {
    await discardProductImage(set);
    throw error;
  }
}

export async function deleteProductImage(actor: StaffActor, id: number, imageId: number) {
  const set = await audited(actor, async (tx) => {
    const removed = await removeProductImage(id, imageId, { tx });
    if (isRefusal(removed)) return removed;
    return {
      result: removed,
      audit: {
        action: "product.image-remove",
        target: product(id),
        summary: "Photo removed",
        before: { imageId, url: removed.original.url },
      },
    };
  });
  if (isRefusal(set)) return set;
  await discardProductImage(set);
}

export function reorderProductImage(
  actor: StaffActor,
  id: number,
  imageId: number,
  direction: "up" | "down",
) {
  return audited(actor, async (tx) => {
    const moved = await moveProductImage(id, imageId, direction, { tx });
    if (isRefusal(moved)) return moved;
    const { before, after } = moved;
    const diff = changes({ order: before }, { order: after });
    return {
      result: after,
      audit: diff && {
        action: "product.image-order",
        target: product(id),
        summary: "Photo order changed",
        ...diff,
      },
    };
  });
}

/** A new, inactive product; slugs are made from the names, the style code and the colour. */
export function addProduct(actor: StaffActor, input: NewProductInput) {
  return audited(actor, async (tx) => {
    const slugs = Object.fromEntries(
      Object.entries(input.names).map(([locale, name]) => [
        locale,
        slugify(`${name} ${input.styleCode} ${input.colour}`),
      ]),
    ) as Record<Locale, string>;
    const id = await createProduct(
      {
        styleCode: input.styleCode,
        brand: input.brand,
        colour: input.colour,
        colourHex: input.colourHex,
        priceCents: input.price,
        names: input.names,
        slugs,
      },
      { tx },
    );
    if (isRefusal(id)) return id;
    return {
      result: id,
      audit: {
        action: "product.create",
        target: product(id),
        summary: `Created ${input.names.en} (${input.styleCode}, ${input.colour}) at ${euros(input.price)}`,
        after: { ...input },
      },
    };
  });
}

export function saveCategoryFromForm(actor: StaffActor, id: number | null, input: CategoryInput) {
  return audited(actor, async (tx) => {
    const translations = Object.fromEntries(
      Object.entries(input.translations).map(([locale, t]) => [
        locale,
        { name: t.name, slug: t.slug, description: t.description ?? null },
      ]),
    ) as Record<Locale, { name: string; slug: string; description: string | null }>;
    const saved = await saveCategory(
      id,
      { parentId: input.parentId ?? null, position: input.position, isActive: input.isActive, translations },
      { tx },
    );
    if (isRefusal(saved)) return saved;
    const diff = saved.before
      ? changes(saved.before, { ...saved.after })
      : { before: null, after: { ...saved.after } };
    return {
      result: saved.id,
      audit: diff && {
        action: id === null ? "category.create" : "category.update",
        target: { type: "category", id: saved.id },
        summary: `${id === null ? "Created" : "Changed"} category ${translations.en.name}`,
        ...diff,
      },
    };
  });
}

export async function saveSynonyms(actor: StaffActor, input: SynonymGroupInput) {
  const id = await audited(actor, async (tx) => {
    const saved = await saveSynonymGroup(input, { tx });
    if (isRefusal(saved)) return saved;
    const diff = saved.before
      ? changes({ ...saved.before }, { ...saved.after })
      : { before: null, after: { ...saved.after } };
    return {
      result: saved.id,
      audit: diff && {
        action: saved.before ? "synonyms.update" : "synonyms.create",
        target: { type: "synonyms", id: saved.id },
        summary: `Synonyms (${input.locale}): ${input.words.join(", ")}`,
        ...diff,
      },
    };
  });
  if (!isRefusal(id)) forgetRecentSearches();
  return id;
}

export async function deleteSynonyms(actor: StaffActor, id: number) {
  await audited(actor, async (tx) => {
    const removed = await deleteSynonymGroup(id, { tx });
    return {
      result: null,
      audit: removed && {
        action: "synonyms.delete",
        target: { type: "synonyms", id },
        summary: `Synonyms removed (${removed.locale}): ${removed.words.join(", ")}`,
        before: { ...removed },
      },
    };
  });
  forgetRecentSearches();
}
