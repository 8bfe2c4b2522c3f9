import { useEffect, useSyncExternalStore } from "react";

/**
 * The visitor's favourites and follows, fetched once after load (marketplace pages are the same for
 * everyone and may be cached, so the pressed hearts and follow buttons come from this small request).
 */
export interface SocialBits {
  signedIn: boolean;
  favourites: number[];
  following: string[];
}

let known: SocialBits | null = null;
let pending: Promise<void> | undefined;
const listeners = new Set<() => void>();
const publish = (bits: SocialBits | null) => {
  known = bits;
  for (const listener of listeners) listener();
};

function load(): Promise<void> {
  pending ??= fetch("/api/v1/marketplace/me/social", { credentials: "same-origin", cache: "no-store" })
    .then((r) => (r.ok ? (r.json() as Promise<SocialBits>) : null))
    .then(publish)
    .catch(() => undefined);
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** One value of the social bits (null until they arrive); loads them on first use. */
export function useSocial<T>(select: (bits: SocialBits | null) => T): T {
  useEffect(() => void load(), []);
  return useSyncExternalStore(
    subscribe,
    () => select(known),
    () => select(null),
  );
}

/** Changes the local state at once and asks the API; puts it back when the API refuses. */
export async function toggleSocial(
  kind: "favourites" | "following",
  key: number | string,
  on: boolean,
  locale: string,
): Promise<{ ok: boolean; status: number; body: unknown }> {
  const before = known;
  if (known) {
    const list = known[kind] as (number | string)[];
    publish({ ...known, [kind]: on ? [key, ...list] : list.filter((k) => k !== key) });
  }
  const path =
    kind === "favourites"
      ? `/api/v1/marketplace/favourites/${key}`
      : `/api/v1/marketplace/follows/${encodeURIComponent(String(key))}`;
  try {
    const response = await fetch(`${path}?locale=${locale}`, {
      method: on ? "PUT" : "DELETE",
      credentials: "same-origin",
    });
    const body = await response.json().catch(() => null);
    if (!response.ok) publish(before);
    return { ok: response.ok, status: response.status, body };
  } catch {
    publish(before);
    return { ok: false, status: 0, body: null };
  }
}

/** Tells the shop a listing or store was viewed or a listing shared; best effort, never throws. */
export function sendMarketplaceBeacon(
  event: { type: "view" | "share"; listingId: number } | { type: "store-view"; storeHandle: string },
): void {
  try {
    const body = JSON.stringify(event);
    const blob = new Blob([body], { type: "application/json" });
    if (
      typeof navigator.sendBeacon === "function" &&
      navigator.sendBeacon("/api/v1/marketplace/events", blob)
    )
      return;
    void fetch("/api/v1/marketplace/events", {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      keepalive: true,
      credentials: "omit",
    }).catch(() => {});
  } catch {
    // best effort
  }
}
