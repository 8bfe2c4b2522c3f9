import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";

/** PRODUCT.md: the bar shows after 200 ms of navigation, runs for at most 5 s, and turns red on error. */
export const PROGRESS_DELAY_MS = 200;
export const PROGRESS_TIMEOUT_MS = 5_000;
export const NAVIGATION_ERROR_EVENT = "shop:navigation-error";

type Phase = "hidden" | "running" | "done" | "failed";

/** Error boundaries call this, so the progress bar can show that the navigation failed. */
export function reportNavigationError() {
  if (typeof window !== "undefined") window.dispatchEvent(new Event(NAVIGATION_ERROR_EVENT));
}

export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<Phase>("hidden");
  // Only a navigation can fail: an error page loaded as a document shows no bar.
  const navigated = useRef(false);
  if (busy) navigated.current = true;

  useEffect(() => {
    if (!busy) {
      setPhase((current) => (current === "running" ? "done" : current));
      return;
    }
    const show = setTimeout(() => setPhase("running"), PROGRESS_DELAY_MS);
    const timeout = setTimeout(() => setPhase("done"), PROGRESS_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(timeout);
    };
  }, [busy]);

  useEffect(() => {
    const fail = () => {
      if (navigated.current) setPhase("failed");
    };
    window.addEventListener(NAVIGATION_ERROR_EVENT, fail);
    return () => window.removeEventListener(NAVIGATION_ERROR_EVENT, fail);
  }, []);

  useEffect(() => {
    if (phase !== "done" && phase !== "failed") return;
    const hide = setTimeout(() => setPhase("hidden"), phase === "failed" ? 1200 : 300);
    return () => clearTimeout(hide);
  }, [phase]);

  if (phase === "hidden") return null;
  return (
    <div
      aria-hidden="true"
      data-phase={phase}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] h-0.5"
    >
      <div
        className={`h-full transition-[width] ease-out motion-reduce:transition-none ${
          phase === "failed" ? "w-full bg-sale" : "bg-accent"
        } ${phase === "running" ? "w-[85%] duration-[5000ms]" : ""} ${phase === "done" ? "w-full duration-200" : ""}`}
      />
    </div>
  );
}
