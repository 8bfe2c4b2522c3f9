import { useEffect, useRef } from "react";

const openers = new Set<() => void>();

/** Opens the cart fly-in from anywhere (after add to bag); the header listens. */
export function openBag(): void {
  for (const open of openers) open();
}

/** The header's side of `openBag`. */
export function useOpenBagListener(open: () => void): void {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    const listener = () => latest.current();
    openers.add(listener);
    return () => {
      openers.delete(listener);
    };
  }, []);
}
