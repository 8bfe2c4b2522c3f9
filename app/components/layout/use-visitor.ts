import { useSyncExternalStore } from "react";

export interface VisitorBits {
  signedIn: boolean;
  firstName: string | null;
  isStaff: boolean;
  cartCount: number;
  wishlistCount: number;
  /** Wishlisted product ids: the pressed hearts. */
  wishlist: number[];
}

let pending: Promise<VisitorBits | null> | undefined;
/** The last answer handed to the page; null until the first one (or when it failed). */
let known: VisitorBits | null = null;
let requested = false;
const listeners = new Set<() => void>();

function fetchVisitor(): Promise<VisitorBits | null> {
  pending ??= fetch("/api/v1/visitor", { credentials: "same-origin", cache: "no-store" })
    .then((response) => (response.ok ? (response.json() as Promise<VisitorBits>) : null))
    .catch(() => null);
  return pending;
}

/** Hands an answer to every subscriber, unless a newer request or change replaced it meanwhile. */
function publishWhenCurrent(answer: Promise<VisitorBits | null>) {
  void answer.then((bits) => {
    if (pending !== answer) return;
    known = bits;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!requested) {
    requested = true;
    publishWhenCurrent(fetchVisitor());
  }
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Asks for the visitor bits again (after the bag or the wishlist changed) and hands them to every header,
 * heart and badge on the page, without a reload. With `bits` (an answer already in hand) nothing is fetched.
 */
export function refreshVisitor(bits?: VisitorBits): Promise<VisitorBits | null> {
  pending = bits ? Promise.resolve(bits) : undefined;
  const next = fetchVisitor();
  publishWhenCurrent(next);
  return next;
}

/** Changes the known bits in place (a heart toggled), so every heart and badge follows at once. */
export async function updateVisitor(change: (bits: VisitorBits) => VisitorBits): Promise<void> {
  const current = await fetchVisitor();
  if (current) await refreshVisitor(change(current));
}

/**
 * The per-visitor bits of the header (signed-in state, badge counts, hearts): one small request after the
 * page loaded, so the HTML stays the same for everyone. Null until it answers.
 */
export function useVisitor(): VisitorBits | null {
  return useSyncExternalStore(
    subscribe,
    () => known,
    () => null,
  );
}

/**
 * One value derived from the visitor bits, e.g. whether this product's heart is pressed. A component
 * renders again only when its value changes (compared with `Object.is`, so return a primitive): the answer
 * arriving after load does not re-render the 48 hearts of a listing, only those it presses.
 */
export function useVisitorValue<T>(select: (bits: VisitorBits | null) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(known),
    () => select(null),
  );
}
