import type { ReactNode } from "react";
import { headingClass, sectionClass } from "./choice";

/** One step of the checkout form, with its icon and heading. */
export function Section({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className={sectionClass}>
      <h2 id={`${id}-heading`} className={`${headingClass} flex items-center gap-3`}>
        <span aria-hidden="true" className="text-muted">
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
