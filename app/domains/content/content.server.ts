import { and, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { afterCommit } from "../../platform/db/transaction.server";
import type { Locale } from "../../platform/i18n/locales";
import { type SettingKey, type SettingValue, settingValue } from "./settings";
import { type NoticeTone, siteNotices, siteSettings } from "./tables.server";

export interface SiteNotice {
  id: number;
  tone: NoticeTone;
  message: string;
}

interface SiteState {
  maintenance: boolean;
  notices: { id: number; tone: NoticeTone; message: Record<string, string> }[];
}

/** Read on every page request, so kept in memory for a few seconds per process. */
const CACHE_MS = 5_000;
let cached: { state: SiteState; until: number } | undefined;
/** Bumped when the site state changes: a read that started before does not keep what it read. */
let siteGeneration = 0;

/** Drops this process's site state once `tx` commits (others follow within CACHE_MS). */
function forgetSiteState(tx: Queryable): void {
  afterCommit(tx, () => {
    siteGeneration++;
    cached = undefined;
  });
}

async function loadSiteState(): Promise<SiteState> {
  const now = sql`now()`;
  const [settings, notices] = await Promise.all([
    db().select().from(siteSettings).where(sql`${siteSettings.key} = 'maintenanceMode'`),
    db()
      .select({ id: siteNotices.id, tone: siteNotices.tone, message: siteNotices.message })
      .from(siteNotices)
      .where(and(lte(siteNotices.startsAt, now), or(isNull(siteNotices.endsAt), gt(siteNotices.endsAt, now))))
      .orderBy(siteNotices.startsAt),
  ]);
  return { maintenance: settings[0]?.value === true, notices };
}

async function siteState(): Promise<SiteState> {
  if (cached && cached.until >= Date.now()) return cached.state;
  const started = siteGeneration;
  const state = await loadSiteState();
  if (started === siteGeneration) cached = { state, until: Date.now() + CACHE_MS };
  return state;
}

export async function isMaintenanceMode(): Promise<boolean> {
  return (await siteState()).maintenance;
}

/** The active site notices in a locale (falling back to English text). */
export async function activeNotices(locale: Locale): Promise<SiteNotice[]> {
  return (await siteState()).notices
    .map((n) => ({ id: n.id, tone: n.tone, message: n.message[locale] ?? n.message.en ?? "" }))
    .filter((n) => n.message);
}

/** `tx`: the caller's transaction (the back office writes its audit entry in the same one). */
export async function setMaintenanceMode(
  on: boolean,
  options: { by?: string; tx?: Transaction } = {},
): Promise<void> {
  const { by, tx = db() } = options;
  await tx
    .insert(siteSettings)
    .values({ key: "maintenanceMode", value: on, updatedBy: by })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: on, updatedAt: sql`now()`, updatedBy: by },
    });
  forgetSiteState(tx);
}

export async function publishNotice(
  notice: {
    message: Record<Locale, string>;
    tone?: NoticeTone;
    startsAt?: Date;
    endsAt?: Date;
  },
  options: { tx?: Transaction } = {},
): Promise<number> {
  const tx = options.tx ?? db();
  const [row] = await tx.insert(siteNotices).values(notice).returning({ id: siteNotices.id });
  forgetSiteState(tx);
  return row!.id;
}

export type StoredNotice = typeof siteNotices.$inferSelect;

/** Every notice, current and planned first, then the ended ones (newest first), for the back office. */
export async function allNotices(): Promise<StoredNotice[]> {
  return db()
    .select()
    .from(siteNotices)
    .orderBy(
      sql`(${siteNotices.endsAt} is not null and ${siteNotices.endsAt} <= now())`,
      desc(siteNotices.startsAt),
    )
    .limit(100);
}

/** Ends a notice now (it stays listed as ended); returns its window before, or null when unknown. */
export async function endNotice(id: number, options: { tx?: Transaction } = {}) {
  const tx = options.tx ?? db();
  const [row] = await tx
    .select({ startsAt: siteNotices.startsAt, endsAt: siteNotices.endsAt, message: siteNotices.message })
    .from(siteNotices)
    .where(eq(siteNotices.id, id))
    .for("update");
  if (!row) return null;
  await tx
    .update(siteNotices)
    .set({ endsAt: sql`least(coalesce(${siteNotices.endsAt}, now()), now())` })
    .where(eq(siteNotices.id, id));
  forgetSiteState(tx);
  return row;
}

/** An operator setting's stored JSON value, or undefined when none was saved (the caller has the default). */
export async function readSetting(key: string, options: { tx?: Transaction } = {}): Promise<unknown> {
  const [row] = await (options.tx ?? db())
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(sql`${siteSettings.key} = ${key}`);
  return row?.value;
}

/**
 * Saves an operator setting. This process reads the new value as soon as `tx` commits (not before: a reader
 * in between would keep the old value), other processes within CACHE_MS.
 */
export async function writeSetting(
  key: string,
  value: unknown,
  options: { by?: string; tx?: Transaction } = {},
): Promise<void> {
  const { by, tx = db() } = options;
  await tx
    .insert(siteSettings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()`, updatedBy: by } });
  afterCommit(tx, () => {
    settingsGeneration++;
    settingsCache.delete(key);
  });
}

/** A setting as stored, and (once a caller asked for it) as `shopSetting` reads it. */
interface SettingEntry {
  stored: unknown;
  value?: unknown;
  until: number;
}

/**
 * Operator settings are read on hot paths (cart, checkout, product pages and cards): every reader goes
 * through this one cache, a few seconds per process, dropped by `writeSetting` when a save commits.
 */
const settingsCache = new Map<string, SettingEntry>();
/** Bumped by every save: a read that started before one does not keep what it read. */
let settingsGeneration = 0;

async function settingEntry(key: string): Promise<SettingEntry> {
  const hit = settingsCache.get(key);
  if (hit && hit.until > Date.now()) return hit;
  const started = settingsGeneration;
  const entry: SettingEntry = { stored: await readSetting(key), until: Date.now() + CACHE_MS };
  if (started === settingsGeneration) settingsCache.set(key, entry);
  return entry;
}

/**
 * An operator setting's stored JSON value (undefined when none was saved) for a setting with a shape of its
 * own (`payments.methods`, `shippingMethods`), through the settings cache. A save in this process shows at
 * once, in others within seconds. The back office reads with `readSetting`, uncached.
 */
export async function cachedSetting(key: string): Promise<unknown> {
  return (await settingEntry(key)).stored;
}

/**
 * One of PRODUCT.md's *(setting)* values (see `settings.ts`): what operators saved, or the default when
 * nothing (or something no longer valid) is stored. Through the settings cache, like `cachedSetting`.
 */
export async function shopSetting<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
  const entry = await settingEntry(key);
  entry.value ??= settingValue(key, entry.stored);
  return entry.value as SettingValue<K>;
}

export type { Block, EntryDocument, EntryKind } from "./blocks";
export { copyTranslation, editBlocks, editTranslation } from "./drafts.server";
export {
  isEarlyAccessUnlocked,
  provideEarlyAccessCheck,
} from "./early-access.server";
export {
  createEntry,
  createPublishedEntry,
  type EntryView,
  earlyAccessCampaigns,
  entryForEditor,
  entryList,
  hasContent,
  liveEntries,
  liveHome,
  onContentPublished,
  previewEntry,
  publishEntry,
  publishedEntry,
  restoreVersion,
  scheduleEntry,
} from "./entries.server";
export { storeContentImage } from "./images.server";
export {
  type SettingKey,
  type SettingValue,
  settingDefinitions,
  settingSchema,
  settingValue,
  storedSetting,
} from "./settings";
