import type { ReactElement, ReactNode } from "react";
import { Drawer } from "vaul";
import { CloseButton } from "./close-button";
import { withoutDescription } from "./modal";
import { type ManagedOverlayOptions, useManagedOverlay } from "./overlay-manager";

export interface BottomTrayProps extends ManagedOverlayOptions {
  /** The tray's accessible name, shown as its heading. */
  title: ReactNode;
  description?: ReactNode;
  /** A button that opens the tray; focus returns to it on close. */
  trigger?: ReactElement;
  footer?: ReactNode;
  children?: ReactNode;
}

/**
 * A sheet that rises from the bottom (size select, sorting on mobile); drag down, Escape or "Close"
 * dismisses it. Built on vaul, opened through the overlay manager like every other overlay.
 */
export function BottomTray({ title, description, trigger, footer, children, ...options }: BottomTrayProps) {
  const overlay = useManagedOverlay("tray", options);
  return (
    <Drawer.Root open={overlay.open} onOpenChange={overlay.setOpen} autoFocus>
      {trigger ? <Drawer.Trigger asChild>{trigger}</Drawer.Trigger> : null}
      <Drawer.Portal>
        <Drawer.Overlay data-overlay-layer="" className="fixed inset-0 z-[95] bg-ink/40" />
        <Drawer.Content
          data-overlay-layer=""
          data-overlay-id={overlay.id}
          {...withoutDescription(description)}
          onEscapeKeyDown={overlay.onEscapeKeyDown}
          onCloseAutoFocus={overlay.onCloseAutoFocus}
          className="fixed inset-x-0 bottom-0 z-[95] flex max-h-[85dvh] flex-col border-t border-line bg-paper outline-none motion-reduce:animate-none! desktop:inset-x-auto desktop:left-1/2 desktop:w-[36rem] desktop:-translate-x-1/2 desktop:border-x"
        >
          <Drawer.Handle className="mx-auto mt-3 h-1 w-10 shrink-0 rounded-full bg-line" />
          <header className="flex items-center justify-between gap-4 py-2 ps-6 pe-2">
            <Drawer.Title className="text-xs font-medium tracking-[0.2em] text-ink uppercase">
              {title}
            </Drawer.Title>
            <Drawer.Close asChild>
              <CloseButton />
            </Drawer.Close>
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-6 pb-6">
            {description ? (
              <Drawer.Description className="mb-4 text-sm text-muted">{description}</Drawer.Description>
            ) : null}
            {children}
          </div>
          {footer ? <footer className="border-t border-line px-6 py-4">{footer}</footer> : null}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
