import { Dialog } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import { CloseButton } from "./close-button";
import { UiKeyframes } from "./keyframes";
import { type ManagedOverlayOptions, useManagedOverlay } from "./overlay-manager";

export interface ModalProps extends ManagedOverlayOptions {
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  /** Visually hide the heading (it still names the dialog). */
  hideTitle?: boolean;
  description?: ReactNode;
  /** A button that opens the modal; focus returns to it on close. */
  trigger?: ReactElement;
  size?: "sm" | "md" | "lg" | "full";
  /** Actions pinned below the scrolling body. */
  footer?: ReactNode;
  children?: ReactNode;
  /** Keyboard handling for the whole dialog (e.g. a lightbox's zoom keys). */
  onKeyDown?: React.KeyboardEventHandler<HTMLDivElement>;
  bodyClassName?: string;
}

const sizes = {
  sm: "max-w-md",
  md: "max-w-xl",
  lg: "max-w-3xl",
  full: "h-[calc(100dvh-2rem)] max-w-none",
} as const;

/** A centred dialog that traps focus, closes on Escape and returns focus to its opener (via the overlay manager). */
export function Modal({
  title,
  hideTitle = false,
  description,
  trigger,
  size = "md",
  footer,
  children,
  onKeyDown,
  bodyClassName = "",
  ...options
}: ModalProps) {
  const overlay = useManagedOverlay("modal", options);
  return (
    <Dialog.Root open={overlay.open} onOpenChange={overlay.setOpen}>
      <UiKeyframes />
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay
          data-overlay-layer=""
          className="fixed inset-0 z-[95] bg-ink/40 motion-safe:data-[state=closed]:animate-[ui-fade-out_150ms_ease-in] motion-safe:data-[state=open]:animate-[ui-fade-in_200ms_ease-out]"
        />
        <Dialog.Content
          data-overlay-layer=""
          data-overlay-id={overlay.id}
          {...withoutDescription(description)}
          onEscapeKeyDown={overlay.onEscapeKeyDown}
          onCloseAutoFocus={overlay.onCloseAutoFocus}
          onKeyDown={onKeyDown}
          className={`fixed top-1/2 left-1/2 z-[95] flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col border border-line bg-paper outline-none motion-safe:data-[state=closed]:animate-[ui-pop-out_150ms_ease-in] motion-safe:data-[state=open]:animate-[ui-pop-in_200ms_ease-out] ${sizes[size]}`}
        >
          <header className="flex items-start justify-between gap-4 border-b border-line py-2 ps-6 pe-2">
            <Dialog.Title
              className={
                hideTitle ? "sr-only" : "pt-2 font-display text-xl leading-tight text-ink desktop:text-2xl"
              }
            >
              {title}
            </Dialog.Title>
            <Dialog.Close asChild>
              <CloseButton className={hideTitle ? "ms-auto" : ""} />
            </Dialog.Close>
          </header>
          <div className={`min-h-0 flex-1 overflow-y-auto px-6 py-5 ${bodyClassName}`}>
            {description ? (
              <Dialog.Description className="mb-4 text-sm text-muted">{description}</Dialog.Description>
            ) : null}
            {children}
          </div>
          {footer ? (
            <footer className="flex flex-wrap justify-end gap-3 border-t border-line px-6 py-4">
              {footer}
            </footer>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the overlay it sits in; wrap a button: `<OverlayClose><button …/></OverlayClose>`. */
export function OverlayClose({ children }: { children: ReactElement }) {
  return <Dialog.Close asChild>{children}</Dialog.Close>;
}

/** Radix names the description in aria-describedby; without one, say so explicitly (no dangling id). */
export function withoutDescription(description: ReactNode): { "aria-describedby"?: undefined } {
  return description ? {} : { "aria-describedby": undefined };
}
