import { useEffect, useState } from "react";

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
const listeners = new Set<(bits: VisitorBits | null) => void>();

function fetchVisitor(): Promise<VisitorBits | null> {
  pending ??= fetch("/api/v1/visitor", { credentials: "same-origin", cache: "no-store" })
    .then((response) => (response.ok ? (response.json() as Promise<VisitorBits>) : null))
    .catch(() => null);
  return pending;
}

/**
 * Asks for the visitor bits again (after the bag or the wishlist changed) and hands them to every header,
 * heart and badge on the page, without a reload. With `bits` (an answer already in hand) nothing is fetched.
 */
export function refreshVisitor(bits?: VisitorBits): Promise<VisitorBits | null> {
  pending = bits ? Promise.resolve(bits) : undefined;
  const next = fetchVisitor();
  void next.then((value) => {
    for (const listener of listeners) listener(value);
  });
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
  const [visitor, setVisitor] = useState<VisitorBits | null>(null);
  useEffect(() => {
    let live = true;
    const listener = (bits: VisitorBits | null) => live && setVisitor(bits);
    listeners.add(listener);
    fetchVisitor().then(listener);
    return () => {
      live = false;
      listeners.delete(listener);
    };
  }, []);
  return visitor;
}
