import { NewsletterSchema } from "~/domains/marketing/validation";
import { type Translate, translateMessage } from "~/platform/forms/messages";
import { parseShopForm } from "~/platform/forms/submission";

/**
 * The newsletter form's check in the browser: the action's own schema, parsed as the server parses it, the
 * message translated as a form field's. Loaded on first use: the footer is on every page, and Zod with
 * Conform would double what every page runs (docs/decisions/0054-the-footer-form-loads-its-checks-on-use.md).
 */
export function newsletterErrors(
  formData: FormData,
  t: Translate,
  label: string,
): Record<string, string[]> | null {
  const submission = parseShopForm(formData, NewsletterSchema);
  const message = submission.status === "error" ? submission.error?.email?.[0] : undefined;
  return message ? { email: [translateMessage(t, message, { label })] } : null;
}
