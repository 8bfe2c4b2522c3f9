import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";

/**
 * The one place that decides which modal, fly-in or bottom tray is open.
 *
 * Radix Dialog (and vaul, built on it) already traps focus, closes the top layer on Escape, hides the
 * rest from assistive technology and locks body scroll. This manager adds what Radix cannot know:
 * only one fly-in (and one tray) at a time, closing an overlay closes what was stacked on it, the page
 * behind becomes `inert`, and focus goes back to the element that opened the overlay, even when that
 * element lived in a fly-in that has since been replaced.
 *
 * Layers (z-index): page chrome up to 90 (sticky header, cookie banner); modals, fly-ins and trays 95,
 * stacked among themselves by opening order; popovers 96; toasts 97; the navigation progress bar 100.
 */

export type OverlayKind = "modal" | "fly-in" | "tray";

export interface OverlayEntry<F = HTMLElement> {
  id: string;
  kind: OverlayKind;
  /** Where focus goes on close, best first: the opener, then the openers of the overlays it replaced. */
  returnFocus: readonly F[];
}

export interface OverlayChange<F> {
  stack: readonly OverlayEntry<F>[];
  /** Entries that closed because of this change, bottom first. */
  closed: readonly OverlayEntry<F>[];
}

/** Kinds of which one at a time may be open: opening one replaces the open one of that kind. */
export const exclusiveKinds: ReadonlySet<OverlayKind> = new Set<OverlayKind>(["fly-in", "tray"]);

/**
 * Opens `entry` on top of `stack`. An exclusive kind closes the open overlay of that kind together with
 * everything stacked on it; the new entry inherits its focus-return targets. Opening an open id is a no-op.
 */
export function openOverlay<F>(stack: readonly OverlayEntry<F>[], entry: OverlayEntry<F>): OverlayChange<F> {
  if (stack.some((open) => open.id === entry.id)) return { stack, closed: [] };
  const replaced = exclusiveKinds.has(entry.kind) ? stack.findIndex((open) => open.kind === entry.kind) : -1;
  if (replaced === -1) return { stack: [...stack, entry], closed: [] };
  const closed = stack.slice(replaced);
  const next = { ...entry, returnFocus: [...entry.returnFocus, ...(closed[0]?.returnFocus ?? [])] };
  return { stack: [...stack.slice(0, replaced), next], closed };
}

/** Closes `id` and everything stacked on it (a confirmation opened from a fly-in goes with the fly-in). */
export function closeOverlay<F>(stack: readonly OverlayEntry<F>[], id: string): OverlayChange<F> {
  const index = stack.findIndex((open) => open.id === id);
  if (index === -1) return { stack, closed: [] };
  return { stack: stack.slice(0, index), closed: stack.slice(index) };
}

export function topOverlay<F>(stack: readonly OverlayEntry<F>[]): OverlayEntry<F> | undefined {
  return stack[stack.length - 1];
}

/** The first target that can still take focus: attached to the document and not in an inert subtree. */
export function firstFocusable<F extends { isConnected: boolean; closest(selector: string): unknown }>(
  targets: readonly F[],
): F | undefined {
  return targets.find((target) => target.isConnected && !target.closest("[inert]"));
}

interface Registration {
  kind: OverlayKind;
  onOpenChange?: (open: boolean) => void;
}

export interface OverlayApi {
  /** Opens an overlay by id (its kind comes from the mounted component, else `kind`, else modal). */
  open(id: string, kind?: OverlayKind): void;
  /** Closes an overlay and everything stacked on it; focus returns to its opener. */
  close(id: string): void;
  closeTop(): void;
  closeAll(): void;
  isOpen(id: string): boolean;
  stack: readonly OverlayEntry[];
}

interface OverlayContextValue extends OverlayApi {
  /** Read at event time (not render time): is `id` the top overlay right now? */
  isTopNow(id: string): boolean;
  /** Read at event time: is any overlay open right now? */
  anyOpenNow(): boolean;
  register(id: string, registration: Registration): () => void;
  /** Focuses the opener of an overlay the shopper closed; false when there is nothing to focus. */
  restoreFocus(id: string): boolean;
}

const OverlayContext = createContext<OverlayContextValue | null>(null);

/** Page parts that stay usable while an overlay is open: overlays themselves and live regions. */
const KEEP_ACTIVE = "[data-overlay-layer], [data-overlay-keep], [aria-live], script, style, link, template";

/**
 * Provides the overlay manager. Nesting is harmless: an inner provider reuses the outer one, so a page
 * can wrap itself while the app shell is not yet wrapped, and there is still only one manager.
 */
export function OverlayProvider({ children }: { children: ReactNode }) {
  const outer = useContext(OverlayContext);
  if (outer) return children;
  return <OverlayManager>{children}</OverlayManager>;
}

function OverlayManager({ children }: { children: ReactNode }) {
  const [stack, setStack] = useState<readonly OverlayEntry[]>([]);
  const stackRef = useRef(stack);
  const registry = useRef(new Map<string, Registration>());
  const pendingRestore = useRef(new Map<string, readonly HTMLElement[]>());

  const apply = useCallback((change: OverlayChange<HTMLElement>) => {
    if (change.stack === stackRef.current) return;
    stackRef.current = change.stack;
    setStack(change.stack);
  }, []);

  const open = useCallback(
    (id: string, kind?: OverlayKind) => {
      const active = typeof document === "undefined" ? null : document.activeElement;
      const opener = active instanceof HTMLElement && active !== document.body ? active : null;
      const change = openOverlay(stackRef.current, {
        id,
        kind: registry.current.get(id)?.kind ?? kind ?? "modal",
        returnFocus: opener ? [opener] : [],
      });
      // Replaced overlays hand their focus target to the new one instead of taking focus back.
      for (const entry of change.closed) pendingRestore.current.delete(entry.id);
      apply(change);
    },
    [apply],
  );

  const close = useCallback(
    (id: string) => {
      const change = closeOverlay(stackRef.current, id);
      const [closing] = change.closed;
      if (closing) pendingRestore.current.set(closing.id, closing.returnFocus);
      apply(change);
    },
    [apply],
  );

  const closeTop = useCallback(() => {
    const top = topOverlay(stackRef.current);
    if (top) close(top.id);
  }, [close]);

  const closeAll = useCallback(() => {
    const bottom = stackRef.current[0];
    if (bottom) close(bottom.id);
  }, [close]);

  const register = useCallback((id: string, registration: Registration) => {
    registry.current.set(id, registration);
    return () => {
      if (registry.current.get(id) === registration) registry.current.delete(id);
    };
  }, []);

  const restoreFocus = useCallback((id: string) => {
    const targets = pendingRestore.current.get(id);
    pendingRestore.current.delete(id);
    const target = targets ? firstFocusable(targets) : undefined;
    target?.focus();
    return Boolean(target);
  }, []);

  // Tell components (and their controlling parents) about every change, whoever caused it.
  const previous = useRef<readonly OverlayEntry[]>([]);
  useEffect(() => {
    const before = new Set(previous.current.map((entry) => entry.id));
    const after = new Set(stack.map((entry) => entry.id));
    previous.current = stack;
    for (const id of before) if (!after.has(id)) registry.current.get(id)?.onOpenChange?.(false);
    for (const id of after) if (!before.has(id)) registry.current.get(id)?.onOpenChange?.(true);
  }, [stack]);

  // The page behind is inert while anything is open (Radix adds aria-hidden and the scroll lock).
  const anyOpen = stack.length > 0;
  useLayoutEffect(() => {
    if (!anyOpen) return;
    const madeInert: Element[] = [];
    for (const element of Array.from(document.body.children)) {
      if (element.hasAttribute("inert") || element.matches(KEEP_ACTIVE)) continue;
      if (element.querySelector("[data-overlay-layer]")) continue;
      element.setAttribute("inert", "");
      madeInert.push(element);
    }
    return () => {
      for (const element of madeInert) element.removeAttribute("inert");
    };
  }, [anyOpen]);

  const value = useMemo<OverlayContextValue>(
    () => ({
      stack,
      open,
      close,
      closeTop,
      closeAll,
      isOpen: (id) => stack.some((entry) => entry.id === id),
      isTopNow: (id) => topOverlay(stackRef.current)?.id === id,
      anyOpenNow: () => stackRef.current.length > 0,
      register,
      restoreFocus,
    }),
    [stack, open, close, closeTop, closeAll, register, restoreFocus],
  );

  return <OverlayContext.Provider value={value}>{children}</OverlayContext.Provider>;
}

function useOverlayContext(): OverlayContextValue {
  const context = useContext(OverlayContext);
  if (!context) throw new Error("Overlays need an <OverlayProvider> above them");
  return context;
}

/** Open and close overlays from anywhere: `const overlays = useOverlay(); overlays.open("cart")`. */
export function useOverlay(): OverlayApi {
  const { open, close, closeTop, closeAll, isOpen, stack } = useOverlayContext();
  return { open, close, closeTop, closeAll, isOpen, stack };
}

export interface ManagedOverlayOptions {
  /** Stable id to open it from elsewhere with `useOverlay().open(id)`; generated when left out. */
  id?: string;
  /** Controlled open state; the manager stays the authority (it may close this to open another). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * For overlay primitives: the open state from the manager, plus the Radix handlers that route
 * Escape and focus return through it.
 */
export function useManagedOverlay(kind: OverlayKind, options: ManagedOverlayOptions) {
  const manager = useOverlayContext();
  const generated = useId();
  const id = options.id ?? generated;
  const onOpenChangeRef = useRef(options.onOpenChange);
  onOpenChangeRef.current = options.onOpenChange;
  const { register, open: openOverlayById, close: closeOverlayById } = manager;

  useEffect(
    () => register(id, { kind, onOpenChange: (open) => onOpenChangeRef.current?.(open) }),
    [register, id, kind],
  );

  const isOpen = manager.isOpen(id);
  const controlled = options.open;
  useEffect(() => {
    if (controlled === undefined) return;
    if (controlled) openOverlayById(id, kind);
    else closeOverlayById(id);
  }, [controlled, id, kind, openOverlayById, closeOverlayById]);

  const setOpen = useCallback(
    (next: boolean) => (next ? openOverlayById(id, kind) : closeOverlayById(id)),
    [id, kind, openOverlayById, closeOverlayById],
  );

  return {
    id,
    open: isOpen,
    setOpen,
    onEscapeKeyDown: (event: KeyboardEvent) => {
      if (!manager.isTopNow(id)) event.preventDefault();
    },
    onCloseAutoFocus: (event: Event) => {
      // Radix would focus its own trigger; only let it when nothing else is open to steal focus from.
      if (manager.restoreFocus(id) || manager.anyOpenNow()) event.preventDefault();
    },
  };
}
