import parsePhoneNumber from "libphonenumber-js/mobile";
import { z } from "zod";
import * as rules from "../../platform/forms/rules";
import { type Country, countries, isCountry } from "../../platform/forms/validators";

/**
 * The early-access forms (page and `POST /api/v1/early-access/*`). Kept out of `validation.ts` because
 * that module reaches every page (the footer's newsletter form), and the mobile-number metadata of
 * `libphonenumber-js` (about 95 kB) should load only where a ticket is asked for.
 */

/** Translation key of the one message for a number that is no NL/BE/FR/ES mobile number. */
export const NOT_A_MOBILE = "marketing:earlyAccess.errors.mobile";

/**
 * A mobile number of NL, BE, FR or ES in E.164 (`+31612345678`), or null. A national number is read in
 * `country` (the visitor's choice); an international one (`+32 …`, `0032 …`) may be of any of the four.
 * Fixed lines, service numbers and numbers of other countries are refused: the ticket goes by SMS.
 */
export function mobileNumber(value: string, country: Country): string | null {
  const compact = value.trim().replace(/^00(?=[1-9])/, "+");
  let parsed: ReturnType<typeof parsePhoneNumber>;
  try {
    parsed = parsePhoneNumber(compact, country);
  } catch {
    return null;
  }
  if (!parsed?.country || !(countries as readonly string[]).includes(parsed.country)) return null;
  if (!parsed.isValid()) return null;
  const type = parsed.getType();
  return type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE" ? parsed.number : null;
}

type Shape = Record<string, unknown>;

/** The `phone` field read in the `country` field and normalised to E.164, or the form's one message. */
function mobileOfCountry<T extends Shape>() {
  return z.superRefine<T>(
    (value, ctx) => {
      const chosen = value.country;
      const number = value.phone;
      if (!isCountry(chosen) || typeof number !== "string" || number === "") return;
      if (ctx.issues.some((issue) => issue.path?.[0] === "phone")) return;
      const e164 = mobileNumber(number, chosen);
      if (e164) (value as Shape).phone = e164;
      else ctx.addIssue({ code: "custom", message: NOT_A_MOBILE, path: ["phone"] });
    },
    { when: () => true },
  );
}

const phoneField = () => rules.required({ max: 40, label: "marketing:earlyAccess.labels.phone" });

/** Step 1 of early access: a mobile number of NL, BE, FR or ES (libphonenumber), read in the chosen country. */
export const EarlyAccessRequestSchema = z
  .object({ country: rules.country(), phone: phoneField() })
  .check(mobileOfCountry());

/** Step 2: the same number and the 6-digit ticket from the SMS. */
export const EarlyAccessUnlockSchema = z
  .object({
    country: rules.country(),
    phone: phoneField(),
    ticket: rules.digits({ minLength: 6, maxLength: 6, label: "marketing:earlyAccess.labels.ticket" }),
  })
  .check(mobileOfCountry());
