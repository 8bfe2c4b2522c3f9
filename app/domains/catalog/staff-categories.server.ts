// Categories as the back office reads and changes them (the tree, its texts per locale, their slugs).
import { asc, eq, sql } from "drizzle-orm";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { type Locale, locales } from "../../platform/i18n/locales";
import { type Refusal, refuse } from "../../platform/refusal";
import { categories, categoryTranslations, productCategories } from "./tables.server";

export interface StaffCategory {
  id: number;
  parentId: number | null;
  position: number;
  isActive: boolean;
  products: number;
  translations: Partial<Record<Locale, { name: string; slug: string; description: string | null }>>;
}

/** Every category (active or not) with its texts per locale and its number of products, as a flat list. */
export function categoriesForStaff(): Promise<StaffCategory[]> {
  return readCategories(db());
}

async function readCategories(on: Queryable): Promise<StaffCategory[]> {
  const [rows, texts] = await Promise.all([
    on
      .select({
        id: categories.id,
        parentId: categories.parentId,
        position: categories.position,
        isActive: categories.isActive,
        // Qualified by hand: in a one-table select Drizzle writes the column without its table.
        products: sql<number>`(select count(*)::int from ${productCategories} pc where pc.category_id = "categories"."id")`,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    on.select().from(categoryTranslations),
  ]);
  return rows.map((row) => ({
    ...row,
    translations: Object.fromEntries(
      texts
        .filter((t) => t.categoryId === row.id)
        .map((t) => [t.locale, { name: t.name, slug: t.slug, description: t.description }]),
    ),
  }));
}

export interface SavedCategory {
  id: number;
  before: (Omit<CategoryValues, "translations"> & { translations: StaffCategory["translations"] }) | null;
  after: CategoryValues;
}

export interface CategoryValues {
  parentId: number | null;
  position: number;
  isActive: boolean;
  translations: Record<Locale, { name: string; slug: string; description: string | null }>;
}

/** Creates (id null) or updates a category; refuses a parent that would make a loop and taken slugs. */
export function saveCategory(
  id: number | null,
  values: CategoryValues,
  options: { tx?: Transaction } = {},
): Promise<SavedCategory | Refusal> {
  return transaction(async (tx) => save(tx, id, values), { on: options.tx });
}

async function save(
  tx: Transaction,
  id: number | null,
  values: CategoryValues,
): Promise<SavedCategory | Refusal> {
  const all = await readCategories(tx);
  const current = id === null ? undefined : all.find((c) => c.id === id);
  if (id !== null && !current) return refuse.notFound("admin:catalogue.categoryGone");
  if (values.parentId !== null) {
    const byId = new Map(all.map((c) => [c.id, c]));
    if (!byId.has(values.parentId))
      return refuse.notFound("admin:catalogue.parentGone", undefined, "parentId");
    for (let at: number | null = values.parentId; at !== null; at = byId.get(at)?.parentId ?? null)
      if (at === id) return refuse.invalid("admin:catalogue.categoryLoop", undefined, "parentId");
  }
  for (const locale of locales) {
    const taken = all.find(
      (c) => c.id !== id && c.translations[locale]?.slug === values.translations[locale].slug,
    );
    if (taken)
      return refuse.conflict(
        "admin:catalogue.categorySlugTaken",
        { category: taken.translations[locale]?.name ?? String(taken.id), locale },
        `translations.${locale}.slug`,
      );
  }
  // Only what changed is written: every statement on these tables (even one that changes nothing) puts
  // a row in the change feed that makes every process reload its whole search index.
  let categoryId = id;
  const row = { parentId: values.parentId, position: values.position, isActive: values.isActive };
  if (categoryId === null) {
    const [created] = await tx.insert(categories).values(row).returning({ id: categories.id });
    categoryId = created!.id;
  } else if (
    current?.parentId !== row.parentId ||
    current.position !== row.position ||
    current.isActive !== row.isActive
  ) {
    await tx.update(categories).set(row).where(eq(categories.id, categoryId));
  }
  const changedTexts = locales.filter((locale) => {
    const was = current?.translations[locale];
    const now = values.translations[locale];
    return (
      !was || was.name !== now.name || was.slug !== now.slug || (was.description ?? null) !== now.description
    );
  });
  if (changedTexts.length > 0)
    await tx
      .insert(categoryTranslations)
      .values(
        changedTexts.map((locale) => ({
          categoryId: categoryId as number,
          locale,
          ...values.translations[locale],
        })),
      )
      .onConflictDoUpdate({
        target: [categoryTranslations.categoryId, categoryTranslations.locale],
        set: { name: sql`excluded.name`, slug: sql`excluded.slug`, description: sql`excluded.description` },
      });
  const before = current
    ? {
        parentId: current.parentId,
        position: current.position,
        isActive: current.isActive,
        translations: current.translations,
      }
    : null;
  return { id: categoryId, before, after: values };
}
