import { z } from "zod";
import { BODY_LIMITS, bodyProfiles } from "./body";

/** Translation keys of the size-advice form's messages (one key per field problem, no interpolation). */
export const sizingMessageKeys = [
  "sizing.heightRequired",
  "sizing.heightRange",
  "sizing.weightRequired",
  "sizing.weightRange",
  "sizing.profileRequired",
] as const;
export type SizingMessageKey = (typeof sizingMessageKeys)[number];

const missing = (input: unknown) => input === undefined || input === null || input === "";

/**
 * Whole number within the limits: "required" when empty, else one "range" message for any other problem
 * (the checks have no message of their own: Zod falls back to the type's `error`, which says "range").
 */
function wholeNumber(
  limits: { min: number; max: number },
  required: SizingMessageKey,
  range: SizingMessageKey,
) {
  return z
    .number({ error: (issue) => (missing(issue.input) ? required : range) })
    .int()
    .min(limits.min)
    .max(limits.max);
}

/**
 * The size-advice form (and the remembered inputs): the browser and the server parse it with this one
 * schema; form data arrives as strings and Conform turns them into numbers.
 */
export const SizeAdviceSchema = z.object({
  heightCm: wholeNumber(BODY_LIMITS.heightCm, "sizing.heightRequired", "sizing.heightRange"),
  weightKg: wholeNumber(BODY_LIMITS.weightKg, "sizing.weightRequired", "sizing.weightRange"),
  profile: z.enum(bodyProfiles, { error: "sizing.profileRequired" }),
});
export type SizeAdvice = z.infer<typeof SizeAdviceSchema>;
