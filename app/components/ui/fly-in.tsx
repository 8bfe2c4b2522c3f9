import { Dialog } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import { CloseButton } from "./close-button";
import { UiKeyframes } from "./keyframes";
import { withoutDescription } from "./modal";
import { type ManagedOverlayOptions, useManagedOverlay } from "./overlay-manager";

export interface FlyInProps extends ManagedOverlayOptions {
  /** The panel's accessible name, shown as its heading. */
  title: ReactNode;
  description?: ReactNode;
  /** The edge it slides in from. */
  side?: "left" | "right";
  /** A button that opens the panel; focus returns to it on close. */
  trigger?: ReactElement;
  /** Actions pinned to the bottom of the panel (e.g. "Show 24 results"). */
  footer?: ReactNode;
  children?: ReactNode;
}

const sides = {
  right:
    "right-0 desktop:border-l motion-safe:data-[state=closed]:animate-[ui-slide-out-right_200ms_ease-in] motion-safe:data-[state=open]:animate-[ui-slide-in-right_280ms_cubic-bezier(0.2,0.8,0.2,1)]",
  left: "left-0 desktop:border-r motion-safe:data-[state=closed]:animate-[ui-slide-out-left_200ms_ease-in] motion-safe:data-[state=open]:animate-[ui-slide-in-left_280ms_cubic-bezier(0.2,0.8,0.2,1)]",
} as const;

/**
 * A side sheet (cart, filters, navigation, login): full width on small screens, 30rem from the desktop
 * breakpoint. Only one fly-in is open at a time: opening another closes this one (overlay manager).
 */
export function FlyIn({
  title,
  description,
  side = "right",
  trigger,
  footer,
  children,
  ...options
}: FlyInProps) {
  const overlay = useManagedOverlay("fly-in", options);
  return (
    <Dialog.Root open={overlay.open} onOpenChange={overlay.setOpen}>
      <UiKeyframes />
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay
          data-overlay-layer=""
          className="fixed inset-0 z-[95] bg-ink/30 motion-safe:data-[state=closed]:animate-[ui-fade-out_200ms_ease-in] motion-safe:data-[state=open]:animate-[ui-fade-in_280ms_ease-out]"
        />
        <Dialog.Content
          data-overlay-layer=""
          data-overlay-id={overlay.id}
          data-side={side}
          {...withoutDescription(description)}
          onEscapeKeyDown={overlay.onEscapeKeyDown}
          onCloseAutoFocus={overlay.onCloseAutoFocus}
          className={`fixed inset-y-0 z-[95] flex h-dvh w-full flex-col border-line bg-paper outline-none desktop:w-[30rem] ${sides[side]}`}
        >
          <header className="flex items-center justify-between gap-4 border-b border-line py-2 ps-6 pe-2">
            <Dialog.Title className="text-xs font-medium tracking-[0.2em] text-ink uppercase">
              {title}
            </Dialog.Title>
            <Dialog.Close asChild>
              <CloseButton />
            </Dialog.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 py-6">
            {description ? (
              <Dialog.Description className="mb-6 text-sm text-muted">{description}</Dialog.Description>
            ) : null}
            {children}
          </div>
          {footer ? <footer className="border-t border-line px-6 py-4">{footer}</footer> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
