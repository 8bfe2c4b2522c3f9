import { asc, eq } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import type { Locale } from "../../platform/i18n/locales";
import { type Refusal, refuse } from "../../platform/refusal";
import { searchSynonyms } from "./tables.server";

export interface SynonymGroup {
  id: number;
  locale: Locale;
  words: string[];
}

/** The thesaurus, per locale, in the order the groups were made. */
export async function synonymGroups(locale?: Locale): Promise<SynonymGroup[]> {
  const rows = await db()
    .select({ id: searchSynonyms.id, locale: searchSynonyms.locale, words: searchSynonyms.words })
    .from(searchSynonyms)
    .where(locale ? eq(searchSynonyms.locale, locale) : undefined)
    .orderBy(asc(searchSynonyms.locale), asc(searchSynonyms.id));
  return rows as SynonymGroup[];
}

/** Adds a group (no id) or replaces one's words; returns the group before (null when new) and after. */
export function saveSynonymGroup(
  group: { id?: number; locale: Locale; words: string[] },
  options: { tx?: Transaction } = {},
): Promise<{ id: number; before: SynonymGroup | null; after: SynonymGroup } | Refusal> {
  return transaction(
    async (tx) => {
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
      if (!before) return refuse.notFound("admin:search.synonymsGone");
      await tx
        .update(searchSynonyms)
        .set({ locale: group.locale, words: group.words })
        .where(eq(searchSynonyms.id, group.id));
      return {
        id: group.id,
        before: before as SynonymGroup,
        after: { id: group.id, locale: group.locale, words: group.words },
      };
    },
    { on: options.tx },
  );
}

/** Removes a group; null when it was gone already. */
export async function deleteSynonymGroup(
  id: number,
  options: { tx?: Transaction } = {},
): Promise<SynonymGroup | null> {
  const [removed] = await (options.tx ?? db())
    .delete(searchSynonyms)
    .where(eq(searchSynonyms.id, id))
    .returning({ id: searchSynonyms.id, locale: searchSynonyms.locale, words: searchSynonyms.words });
  return (removed as SynonymGroup | undefined) ?? null;
}
