import { useEffect, useState } from "react";

export interface VisitorBits {
  signedIn: boolean;
  firstName: string | null;
  isStaff: boolean;
  cartCount: number;
  wishlistCount: number;
}

let pending: Promise<VisitorBits | null> | undefined;

/** Drops the cached answer (after signing in or out, or changing the cart), so the next read asks again. */
export function refreshVisitor() {
  pending = undefined;
  window.dispatchEvent(new Event("shop:visitor-changed"));
}

function fetchVisitor(): Promise<VisitorBits | null> {
  pending ??= fetch("/api/v1/visitor", { credentials: "same-origin" })
    .then((response) => (response.ok ? (response.json() as Promise<VisitorBits>) : null))
    .catch(() => null);
  return pending;
}

/**
 * The per-visitor bits of the header (signed-in state, badge counts): one small request after the page
 * loaded, so the HTML stays the same for everyone. Null until it answers.
 */
export function useVisitor(): VisitorBits | null {
  const [visitor, setVisitor] = useState<VisitorBits | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => fetchVisitor().then((bits) => live && setVisitor(bits));
    load();
    window.addEventListener("shop:visitor-changed", load);
    return () => {
      live = false;
      window.removeEventListener("shop:visitor-changed", load);
    };
  }, []);
  return visitor;
}
