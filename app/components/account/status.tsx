import { CircleCheck } from "lucide-react";
import type { ReactNode } from "react";

/** A confirmation after a successful form (saved, sent, deleted), announced politely. */
export function SuccessMessage({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex items-start gap-2 border border-success bg-white p-4 text-sm text-success"
    >
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
      <div>{children}</div>
    </div>
  );
}
