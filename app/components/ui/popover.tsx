import { Popover as RadixPopover } from "radix-ui";
import { type ReactElement, type ReactNode, useId } from "react";
import { CloseButton } from "./close-button";
import { UiKeyframes } from "./keyframes";

export interface PopoverProps {
  /** The button that toggles the popover (gets aria-expanded and aria-controls). */
  trigger: ReactElement;
  /** Heading inside the popover; it names the popover for assistive technology. */
  title: ReactNode;
  children: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  align?: "start" | "center" | "end";
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/**
 * A small non-modal panel anchored to its trigger (size hints, delivery info). Escape or a click outside
 * closes it and focus returns to the trigger. Not an overlay of the manager: the page stays usable.
 */
export function Popover({
  trigger,
  title,
  children,
  side = "bottom",
  align = "start",
  open,
  onOpenChange,
}: PopoverProps) {
  const titleId = useId();
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <UiKeyframes />
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          side={side}
          align={align}
          sideOffset={8}
          collisionPadding={16}
          aria-labelledby={titleId}
          className="z-[96] w-[min(20rem,calc(100vw-2rem))] border border-line bg-paper text-sm text-ink shadow-[0_8px_24px_rgb(31_27_22/0.08)] outline-none motion-safe:data-[state=open]:animate-[ui-rise-in_160ms_ease-out]"
        >
          <div className="flex items-start justify-between gap-2 py-1 ps-4 pe-1">
            <p id={titleId} className="pt-2.5 text-xs font-medium tracking-[0.2em] uppercase">
              {title}
            </p>
            <RadixPopover.Close asChild>
              <CloseButton />
            </RadixPopover.Close>
          </div>
          <div className="px-4 pb-4 leading-relaxed text-muted">{children}</div>
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
