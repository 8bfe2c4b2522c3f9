// The editor's draft changes: each form of the back-office editor changes one thing of one locale's draft
// (a block, the order, a translation's title), inside a locked read-modify-write.
import { eq } from "drizzle-orm";
import type { Transaction } from "../../platform/db/db.server";
import { inTransaction } from "../../platform/db/transaction.server";
import type { Locale } from "../../platform/i18n/locales";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { type Block, DocumentSchema, type EntryDocument } from "./blocks";
import { contentEntries } from "./tables.server";

export type BlockEdit =
  | { op: "add"; block: Block }
  | { op: "replace"; index: number; block: Block }
  | { op: "move"; index: number; by: -1 | 1 }
  | { op: "remove"; index: number };

function applyEdit(blocks: Block[], edit: BlockEdit): Block[] | null {
  const next = [...blocks];
  switch (edit.op) {
    case "add":
      next.push(edit.block);
      return next;
    case "replace":
      if (!next[edit.index]) return null;
      next[edit.index] = edit.block;
      return next;
    case "move": {
      const to = edit.index + edit.by;
      if (!next[edit.index] || !next[to]) return null;
      [next[edit.index], next[to]] = [next[to]!, next[edit.index]!];
      return next;
    }
    case "remove":
      if (!next[edit.index]) return null;
      next.splice(edit.index, 1);
      return next;
  }
}

/**
 * Changes the draft of one entry inside a locked read-modify-write: the editor's forms each change one
 * thing (a block, the order, a translation's title), and two editors saving at once never lose a change.
 */
async function changeDraft(
  id: number,
  change: (document: EntryDocument) => EntryDocument | Refusal,
  options: { by?: string; tx?: Transaction },
): Promise<true | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    const [entry] = await tx
      .select({ draft: contentEntries.draft })
      .from(contentEntries)
      .where(eq(contentEntries.id, id))
      .for("update");
    if (!entry) return refuse.notFound();
    const changed = change(structuredClone(entry.draft));
    if (isRefusal(changed)) return changed;
    const document = DocumentSchema.safeParse(changed);
    if (!document.success) return refuse.invalid("admin:content.invalidDocument");
    await tx
      .update(contentEntries)
      .set({ draft: document.data, updatedAt: new Date(), updatedBy: options.by })
      .where(eq(contentEntries.id, id));
    return true;
  });
}

/** Adds, replaces, moves or removes a block of a locale's draft (the locale must have a title and slug first). */
export function editBlocks(
  id: number,
  locale: Locale,
  edit: BlockEdit,
  options: { by?: string; tx?: Transaction } = {},
): Promise<true | Refusal> {
  return changeDraft(
    id,
    (document) => {
      const translation = document.translations[locale];
      if (!translation) return refuse.invalid("admin:content.translationFirst", { locale }, "title");
      const blocks = applyEdit(translation.blocks, edit);
      if (!blocks) return refuse.notFound();
      if (blocks.length > 40) return refuse.invalid("admin:content.tooManyBlocks");
      translation.blocks = blocks;
      return document;
    },
    options,
  );
}

/** Sets a locale's slug, title and summary (creating the translation, with no blocks yet, when missing). */
export function editTranslation(
  id: number,
  locale: Locale,
  meta: { slug: string; title: string; summary?: string },
  options: { by?: string; tx?: Transaction } = {},
): Promise<true | Refusal> {
  return changeDraft(
    id,
    (document) => {
      const blocks = document.translations[locale]?.blocks ?? [];
      document.translations[locale] = { ...meta, blocks };
      return document;
    },
    options,
  );
}

/**
 * Starts (or overwrites) a locale's translation from another locale's: the same blocks and products, the
 * texts to be translated. The slug gets the locale as suffix so it is never the other locale's by mistake.
 */
export function copyTranslation(
  id: number,
  from: Locale,
  to: Locale,
  options: { by?: string; tx?: Transaction } = {},
): Promise<true | Refusal> {
  return changeDraft(
    id,
    (document) => {
      const source = document.translations[from];
      if (!source) return refuse.invalid("admin:content.translationFirst", { locale: from });
      document.translations[to] = { ...structuredClone(source), slug: `${source.slug}-${to}`.slice(0, 120) };
      return document;
    },
    options,
  );
}
