import { z } from "zod";
import { encodeMessage } from "../../platform/forms/messages";
import * as rules from "../../platform/forms/rules";
import { ORDER_NUMBER } from "../orders/numbers";

export const returnReasons = [
  "too-small",
  "too-big",
  "not-as-pictured",
  "quality",
  "changed-mind",
  "other",
] as const;

export const returnMethods = ["drop-off", "label", "exchange"] as const;

const orderNumber = rules.pattern(ORDER_NUMBER, { label: "myorders:lookup.number", example: "123456789" });

const returnLine = z.object({
  orderLineId: z.coerce.number().int().positive(),
  quantity: z.coerce.number().int().min(0).max(99).default(0),
  reason: rules.optional(rules.choice(returnReasons, { label: "returns:form.reason" })),
  /** The size wanted instead (an exchange): another variant of the same product. */
  exchangeVariantId: z.coerce.number().int().positive().optional(),
});

/**
 * The return form (the customer's order page, and `/returns/` for a guest, who adds the order's e-mail):
 * a quantity per line (0 = keep it), a reason for every line sent back, a way back. Client-safe: the
 * browser validates with it, the server again; what depends on the order (how many are left to return,
 * the window) is the server's.
 */
export const ReturnRequestSchema = z
  .object({
    number: orderNumber,
    email: rules.optional(rules.email()),
    method: rules.choice(returnMethods, { label: "returns:form.method" }),
    refundToWallet: rules.toggle(),
    lines: z.array(returnLine).max(100).default([]),
  })
  .superRefine((value, ctx) => {
    value.lines.forEach((line, index) => {
      if (line.quantity > 0 && !line.reason)
        ctx.addIssue({
          code: "custom",
          message: encodeMessage({ key: "required", values: { field: "returns:form.reason" } }),
          path: ["lines", index, "reason"],
        });
    });
  });

export type ReturnRequestInput = z.infer<typeof ReturnRequestSchema>;

/**
 * The withdrawal's two steps: the statement (order number, and the e-mail for a guest) and the separate
 * confirmation (`confirm` set by the "Confirm withdrawal" button only).
 */
export const WithdrawalSchema = z.object({
  number: orderNumber,
  email: rules.optional(rules.email()),
  confirm: z.literal("yes").optional(),
});

/** The back office's scan field: a return number, typed or read by a scanner (R and 9 digits). */
export const ReceiveReturnSchema = z.object({
  number: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^R\d{9}$/, { error: "Enter a return number such as R123456789." })),
});

/** Staff's judgement of one line; a rejection says why (the customer reads it). */
export const InspectLineSchema = z.object({
  lineId: z.coerce.number().int().positive(),
  outcome: z.enum(["accepted", "rejected"]),
  rejectReason: z.string().trim().max(200).optional(),
});

export const RefundReturnSchema = z.object({});
