// What a category page shows of its category (name, description, slugs in every locale), kept per
// process: two SQL round trips of every uncached category page before (docs/scaling.md). Dropped when
// the listing index takes in a change of the category tree or its translations from the change feed
// (any write to `categories` or `category_translations`), or reloads.
import { and, eq } from "drizzle-orm";
import { type Database, db } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { listingIndex } from "./listing-index.server";
import { categories, categoryTranslations } from "./tables.server";

export interface CategoryInfo {
  id: number;
  name: string;
  description: string | null;
  /** The category's slug in every locale, for the language switch and hreflang links. */
  slugs: Record<Locale, string>;
}

/** A category by its slug in a locale, with its slugs in the other locales; null when unknown. */
async function readCategory(locale: Locale, slug: string): Promise<CategoryInfo | null> {
  const [match] = await db()
    .select({
      id: categoryTranslations.categoryId,
      name: categoryTranslations.name,
      description: categoryTranslations.description,
    })
    .from(categoryTranslations)
    .innerJoin(categories, eq(categories.id, categoryTranslations.categoryId))
    .where(
      and(
        eq(categoryTranslations.locale, locale),
        eq(categoryTranslations.slug, slug),
        eq(categories.isActive, true),
      ),
    );
  if (!match) return null;
  const translations = await db()
    .select({ locale: categoryTranslations.locale, slug: categoryTranslations.slug })
    .from(categoryTranslations)
    .where(eq(categoryTranslations.categoryId, match.id));
  const slugs = Object.fromEntries(translations.map((t) => [t.locale, t.slug])) as Record<Locale, string>;
  return { ...match, slugs };
}

interface Memory {
  /** Known categories only (an unknown slug is read each time: any URL may ask for one). */
  known: Map<string, CategoryInfo>;
  /** Bumped by every change: a read that started before one does not keep what it read. */
  generation: number;
}

const memories = new WeakMap<Database, Memory>();

function memoryOf(database: Database): Memory {
  let memory = memories.get(database);
  if (!memory) {
    const created: Memory = { known: new Map(), generation: 0 };
    // A category change reaches the index as a reload of everything (null), products as their ids.
    listingIndex(database).onChange((productIds) => {
      if (productIds !== null) return;
      created.generation++;
      created.known.clear();
    });
    memories.set(database, created);
    memory = created;
  }
  return memory;
}

/** A category by its slug in a locale, with its slugs in the other locales; null when unknown. */
export async function categoryBySlug(locale: Locale, slug: string): Promise<CategoryInfo | null> {
  const database = db();
  const memory = memoryOf(database);
  await listingIndex(database).ready();
  const key = `${locale}:${slug}`;
  const hit = memory.known.get(key);
  if (hit) return hit;
  const started = memory.generation;
  const info = await readCategory(locale, slug);
  if (info && started === memory.generation) memory.known.set(key, info);
  return info;
}
