/** Bump when the categories or their explanation change: everyone is asked again. */
export const CONSENT_VERSION = "2026-11";
export const CONSENT_COOKIE = "shop_consent";
export const CONSENT_MAX_AGE_DAYS = 180;

/** What the visitor allows beyond the necessary cookies. */
export interface ConsentChoice {
  analytics: boolean;
  personalisation: boolean;
}

export interface StoredConsent extends ConsentChoice {
  version: string;
  id: string;
}

/** `v.id.a.p`, e.g. `2026-11.3f2c….1.0`: small, readable by the banner script, no JSON in a cookie. */
export function encodeConsent(consent: StoredConsent): string {
  return [consent.version, consent.id, consent.analytics ? 1 : 0, consent.personalisation ? 1 : 0].join(".");
}

/** The stored choice, or null when there is none for the current version (then the banner asks). */
export function decodeConsent(value: string | undefined | null): StoredConsent | null {
  const parts = value?.split(".");
  if (parts?.length !== 4) return null;
  const [version, id, analytics, personalisation] = parts;
  if (version !== CONSENT_VERSION || !id || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { version, id, analytics: analytics === "1", personalisation: personalisation === "1" };
}

export function readConsentCookie(cookieHeader: string): StoredConsent | null {
  const match = cookieHeader.match(new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]+)`));
  return decodeConsent(match?.[1] ? decodeURIComponent(match[1]) : null);
}
