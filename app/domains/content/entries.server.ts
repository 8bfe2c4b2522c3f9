import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, max, or, type SQL, sql } from "drizzle-orm";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { afterCommit, inTransaction, transaction } from "../../platform/db/transaction.server";
import type { Locale } from "../../platform/i18n/locales";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import {
  type Block,
  DocumentSchema,
  type EntryDocument,
  type EntryKind,
  type EntryTranslation,
  missingLocales,
} from "./blocks";
import { type EntryPhase, entryPhase } from "./schedule";
import { contentEntries, contentSlugs, contentVersions } from "./tables.server";

/** One locale of a published (or previewed) entry, as pages, the API and the app render it. */
export interface EntryView {
  id: number;
  kind: EntryKind;
  slug: string;
  title: string;
  summary?: string;
  blocks: Block[];
  onlineFrom: Date | null;
  onlineUntil: Date | null;
  earlyAccessFrom: Date | null;
  /** Where the entry stands at the `now` it was read for (a preview may show any phase). */
  phase: EntryPhase;
  /** The entry's slug in every locale it has, for the language switcher and hreflang links. */
  slugs: Partial<Record<Locale, string>>;
}

/**
 * Listeners told after a publish commits (the micro-cache drops its pages): registered by the server, so
 * the domain needs no HTTP import.
 */
const publishListeners = new Set<() => void>();
export function onContentPublished(listener: () => void): () => void {
  publishListeners.add(listener);
  return () => publishListeners.delete(listener);
}

/** Online at `now`: published, and inside its window (either end open). */
function liveAt(now: Date): SQL {
  return and(
    or(isNull(contentEntries.onlineFrom), lte(contentEntries.onlineFrom, now)),
    or(isNull(contentEntries.onlineUntil), gt(contentEntries.onlineUntil, now)),
  ) as SQL;
}

/** A campaign in its early-access window at `now` (only for visitors the check lets in). */
function earlyAt(now: Date): SQL {
  return and(
    eq(contentEntries.kind, "campaign"),
    lte(contentEntries.earlyAccessFrom, now),
    gt(contentEntries.onlineFrom, now),
  ) as SQL;
}

interface WindowRow {
  id: number;
  kind: EntryKind;
  onlineFrom: Date | null;
  onlineUntil: Date | null;
  earlyAccessFrom: Date | null;
}

function view(row: WindowRow, document: EntryDocument, locale: Locale, now: Date): EntryView | null {
  const translation: EntryTranslation | undefined = document.translations[locale];
  if (!translation) return null;
  const slugs = Object.fromEntries(
    Object.entries(document.translations).map(([l, t]) => [l, t.slug]),
  ) as Partial<Record<Locale, string>>;
  return { ...row, ...translation, slugs, phase: entryPhase(row, now) };
}

const published = {
  id: contentEntries.id,
  kind: contentEntries.kind,
  onlineFrom: contentEntries.onlineFrom,
  onlineUntil: contentEntries.onlineUntil,
  earlyAccessFrom: contentEntries.earlyAccessFrom,
  document: contentVersions.document,
};

function publishedRows(where: SQL) {
  return db()
    .select(published)
    .from(contentEntries)
    .innerJoin(
      contentVersions,
      and(
        eq(contentVersions.entryId, contentEntries.id),
        eq(contentVersions.number, contentEntries.publishedVersion),
      ),
    )
    .where(where);
}

/**
 * The published entry a visitor reaches at `/{kind}/{slug}/` at `now`, or null (unknown, draft, outside its
 * window). With `early`, a campaign in its early-access window is answered too (phase `early`): the caller
 * shows it only to a visitor `isEarlyAccessUnlocked` lets in.
 */
export async function publishedEntry(
  kind: EntryKind,
  locale: Locale,
  slug: string,
  now = new Date(),
  options: { early?: boolean } = {},
): Promise<EntryView | null> {
  const [row] = await db()
    .select(published)
    .from(contentSlugs)
    .innerJoin(contentEntries, eq(contentEntries.id, contentSlugs.entryId))
    .innerJoin(
      contentVersions,
      and(
        eq(contentVersions.entryId, contentEntries.id),
        eq(contentVersions.number, contentEntries.publishedVersion),
      ),
    )
    .where(
      and(
        eq(contentSlugs.locale, locale),
        eq(contentSlugs.kind, kind),
        eq(contentSlugs.slug, slug),
        options.early ? or(liveAt(now), earlyAt(now)) : liveAt(now),
      ),
    );
  return row ? view(row, row.document, locale, now) : null;
}

/** The live entries of a kind at `now` (the campaign list, the sitemap), newest window first. */
export async function liveEntries(kind: EntryKind, locale: Locale, now = new Date()): Promise<EntryView[]> {
  const rows = await publishedRows(and(eq(contentEntries.kind, kind), liveAt(now)) as SQL).orderBy(
    desc(contentEntries.onlineFrom),
    desc(contentEntries.id),
  );
  return rows.flatMap((row) => view(row, row.document, locale, now) ?? []);
}

/**
 * The home page's slots at `now`: the newest live `home` entry (a scheduled one takes over at its time and
 * hands back at its end), or null when none is live (the page shows its built-in slots).
 */
export async function liveHome(locale: Locale, now = new Date()): Promise<EntryView | null> {
  const rows = await publishedRows(and(eq(contentEntries.kind, "home"), liveAt(now)) as SQL)
    // A scheduled entry wins over the open-ended one it replaces for a while.
    .orderBy(sql`${contentEntries.onlineFrom} desc nulls last`, desc(contentEntries.id))
    .limit(1);
  const row = rows[0];
  return row ? view(row, row.document, locale, now) : null;
}

/**
 * Campaigns with an early-access window that has not given way to the public window yet (upcoming or in
 * it) at `now`: what the engagement domain offers tickets for.
 */
export async function earlyAccessCampaigns(locale: Locale, now = new Date()): Promise<EntryView[]> {
  const rows = await publishedRows(
    and(
      eq(contentEntries.kind, "campaign"),
      isNotNull(contentEntries.earlyAccessFrom),
      gt(contentEntries.onlineFrom, now),
    ) as SQL,
  ).orderBy(asc(contentEntries.earlyAccessFrom), asc(contentEntries.id));
  return rows.flatMap((row) => view(row, row.document, locale, now) ?? []);
}

/** The draft behind a preview link, in a locale, whatever its status or window (staff share these links). */
export async function previewEntry(
  token: string,
  locale: Locale,
  now = new Date(),
): Promise<EntryView | null> {
  const [row] = await db()
    .select({
      id: contentEntries.id,
      kind: contentEntries.kind,
      onlineFrom: contentEntries.onlineFrom,
      onlineUntil: contentEntries.onlineUntil,
      earlyAccessFrom: contentEntries.earlyAccessFrom,
      draft: contentEntries.draft,
    })
    .from(contentEntries)
    .where(eq(contentEntries.previewToken, token));
  return row ? view(row, row.draft, locale, now) : null;
}

export interface EntryDraft {
  kind: EntryKind;
  name: string;
  document: EntryDocument;
  onlineFrom?: Date | null;
  onlineUntil?: Date | null;
  earlyAccessFrom?: Date | null;
}

/** The window's own rules: it ends after it starts, and early access opens before the window does. */
function windowRefusal(input: Omit<EntryDraft, "document" | "name">): Refusal | null {
  if (input.onlineFrom && input.onlineUntil && input.onlineUntil <= input.onlineFrom)
    return refuse.invalid("admin:content.window", undefined, "onlineUntil");
  if (input.earlyAccessFrom) {
    if (input.kind !== "campaign")
      return refuse.invalid("admin:content.earlyOnlyCampaigns", undefined, "earlyAccessFrom");
    if (!input.onlineFrom || input.earlyAccessFrom >= input.onlineFrom)
      return refuse.invalid("admin:content.earlyBeforeOnline", undefined, "earlyAccessFrom");
  }
  return null;
}

/** Creates an entry as a draft (not visible until published). */
export async function createEntry(
  input: EntryDraft,
  options: { by?: string; tx?: Transaction } = {},
): Promise<number | Refusal> {
  const document = DocumentSchema.safeParse(input.document);
  if (!document.success) return refuse.invalid("admin:content.invalidDocument");
  const refused = windowRefusal(input);
  if (refused) return refused;
  const [row] = await (options.tx ?? db())
    .insert(contentEntries)
    .values({
      kind: input.kind,
      name: input.name,
      draft: document.data,
      onlineFrom: input.onlineFrom ?? null,
      onlineUntil: input.onlineUntil ?? null,
      earlyAccessFrom: input.earlyAccessFrom ?? null,
      previewToken: randomBytes(18).toString("base64url"),
      updatedBy: options.by,
    })
    .returning({ id: contentEntries.id });
  return row!.id;
}

/** Saves the editor's draft and window; what visitors see changes only at the next publish. */
export async function saveDraft(
  id: number,
  input: Omit<EntryDraft, "kind">,
  options: { by?: string; tx?: Transaction } = {},
): Promise<true | Refusal> {
  const document = DocumentSchema.safeParse(input.document);
  if (!document.success) return refuse.invalid("admin:content.invalidDocument");
  const tx = options.tx ?? db();
  const [entry] = await tx
    .select({ kind: contentEntries.kind, publishedVersion: contentEntries.publishedVersion })
    .from(contentEntries)
    .where(eq(contentEntries.id, id));
  if (!entry) return refuse.notFound();
  const refused = windowRefusal({ ...input, kind: entry.kind });
  if (refused) return refused;
  await tx
    .update(contentEntries)
    .set({
      name: input.name,
      draft: document.data,
      onlineFrom: input.onlineFrom ?? null,
      onlineUntil: input.onlineUntil ?? null,
      earlyAccessFrom: input.earlyAccessFrom ?? null,
      updatedAt: new Date(),
      updatedBy: options.by,
    })
    .where(eq(contentEntries.id, id));
  // The window is not versioned: on a published entry it changes what visitors see at once.
  if (entry.publishedVersion !== null) forgetPublishedPages(tx);
  return true;
}

function forgetPublishedPages(tx: Queryable): void {
  afterCommit(tx, () => {
    for (const listener of publishListeners) listener();
  });
}

/**
 * Publishes the draft as the next version: refused while a locale is missing (a visitor must never land
 * on a half-translated page) or when a slug is taken by another entry of the kind. The window applies
 * from then on; the micro-cache forgets its pages once the transaction commits.
 */
export async function publishEntry(
  id: number,
  options: { by?: string; tx?: Transaction } = {},
): Promise<{ version: number } | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    const [entry] = await tx.select().from(contentEntries).where(eq(contentEntries.id, id)).for("update");
    if (!entry) return refuse.notFound();
    const missing = missingLocales(entry.draft);
    if (missing.length > 0)
      return refuse.invalid("admin:content.missingLocales", { locales: missing.join(", ") });
    // Home entries have no URL of their own: their slugs lead nowhere and may repeat.
    const taken = entry.kind === "home" ? null : await slugConflict(tx, entry.kind, id, entry.draft);
    if (taken) return refuse.conflict("admin:content.slugTaken", taken, "slug");
    const [last] = await tx
      .select({ number: max(contentVersions.number) })
      .from(contentVersions)
      .where(eq(contentVersions.entryId, id));
    const version = (last?.number ?? 0) + 1;
    await tx
      .insert(contentVersions)
      .values({ entryId: id, number: version, document: entry.draft, publishedBy: options.by });
    await tx
      .update(contentEntries)
      .set({ publishedVersion: version, updatedAt: new Date() })
      .where(eq(contentEntries.id, id));
    await tx.delete(contentSlugs).where(eq(contentSlugs.entryId, id));
    if (entry.kind !== "home")
      await tx.insert(contentSlugs).values(
        Object.entries(entry.draft.translations).map(([locale, t]) => ({
          locale,
          kind: entry.kind,
          slug: t.slug,
          entryId: id,
        })),
      );
    forgetPublishedPages(tx);
    return { version };
  });
}

async function slugConflict(
  tx: Queryable,
  kind: EntryKind,
  id: number,
  document: EntryDocument,
): Promise<{ locale: string; slug: string } | null> {
  for (const [locale, t] of Object.entries(document.translations)) {
    const [row] = await tx
      .select({ entryId: contentSlugs.entryId })
      .from(contentSlugs)
      .where(
        and(eq(contentSlugs.locale, locale), eq(contentSlugs.kind, kind), eq(contentSlugs.slug, t.slug)),
      );
    if (row && row.entryId !== id) return { locale, slug: t.slug };
  }
  return null;
}

/** Seeds (or tests) through the connection they set up: creates and publishes in one transaction. */
export async function createPublishedEntry(input: EntryDraft): Promise<number> {
  return transaction(async (tx) => {
    const id = await createEntry(input, { tx });
    if (isRefusal(id)) throw new Error(`content entry refused: ${id.messageKey}`);
    const outcome = await publishEntry(id, { tx });
    if (isRefusal(outcome)) throw new Error(`content entry refused: ${outcome.messageKey}`);
    return id;
  });
}

/** Whether any content entry exists (the first start seeds demo content only into an empty table). */
export async function hasContent(): Promise<boolean> {
  const [row] = await db().select({ id: contentEntries.id }).from(contentEntries).limit(1);
  return Boolean(row);
}

/**
 * Brings back an earlier version: its document becomes the draft and is published again as the next
 * version (the history only grows), with the same checks as any publish.
 */
export async function restoreVersion(
  id: number,
  number: number,
  options: { by?: string; tx?: Transaction } = {},
): Promise<{ version: number } | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    const [old] = await tx
      .select({ document: contentVersions.document })
      .from(contentVersions)
      .where(and(eq(contentVersions.entryId, id), eq(contentVersions.number, number)));
    if (!old) return refuse.notFound();
    await tx
      .update(contentEntries)
      .set({ draft: old.document, updatedAt: new Date(), updatedBy: options.by })
      .where(eq(contentEntries.id, id));
    return publishEntry(id, { by: options.by, tx });
  });
}

export type StoredEntry = typeof contentEntries.$inferSelect;

export interface EntrySummary {
  id: number;
  kind: EntryKind;
  name: string;
  onlineFrom: Date | null;
  onlineUntil: Date | null;
  earlyAccessFrom: Date | null;
  publishedVersion: number | null;
  /** The draft differs from the published version (or nothing is published yet). */
  unpublishedChanges: boolean;
  updatedAt: Date;
  titles: Partial<Record<Locale, string>>;
}

/** Every entry for the back office's list, last changed first. */
export async function entryList(kind?: EntryKind): Promise<EntrySummary[]> {
  const rows = await db()
    .select({
      id: contentEntries.id,
      kind: contentEntries.kind,
      name: contentEntries.name,
      onlineFrom: contentEntries.onlineFrom,
      onlineUntil: contentEntries.onlineUntil,
      earlyAccessFrom: contentEntries.earlyAccessFrom,
      publishedVersion: contentEntries.publishedVersion,
      updatedAt: contentEntries.updatedAt,
      draft: contentEntries.draft,
      published: contentVersions.document,
    })
    .from(contentEntries)
    .leftJoin(
      contentVersions,
      and(
        eq(contentVersions.entryId, contentEntries.id),
        eq(contentVersions.number, contentEntries.publishedVersion),
      ),
    )
    .where(kind ? eq(contentEntries.kind, kind) : undefined)
    .orderBy(desc(contentEntries.updatedAt), desc(contentEntries.id))
    .limit(200);
  return rows.map(({ draft, published: document, ...row }) => ({
    ...row,
    unpublishedChanges: !document || JSON.stringify(document) !== JSON.stringify(draft),
    titles: Object.fromEntries(Object.entries(draft.translations).map(([l, t]) => [l, t.title])),
  }));
}

export interface EntryForEditor {
  entry: StoredEntry;
  versions: { number: number; publishedAt: Date; publishedBy: string | null }[];
  unpublishedChanges: boolean;
}

/** One entry with its draft, preview token and published versions (newest first), for the editor. */
export async function entryForEditor(id: number): Promise<EntryForEditor | null> {
  const [entry] = await db().select().from(contentEntries).where(eq(contentEntries.id, id));
  if (!entry) return null;
  const versions = await db()
    .select({
      number: contentVersions.number,
      publishedAt: contentVersions.publishedAt,
      publishedBy: contentVersions.publishedBy,
      document: contentVersions.document,
    })
    .from(contentVersions)
    .where(eq(contentVersions.entryId, id))
    .orderBy(desc(contentVersions.number));
  const current = versions.find((v) => v.number === entry.publishedVersion);
  return {
    entry,
    versions: versions.map(({ document: _, ...v }) => v),
    unpublishedChanges: !current || JSON.stringify(current.document) !== JSON.stringify(entry.draft),
  };
}

/** One change of a locale's block list in the editor. */
/** Changes an entry's name and schedule (online from/until, early access); see `saveDraft` for the rules. */
export async function scheduleEntry(
  id: number,
  input: { name: string; onlineFrom?: Date | null; onlineUntil?: Date | null; earlyAccessFrom?: Date | null },
  options: { by?: string; tx?: Transaction } = {},
): Promise<
  { before: { onlineFrom: Date | null; onlineUntil: Date | null; earlyAccessFrom: Date | null } } | Refusal
> {
  return inTransaction(options.tx, async (tx) => {
    const [entry] = await tx
      .select({
        draft: contentEntries.draft,
        onlineFrom: contentEntries.onlineFrom,
        onlineUntil: contentEntries.onlineUntil,
        earlyAccessFrom: contentEntries.earlyAccessFrom,
      })
      .from(contentEntries)
      .where(eq(contentEntries.id, id))
      .for("update");
    if (!entry) return refuse.notFound();
    const { draft, ...before } = entry;
    const saved = await saveDraft(id, { ...input, document: draft }, { ...options, tx });
    return isRefusal(saved) ? saved : { before };
  });
}
