import { AddToBagSchema } from "~/domains/catalog/validation";
import { StockAlertSchema } from "~/domains/stock-alerts/validation";
import { parseShopForm } from "~/platform/forms/submission";

const schemas = { add: AddToBagSchema, "stock-alert": StockAlertSchema } as const;

/**
 * The browser half of the product page's forms: the same schemas and parser as the page's action. Loaded
 * on a form's first focus or submit, so Zod and Conform stay out of the page's first load.
 */
export function validateProductForm(
  intent: keyof typeof schemas,
  formData: FormData,
): Record<string, string[]> | null {
  const submission = parseShopForm(formData, schemas[intent]);
  if (submission.status === "success") return null;
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {}))
    if (messages?.length) errors[name] = messages;
  return Object.keys(errors).length ? errors : null;
}
