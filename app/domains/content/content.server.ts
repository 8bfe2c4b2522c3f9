import { and, desc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { db, type Queryable } from "../../platform/db/db.server";
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
  if (!cached || cached.until < Date.now()) {
    cached = { state: await loadSiteState(), until: Date.now() + CACHE_MS };
  }
  return cached.state;
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
export async function setMaintenanceMode(on: boolean, by?: string, tx: Queryable = db()): Promise<void> {
  await tx
    .insert(siteSettings)
    .values({ key: "maintenanceMode", value: on, updatedBy: by })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: on, updatedAt: sql`now()`, updatedBy: by },
    });
  cached = undefined;
}

export async function publishNotice(
  notice: {
    message: Record<Locale, string>;
    tone?: NoticeTone;
    startsAt?: Date;
    endsAt?: Date;
  },
  tx: Queryable = db(),
): Promise<number> {
  const [row] = await tx.insert(siteNotices).values(notice).returning({ id: siteNotices.id });
  cached = undefined;
  return row!.id;
}

export type StoredNotice = typeof siteNotices.$inferSelect;

/** Every notice, current and planned first, then the ended ones (newest first), for the back office. */
export async function allNotices(on: Queryable = db()): Promise<StoredNotice[]> {
  return on
    .select()
    .from(siteNotices)
    .orderBy(
      sql`(${siteNotices.endsAt} is not null and ${siteNotices.endsAt} <= now())`,
      desc(siteNotices.startsAt),
    )
    .limit(100);
}

/** Ends a notice now (it stays listed as ended); returns its window before, or null when unknown. */
export async function endNotice(id: number, tx: Queryable = db()) {
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
  cached = undefined;
  return row;
}

/** An operator setting's stored JSON value, or undefined when none was saved (the caller has the default). */
export async function readSetting(key: string, on: Queryable = db()): Promise<unknown> {
  const [row] = await on
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(sql`${siteSettings.key} = ${key}`);
  return row?.value;
}

export async function writeSetting(
  key: string,
  value: unknown,
  by?: string,
  tx: Queryable = db(),
): Promise<void> {
  await tx
    .insert(siteSettings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()`, updatedBy: by } });
  settingsCache.delete(key);
  storedCache.delete(key);
}

/** Operator settings are read on hot paths (cart, product pages): kept a few seconds per process. */
const settingsCache = new Map<string, { value: unknown; until: number }>();
const storedCache = new Map<string, { value: unknown; until: number }>();

/**
 * `readSetting` for a hot path (every order placed reads the payment methods' setting), kept a few
 * seconds per process like `shopSetting`: a save in this process shows at once, in others within seconds.
 */
export async function cachedSetting(key: string): Promise<unknown> {
  const hit = storedCache.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = await readSetting(key);
  storedCache.set(key, { value, until: Date.now() + CACHE_MS });
  return value;
}

/**
 * One of PRODUCT.md's *(setting)* values (see `settings.ts`): what operators saved, or the default when
 * nothing (or something no longer valid) is stored.
 */
export async function shopSetting<K extends SettingKey>(key: K): Promise<SettingValue<K>> {
  const hit = settingsCache.get(key);
  if (hit && hit.until > Date.now()) return hit.value as SettingValue<K>;
  const value = settingValue(key, await readSetting(key));
  settingsCache.set(key, { value, until: Date.now() + CACHE_MS });
  return value;
}

export {
  isSettingKey,
  type SettingKey,
  type SettingValue,
  settingDefinitions,
  settingKeys,
  settingSchema,
  settingValue,
  storedSetting,
} from "./settings";
