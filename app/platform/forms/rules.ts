import { z } from "zod";
import { encodeMessage, FIELD_LABEL_VALUE, type Message } from "./messages";
import {
  type Country,
  checkCardHolder,
  checkCardMonth,
  checkCardNumber,
  checkCardYear,
  checkCvc,
  checkDate,
  checkDigits,
  checkEmail,
  checkGiftCardCode,
  checkGiftCardPin,
  checkHouseNumber,
  checkHouseNumberAddition,
  checkMaxChars,
  checkPassword,
  checkPattern,
  checkPhone,
  checkPostalCode,
  countries,
  isCardExpired,
  isCountry,
  type Outcome,
} from "./validators";

/**
 * Zod helpers for the validation rules of SPEC §5. Every issue message is an encoded translation key
 * (see `messages.ts`), so one schema validates in the browser and on the server and the text is
 * translated where it is shown. Each rule reports at most one issue (the first failure) and trims.
 *
 * Rules are required; wrap them in `optional()` so that an empty field is skipped, not validated.
 */
export interface RuleOptions {
  /** Translation key of the field's label (e.g. `forms:labels.postalCode`) for `{{_field_}}`. */
  label?: string;
}

function encoder(options: RuleOptions) {
  return (message: Message) =>
    encodeMessage(
      options.label
        ? { ...message, values: { ...message.values, [FIELD_LABEL_VALUE]: options.label } }
        : message,
    );
}

/** A trimmed, non-empty string checked by one pure validator, which may also normalise it. */
export function rule(validate: ((value: string) => Outcome) | null, options: RuleOptions = {}) {
  const encode = encoder(options);
  return z
    .string({
      error: (issue) =>
        encode({ key: issue.input === undefined || issue.input === null ? "required" : "default" }),
    })
    .trim()
    .check((payload) => {
      if (payload.value === "") {
        payload.issues.push({ code: "custom", message: encode({ key: "required" }), input: payload.value });
        return;
      }
      if (!validate) return;
      const outcome = validate(payload.value);
      if (outcome.ok) payload.value = outcome.value;
      else payload.issues.push({ code: "custom", message: encode(outcome.message), input: payload.value });
    });
}

/**
 * Makes a rule optional: an empty (or blank) field is skipped and parses as `undefined`; anything else
 * must pass the rule.
 */
export function optional<Schema extends z.ZodType>(schema: Schema) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    schema.optional(),
  );
}

/** Any non-blank text ('This field is required'), optionally capped at `max` characters. */
export function required(options: RuleOptions & { max?: number } = {}) {
  const { max } = options;
  return rule(max === undefined ? null : (value) => checkMaxChars(value, max), options);
}

/** Free text of at most `max` characters ('Maximum {count} characters'). */
export function maxChars(max: number, options: RuleOptions = {}) {
  return rule((value) => checkMaxChars(value, max), options);
}

export function email(options: RuleOptions = {}) {
  return rule(checkEmail, options);
}

/** A calendar date (`YYYY-MM-DD` or day-first `DD-MM-YYYY`), normalised to ISO; `min`/`max` are ISO and inclusive. */
export function date(options: RuleOptions & { min?: string; max?: string } = {}) {
  return rule((value) => checkDate(value, options), options);
}

/** Numeric fields: digits only, optionally with a length range. */
export function digits(options: RuleOptions & { minLength?: number; maxLength?: number } = {}) {
  return rule((value) => checkDigits(value, options), options);
}

/** Generic format rule: '{_field_} is not in the right format', or 'Use the format {example}'. */
export function pattern(regex: RegExp, options: RuleOptions & { example?: string } = {}) {
  return rule((value) => checkPattern(value, regex, options.example), options);
}

/** Password: 8–128 characters, no composition rules (PRODUCT.md). Not trimmed: spaces are characters. */
export function password(options: RuleOptions = {}) {
  const encode = encoder(options);
  return z
    .string({
      error: (issue) =>
        encode({ key: issue.input === undefined || issue.input === null ? "required" : "default" }),
    })
    .check((payload) => {
      const outcome = checkPassword(payload.value);
      if (!outcome.ok)
        payload.issues.push({ code: "custom", message: encode(outcome.message), input: payload.value });
    });
}

/** Postal code of a fixed country; FR overseas and ES Canary Islands, Ceuta and Melilla are refused. */
export function postalCode(country: Country, options: RuleOptions = {}) {
  return rule((value) => checkPostalCode(value, country), options);
}

export function houseNumber(options: RuleOptions = {}) {
  return rule(checkHouseNumber, options);
}

export function houseNumberAddition(options: RuleOptions = {}) {
  return rule(checkHouseNumberAddition, options);
}

/** Phone number of NL, BE, FR or ES, normalised to E.164; national numbers are read in `country`. */
export function phone(options: RuleOptions & { country?: Country } = {}) {
  return rule((value) => checkPhone(value, options.country), options);
}

export function giftCardCode(options: RuleOptions = {}) {
  return rule(checkGiftCardCode, options);
}

export function giftCardPin(options: RuleOptions = {}) {
  return rule(checkGiftCardPin, options);
}

export function cardHolder(options: RuleOptions = {}) {
  return rule(checkCardHolder, options);
}

export function cardNumber(options: RuleOptions = {}) {
  return rule(checkCardNumber, options);
}

export function cardMonth(options: RuleOptions = {}) {
  return rule(checkCardMonth, options);
}

export function cardYear(options: RuleOptions & { now?: () => Date } = {}) {
  return rule((value) => checkCardYear(value, options.now?.()), options);
}

export function cvc(options: RuleOptions = {}) {
  return rule(checkCvc, options);
}

/** One of a fixed list of values (a select or radio group): 'This field is required' when nothing is chosen. */
export function choice<const Values extends readonly [string, ...string[]]>(
  values: Values,
  options: RuleOptions = {},
) {
  const encode = encoder(options);
  return z.enum(values, {
    error: (issue) =>
      encode({ key: issue.input === undefined || issue.input === null ? "required" : "choice" }),
  });
}

/** A delivery country of the shop. */
export function country(options: RuleOptions = {}) {
  return choice(countries, options);
}

/** A checkbox or switch that must be on (terms, consent). */
export function accepted(options: RuleOptions = {}) {
  const encode = encoder(options);
  return z
    .boolean({ error: () => encode({ key: "accept" }) })
    .refine((value) => value, { error: () => encode({ key: "accept" }) });
}

/** An optional checkbox or switch: on → `true`, off (absent from the form data) → `false`. */
export function toggle() {
  return z.boolean().optional().default(false);
}

// ----- object-level rules, used as `z.object({...}).check(matches(...), ...)` ----------------------------

type Shape = Record<string, unknown>;

function hasIssue(issues: readonly { path?: readonly PropertyKey[] }[], field: string) {
  return issues.some((issue) => issue.path?.[0] === field);
}

/** 'Passwords do not match': `confirm` must equal `field` (checked once the confirmation is filled in). */
export function matches<T extends Shape>(fields: { field: keyof T & string; confirm: keyof T & string }) {
  return z.superRefine<T>(
    (value, ctx) => {
      const original = value[fields.field];
      const confirmation = value[fields.confirm];
      if (typeof confirmation !== "string" || confirmation === "") return;
      if (hasIssue(ctx.issues, fields.confirm) || original === confirmation) return;
      ctx.addIssue({
        code: "custom",
        message: encodeMessage({ key: "passwordMatch" }),
        path: [fields.confirm],
      });
    },
    { when: () => true },
  );
}

/** The postal code checked against the chosen country (and normalised for it). */
export function postalCodeOfCountry<T extends Shape>(fields: {
  country: keyof T & string;
  postalCode: keyof T & string;
}) {
  return z.superRefine<T>(
    (value, ctx) => {
      const chosen = value[fields.country];
      const code = value[fields.postalCode];
      if (!isCountry(chosen) || typeof code !== "string" || code === "") return;
      if (hasIssue(ctx.issues, fields.postalCode)) return;
      const outcome = checkPostalCode(code, chosen);
      if (outcome.ok) (value as Shape)[fields.postalCode] = outcome.value;
      else
        ctx.addIssue({ code: "custom", message: encodeMessage(outcome.message), path: [fields.postalCode] });
    },
    { when: () => true },
  );
}

/** The phone number read in the chosen country (national numbers) and normalised to E.164. */
export function phoneOfCountry<T extends Shape>(fields: {
  country: keyof T & string;
  phone: keyof T & string;
}) {
  return z.superRefine<T>(
    (value, ctx) => {
      const chosen = value[fields.country];
      const number = value[fields.phone];
      if (!isCountry(chosen) || typeof number !== "string" || number === "") return;
      if (hasIssue(ctx.issues, fields.phone)) return;
      const outcome = checkPhone(number, chosen);
      if (outcome.ok) (value as Shape)[fields.phone] = outcome.value;
      else ctx.addIssue({ code: "custom", message: encodeMessage(outcome.message), path: [fields.phone] });
    },
    { when: () => true },
  );
}

/** 'Card expired': month and year together must not lie in the past. */
export function cardNotExpired<T extends Shape>(fields: {
  month: keyof T & string;
  year: keyof T & string;
  now?: () => Date;
}) {
  return z.superRefine<T>(
    (value, ctx) => {
      const month = value[fields.month];
      const year = value[fields.year];
      if (typeof month !== "string" || typeof year !== "string") return;
      if (hasIssue(ctx.issues, fields.month) || hasIssue(ctx.issues, fields.year)) return;
      if (isCardExpired(month, year, fields.now?.()))
        ctx.addIssue({
          code: "custom",
          message: encodeMessage({ key: "cardExpired" }),
          path: [fields.month],
        });
    },
    { when: () => true },
  );
}

// ----- issues that schemas raise without one of the rules above -------------------------------------

/**
 * Error map for plain Zod schemas (`z.string()`, `z.string().max(50)`, `z.email()`): their issues get the
 * same encoded messages, falling back to the default '{_field_} is not valid.'.
 */
export const shopErrorMap: z.core.$ZodErrorMap = (issue) => {
  const missing = issue.input === undefined || issue.input === null || issue.input === "";
  switch (issue.code) {
    case "invalid_type":
      return encodeMessage({ key: missing ? "required" : "default" });
    case "too_small":
      return encodeMessage({
        key: missing || (issue.origin === "string" && issue.minimum === 1) ? "required" : "default",
      });
    case "too_big":
      return issue.origin === "string"
        ? encodeMessage({ key: "maxChars", values: { count: Number(issue.maximum) } })
        : encodeMessage({ key: "default" });
    case "invalid_format":
      return encodeMessage({ key: issue.format === "email" ? "email" : "format" });
    case "invalid_value":
      return encodeMessage({ key: missing ? "required" : "choice" });
    default:
      return encodeMessage({ key: "default" });
  }
};

/** One message per field: the first failure. */
export function firstMessage(issues: readonly { message: string }[]): string[] {
  const first = issues[0];
  return first ? [first.message] : [];
}
