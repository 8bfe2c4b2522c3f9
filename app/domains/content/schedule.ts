/**
 * Where an entry stands in its schedule at `now` (client-safe, pure): the pages, the sitemap, the API and
 * the back office's list all read the same answer.
 *
 * - `upcoming`: before its window (and before a campaign's early-access window);
 * - `early`: a campaign between `earlyAccessFrom` and `onlineFrom`, open only to shoppers whose
 *   early-access ticket unlocks it;
 * - `live`: inside `onlineFrom`…`onlineUntil` (either end open);
 * - `ended`: at or after `onlineUntil`.
 */
export type EntryPhase = "upcoming" | "early" | "live" | "ended";

export interface EntryWindow {
  onlineFrom: Date | null;
  onlineUntil: Date | null;
  earlyAccessFrom?: Date | null;
}

export function entryPhase(window: EntryWindow, now: Date): EntryPhase {
  const at = now.getTime();
  if (window.onlineUntil && at >= window.onlineUntil.getTime()) return "ended";
  if (!window.onlineFrom || at >= window.onlineFrom.getTime()) return "live";
  if (window.earlyAccessFrom && at >= window.earlyAccessFrom.getTime()) return "early";
  return "upcoming";
}

/** The cookie the engagement domain sets once a shopper's early-access ticket is redeemed (its guest token). */
export const EARLY_ACCESS_COOKIE = "shop_early_access";
