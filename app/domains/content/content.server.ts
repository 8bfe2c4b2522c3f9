import { and, gt, isNull, lte, or, sql } from "drizzle-orm";
import { db } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
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

export async function setMaintenanceMode(on: boolean, by?: string): Promise<void> {
  await db()
    .insert(siteSettings)
    .values({ key: "maintenanceMode", value: on, updatedBy: by })
    .onConflictDoUpdate({
      target: siteSettings.key,
      set: { value: on, updatedAt: sql`now()`, updatedBy: by },
    });
  cached = undefined;
}

export async function publishNotice(notice: {
  message: Record<Locale, string>;
  tone?: NoticeTone;
  startsAt?: Date;
  endsAt?: Date;
}): Promise<number> {
  const [row] = await db().insert(siteNotices).values(notice).returning({ id: siteNotices.id });
  cached = undefined;
  return row!.id;
}

/** An operator setting's stored JSON value, or undefined when none was saved (the caller has the default). */
export async function readSetting(key: string): Promise<unknown> {
  const [row] = await db()
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(sql`${siteSettings.key} = ${key}`);
  return row?.value;
}

export async function writeSetting(key: string, value: unknown, by?: string): Promise<void> {
  await db()
    .insert(siteSettings)
    .values({ key, value, updatedBy: by })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: sql`now()`, updatedBy: by } });
}
