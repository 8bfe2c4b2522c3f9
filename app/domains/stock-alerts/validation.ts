import { z } from "zod";
import * as rules from "../../platform/forms/rules";

/** Translation keys (namespace `product`) of the stock-alert form's own messages. */
export const stockAlertMessageKeys = {
  sizeRequired: "product:stockAlert.sizeRequired",
  contactRequired: "product:stockAlert.contactRequired",
} as const;

/**
 * The stock-alert form ("e-mail and/or phone, at least one") and `POST /api/v1/stock-alerts`: the browser,
 * the page's action and the API parse with this one schema. A phone number is normalised to E.164.
 */
export const StockAlertSchema = z
  .object({
    variantId: z
      .number({ error: stockAlertMessageKeys.sizeRequired })
      .int({ error: stockAlertMessageKeys.sizeRequired })
      .positive({ error: stockAlertMessageKeys.sizeRequired }),
    email: rules.optional(rules.email()),
    phone: rules.optional(rules.phone()),
  })
  .check(
    z.superRefine(
      (value: { email?: unknown; phone?: unknown }, ctx) => {
        if (!value || typeof value !== "object") return;
        const filled = (v: unknown) => typeof v === "string" && v.trim() !== "";
        const hasIssue = ctx.issues.some(
          (issue) => issue.path?.[0] === "email" || issue.path?.[0] === "phone",
        );
        if (!hasIssue && !filled(value.email) && !filled(value.phone)) {
          ctx.addIssue({ code: "custom", message: stockAlertMessageKeys.contactRequired, path: ["email"] });
        }
      },
      { when: () => true },
    ),
  );
export type StockAlertInput = z.output<typeof StockAlertSchema>;
