import { asc, eq } from "drizzle-orm";
import { db, type Queryable } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { searchSynonyms } from "./tables.server";

export interface SynonymGroup {
  id: number;
  locale: Locale;
  words: string[];
}

/** The thesaurus, per locale, in the order the groups were made. */
export async function synonymGroups(locale?: Locale, on: Queryable = db()): Promise<SynonymGroup[]> {
  const rows = await on
    .select({ id: searchSynonyms.id, locale: searchSynonyms.locale, words: searchSynonyms.words })
    .from(searchSynonyms)
    .where(locale ? eq(searchSynonyms.locale, locale) : undefined)
    .orderBy(asc(searchSynonyms.locale), asc(searchSynonyms.id));
  return rows as SynonymGroup[];
}

/** Adds a group (no id) or replaces one's words; returns the group before (null when new) and after. */
export async function saveSynonymGroup(
  tx: Queryable,
  group: { id?: number; locale: Locale; words: string[] },
): Promise<{ id: number; before: SynonymGroup | null; after: SynonymGroup }> {
  if (group.id === undefined) {
    const [row] = await tx
      .insert(searchSynonyms)
      .values({ locale: group.locale, words: group.words })
      .returning({ id: searchSynonyms.id });
    const id = row!.id;
    return { id, before: null, after: { id, locale: group.locale, words: group.words } };
  }
  const [before] = await tx
    .select({ id: searchSynonyms.id, locale: searchSynonyms.locale, words: searchSynonyms.words })
    .from(searchSynonyms)
    .where(eq(searchSynonyms.id, group.id))
    .for("update");
  if (!before) throw new Error("This synonym group no longer exists.");
  await tx
    .update(searchSynonyms)
    .set({ locale: group.locale, words: group.words })
    .where(eq(searchSynonyms.id, group.id));
  return {
    id: group.id,
    before: before as SynonymGroup,
    after: { id: group.id, locale: group.locale, words: group.words },
  };
}

export async function deleteSynonymGroup(tx: Queryable, id: number): Promise<SynonymGroup | null> {
  const [removed] = await tx
    .delete(searchSynonyms)
    .where(eq(searchSynonyms.id, id))
    .returning({ id: searchSynonyms.id, locale: searchSynonyms.locale, words: searchSynonyms.words });
  return (removed as SynonymGroup | undefined) ?? null;
}
