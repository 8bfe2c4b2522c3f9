import { useEffect, useState } from "react";

export interface VisitorBits {
  signedIn: boolean;
  firstName: string | null;
  isStaff: boolean;
  cartCount: number;
  wishlistCount: number;
}

let pending: Promise<VisitorBits | null> | undefined;

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
    return () => {
      live = false;
    };
  }, []);
  return visitor;
}
