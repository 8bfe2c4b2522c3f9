import type { SubmissionResult } from "@conform-to/react";
import { useActionData } from "react-router";

export interface ProductActionData {
  intent: "add" | "stock-alert";
  result: SubmissionResult<string[]>;
  /** A translated message for the status line after a successful submission. */
  message?: string;
  /** Add to bag succeeded: the bag fly-in opens and the badge counts it. */
  added?: boolean;
}

export const buttonClass =
  "inline-flex min-h-12 w-full items-center justify-center bg-ink px-8 text-sm font-medium uppercase tracking-[0.14em] text-paper transition-colors hover:bg-accent aria-disabled:opacity-70";

/** The reply of the page's action for one form, whether it came through a fetcher or a plain POST. */
export function useProductReply(intent: ProductActionData["intent"], fetcherData: unknown) {
  const actionData = useActionData() as ProductActionData | undefined;
  const data = (fetcherData as ProductActionData | undefined) ?? actionData;
  return data?.intent === intent ? data : undefined;
}
