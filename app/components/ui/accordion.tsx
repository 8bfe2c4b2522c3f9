import { ChevronDown } from "lucide-react";
import { Accordion as RadixAccordion } from "radix-ui";
import type { ReactNode } from "react";
import { UiKeyframes } from "./keyframes";

export interface AccordionItem {
  /** Stable value, also usable in `defaultOpen`. */
  id: string;
  title: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** `single`: opening one closes the other (product details); `multiple`: independent (FAQ). */
  type?: "single" | "multiple";
  /** Ids open at first. */
  defaultOpen?: readonly string[];
  /** Heading level of the item titles, to fit the page outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** Expandable sections: Enter or Space toggles, arrow keys move between headers (Radix). */
export function Accordion({
  items,
  type = "single",
  defaultOpen = [],
  headingLevel = 3,
  className = "",
}: AccordionProps) {
  const Heading = `h${headingLevel}` as const;
  const children = items.map((item) => (
    <RadixAccordion.Item
      key={item.id}
      value={item.id}
      disabled={item.disabled}
      className="border-b border-line"
    >
      <RadixAccordion.Header asChild>
        <Heading className="m-0">
          <RadixAccordion.Trigger className="group flex w-full items-center justify-between gap-4 py-4 text-start text-xs font-medium tracking-[0.2em] text-ink uppercase disabled:cursor-not-allowed disabled:text-muted">
            {item.title}
            <ChevronDown
              aria-hidden="true"
              strokeWidth={1.5}
              className="size-4 shrink-0 motion-safe:transition-transform motion-safe:duration-200 group-data-[state=open]:rotate-180"
            />
          </RadixAccordion.Trigger>
        </Heading>
      </RadixAccordion.Header>
      <RadixAccordion.Content className="overflow-hidden text-sm leading-relaxed text-muted motion-safe:data-[state=closed]:animate-[ui-accordion-up_200ms_ease-out] motion-safe:data-[state=open]:animate-[ui-accordion-down_200ms_ease-out]">
        <div className="pb-5">{item.content}</div>
      </RadixAccordion.Content>
    </RadixAccordion.Item>
  ));
  const rootClass = `border-t border-line ${className}`;
  return (
    <>
      <UiKeyframes />
      {type === "single" ? (
        <RadixAccordion.Root type="single" collapsible defaultValue={defaultOpen[0]} className={rootClass}>
          {children}
        </RadixAccordion.Root>
      ) : (
        <RadixAccordion.Root type="multiple" defaultValue={[...defaultOpen]} className={rootClass}>
          {children}
        </RadixAccordion.Root>
      )}
    </>
  );
}
