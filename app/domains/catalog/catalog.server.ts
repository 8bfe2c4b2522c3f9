import { and, asc, eq } from "drizzle-orm";
import { db } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { categories, categoryTranslations } from "./tables.server";

export interface CategoryNode {
  id: number;
  name: string;
  slug: string;
  children: CategoryNode[];
}

const TREE_CACHE_MS = 60_000;
const treeCache = new Map<Locale, { tree: CategoryNode[]; until: number }>();

/** The active category tree in a locale, for navigation; cached a minute per process. */
export async function categoryTree(locale: Locale): Promise<CategoryNode[]> {
  const hit = treeCache.get(locale);
  if (hit && hit.until > Date.now()) return hit.tree;
  const rows = await db()
    .select({
      id: categories.id,
      parentId: categories.parentId,
      name: categoryTranslations.name,
      slug: categoryTranslations.slug,
    })
    .from(categories)
    .innerJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale)),
    )
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.position), asc(categories.id));
  const nodes = new Map(
    rows.map((r) => [r.id, { id: r.id, name: r.name, slug: r.slug, children: [] as CategoryNode[] }]),
  );
  const tree: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.children.push(node);
    else if (row.parentId === null) tree.push(node);
  }
  treeCache.set(locale, { tree, until: Date.now() + TREE_CACHE_MS });
  return tree;
}
