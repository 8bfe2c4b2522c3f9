// The payout account form and the payout request, shared by the browser and the server (client-safe).
import { z } from "zod";
import * as rules from "../../../platform/forms/rules";
import { ibanProblem, normaliseIban } from "./rules";

/** The IBAN with its checksum, a SEPA country's, normalised to the electronic format. */
const iban = rules.required({ max: 42, label: "payouts:account.iban" }).check((ctx) => {
  // One message per field: blank and too long are the rule's own.
  if (ctx.value === "" || ctx.value.length > 42) return;
  const problem = ibanProblem(ctx.value);
  if (problem)
    ctx.issues.push({
      code: "custom",
      input: ctx.value,
      message: problem === "notSepa" ? "payouts:errors.ibanNotSepa" : "payouts:errors.ibanInvalid",
    });
  // Normalised as the rules normalise (a check may set the value: no transform, the form keeps its constraint).
  else ctx.value = normaliseIban(ctx.value) ?? ctx.value;
});

/** Setting or changing the payout account: the password again, as for any change that moves money. */
export const PayoutAccountSchema = z.object({
  iban,
  holderName: rules.required({ max: 70, label: "payouts:account.holderName" }),
  password: rules.required({ max: 200, label: "payouts:account.password" }),
});
export type PayoutAccountInput = z.output<typeof PayoutAccountSchema>;

/** Asking for a payout of what is available (or part of it, in cents, from the app). */
export const PayoutRequestSchema = z.object({
  idempotencyKey: z.string().min(8).max(64),
  amountCents: z.coerce.number().int().positive().max(100_000_000).optional(),
});
export type PayoutRequestInput = z.output<typeof PayoutRequestSchema>;
