import { CheckCircle2, CircleX, Info } from "lucide-react";
import { Portal, Toast } from "radix-ui";
import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloseButton } from "./close-button";
import { UiKeyframes } from "./keyframes";

export type ToastTone = "info" | "success" | "error";

export interface ToastAction {
  label: string;
  /** How a screen-reader user does the same without the toast (Radix reads it out), e.g. "Undo in your bag". */
  altText: string;
  onAction: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  tone?: ToastTone;
  /** Milliseconds before it hides itself (paused while hovered or focused). Default 5000. */
  duration?: number;
  action?: ToastAction;
  /** Showing a toast with the id of a visible one replaces it (no stack of "Added to bag"). */
  id?: string;
}

export interface ToastItem extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  toast(options: ToastOptions): string;
  dismiss(id: string): void;
}

/** At most this many toasts are visible; a new one pushes out the oldest. */
export const MAX_VISIBLE_TOASTS = 3;

/** Adds a toast: closed ones are dropped, a same-id one is replaced, the oldest open ones beyond `max` close. */
export function addToast(list: readonly ToastItem[], item: ToastItem, max = MAX_VISIBLE_TOASTS): ToastItem[] {
  const open = list.filter((toast) => toast.open && toast.id !== item.id);
  const keep = open.slice(Math.max(0, open.length - (max - 1)));
  const pushedOut = open.slice(0, open.length - keep.length).map((toast) => ({ ...toast, open: false }));
  return [...pushedOut, ...keep, item];
}

/** Marks a toast closed; it stays in the list until its exit animation is over and the next toast comes. */
export function dismissToast(list: readonly ToastItem[], id: string): ToastItem[] {
  return list.map((toast) => (toast.id === id ? { ...toast, open: false } : toast));
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Provides `useToast()` and renders the toasts bottom-right (full width on small screens). Nesting reuses
 * the outer provider. Each toast is announced politely (errors assertively) in a live region.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const outer = useContext(ToastContext);
  if (outer) return children;
  return <Toaster>{children}</Toaster>;
}

function Toaster({ children }: { children: ReactNode }) {
  const { t } = useTranslation("ui");
  const [items, setItems] = useState<ToastItem[]>([]);
  const counter = useRef(0);
  const api = useMemo<ToastApi>(
    () => ({
      toast(options) {
        counter.current += 1;
        const id = options.id ?? `toast-${counter.current}`;
        setItems((list) => addToast(list, { ...options, id, open: true }));
        return id;
      },
      dismiss(id) {
        setItems((list) => dismissToast(list, id));
      },
    }),
    [],
  );

  return (
    <ToastContext.Provider value={api}>
      <Toast.Provider label={t("toast.label")} swipeDirection="right">
        <UiKeyframes />
        {children}
        {items.map((item) => (
          <ToastCard key={item.id} item={item} onClose={() => api.dismiss(item.id)} />
        ))}
        <Portal.Root data-overlay-keep="">
          <Toast.Viewport
            label={t("toast.region")}
            className="fixed right-0 bottom-0 z-[97] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none desktop:w-max desktop:max-w-[calc(35.5rem+3rem)] desktop:p-6"
          />
        </Portal.Root>
      </Toast.Provider>
    </ToastContext.Provider>
  );
}

const tones = {
  info: { icon: Info, className: "text-ink" },
  success: { icon: CheckCircle2, className: "text-success" },
  error: { icon: CircleX, className: "text-sale" },
} as const;

function ToastCard({ item, onClose }: { item: ToastItem; onClose: () => void }) {
  const tone = tones[item.tone ?? "info"];
  const Icon = tone.icon;
  return (
    <Toast.Root
      open={item.open}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      duration={item.duration}
      type={item.tone === "error" ? "foreground" : "background"}
      data-tone={item.tone ?? "info"}
      className="flex w-full max-w-[35.5rem] desktop:min-w-72 items-start gap-3 border border-line bg-paper py-3 ps-4 pe-1 text-sm text-ink shadow-[0_8px_24px_rgb(31_27_22/0.08)] data-[swipe=cancel]:translate-x-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] motion-safe:data-[state=closed]:animate-[ui-fade-out_150ms_ease-in] motion-safe:data-[state=open]:animate-[ui-rise-in_200ms_ease-out] motion-safe:data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-[ui-slide-out-right_120ms_ease-out]"
    >
      <Icon aria-hidden="true" strokeWidth={1.5} className={`mt-0.5 size-5 shrink-0 ${tone.className}`} />
      <div className="min-w-0 flex-1 py-0.5">
        <Toast.Title className="font-medium">{item.title}</Toast.Title>
        {item.description ? (
          <Toast.Description className="mt-1 text-muted">{item.description}</Toast.Description>
        ) : null}
        {item.action ? (
          <Toast.Action altText={item.action.altText} asChild>
            <button
              type="button"
              onClick={item.action.onAction}
              className="mt-2 text-xs font-medium tracking-[0.15em] uppercase underline underline-offset-4 hover:text-accent"
            >
              {item.action.label}
            </button>
          </Toast.Action>
        ) : null}
      </div>
      <Toast.Close asChild>
        <CloseButton className="-my-2" />
      </Toast.Close>
    </Toast.Root>
  );
}

/** Shows toasts: `const { toast } = useToast(); toast({ title: t("bag.added"), tone: "success" })`. */
export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error("useToast needs a <ToastProvider> above it");
  return context;
}
