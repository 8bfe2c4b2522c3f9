import type { Message } from "./messages";

/**
 * The validation rules of SPEC §5 as pure functions on a trimmed, non-empty string. Each answers either
 * the normalised value (what the server stores: `1234 AB`, `+31612345678`, `2024-02-29`) or the one
 * message to show. Emptiness is decided by the caller (required vs optional), never here.
 */
export type Outcome = { ok: true; value: string } | { ok: false; message: Message };

/** Countries the shop delivers to (PRODUCT.md). */
export const countries = ["NL", "BE", "FR", "ES"] as const;
export type Country = (typeof countries)[number];

export function isCountry(value: unknown): value is Country {
  return typeof value === "string" && (countries as readonly string[]).includes(value);
}

const pass = (value: string): Outcome => ({ ok: true, value });
const fail = (key: Message["key"], values?: Message["values"]): Outcome => ({
  ok: false,
  message: values ? { key, values } : { key },
});

/** Length in characters as a person counts them (code points, so an emoji is one). */
export function characterCount(value: string): number {
  return [...value].length;
}

// ----- text -----------------------------------------------------------------------------------------

export function checkMaxChars(value: string, max: number): Outcome {
  return characterCount(value) > max ? fail("maxChars", { count: max }) : pass(value);
}

export function checkDigits(
  value: string,
  options: { minLength?: number; maxLength?: number } = {},
): Outcome {
  if (!/^\d+$/.test(value)) return fail("digits");
  if (options.maxLength !== undefined && value.length > options.maxLength)
    return fail("maxChars", { count: options.maxLength });
  if (options.minLength !== undefined && value.length < options.minLength) return fail("default");
  return pass(value);
}

export function checkPattern(value: string, pattern: RegExp, example?: string): Outcome {
  if (pattern.test(value)) return pass(value);
  return example ? fail("formatExample", { example }) : fail("format");
}

// ----- e-mail ---------------------------------------------------------------------------------------

const EMAIL_LOCAL = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const EMAIL_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const EMAIL_TLD = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{2,59})$/iu;

/** A deliverable-looking address: local part, `@`, a domain with a dot and a real top-level domain. */
export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf("@");
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || !EMAIL_LOCAL.test(local)) return false;
  const labels = domain.split(".");
  if (labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? "";
  return EMAIL_TLD.test(tld) && labels.every((label) => EMAIL_LABEL.test(label));
}

export function checkEmail(value: string): Outcome {
  return isEmail(value) ? pass(value) : fail("email");
}

// ----- dates ----------------------------------------------------------------------------------------

function isCalendarDate(year: number, month: number, day: number): boolean {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYY-MM-DD` (date inputs) or day-first `D-M-YYYY`, `DD/MM/YYYY`, `DD.MM.YYYY` (typed) → ISO date. */
export function parseDate(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  let year: number;
  let month: number;
  let day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  else return null;
  return isCalendarDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

/** A valid calendar date, optionally within `min`/`max` (ISO dates, inclusive). */
export function checkDate(value: string, options: { min?: string; max?: string } = {}): Outcome {
  const date = parseDate(value);
  if (!date) return fail("date");
  if (options.min && date < options.min) return fail("dateMin", { date: options.min });
  if (options.max && date > options.max) return fail("dateMax", { date: options.max });
  return pass(date);
}

// ----- passwords (PRODUCT.md: ≥ 8, at least 128 accepted, no composition rules) -------------------------

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export function checkPassword(value: string): Outcome {
  const length = characterCount(value);
  if (length < PASSWORD_MIN) return fail("passwordMin", { count: PASSWORD_MIN });
  if (length > PASSWORD_MAX) return fail("passwordMax", { count: PASSWORD_MAX });
  return pass(value);
}

// ----- addresses ------------------------------------------------------------------------------------

export const postalCodeExamples: Record<Country, string> = {
  NL: "1234 AB",
  BE: "1000",
  FR: "75001",
  ES: "28001",
};

/** FR overseas departments and territories (97xxx, 98xxx): no delivery. */
const FR_NO_DELIVERY = new Set(["97", "98"]);
/** ES Canary Islands (35, 38), Ceuta (51), Melilla (52): no delivery. */
const ES_NO_DELIVERY = new Set(["35", "38", "51", "52"]);

/** A postal code of `country`, normalised (`1234ab` → `1234 AB`); areas the shop does not deliver to are refused. */
export function checkPostalCode(raw: string, country: Country): Outcome {
  const value = raw.trim().toUpperCase();
  const invalid = () => fail("postalCode", { example: postalCodeExamples[country] });
  switch (country) {
    case "NL": {
      const match = /^([1-9]\d{3}) ?([A-Z]{2})$/.exec(value);
      // SA, SD and SS are never issued as Dutch postcode letters.
      if (!match || ["SA", "SD", "SS"].includes(match[2]!)) return invalid();
      return pass(`${match[1]} ${match[2]}`);
    }
    case "BE":
      return /^[1-9]\d{3}$/.test(value) ? pass(value) : invalid();
    case "FR": {
      if (!/^\d{5}$/.test(value)) return invalid();
      const department = value.slice(0, 2);
      if (FR_NO_DELIVERY.has(department)) return fail("postalCodeNoDelivery");
      const n = Number(department);
      return n >= 1 && n <= 95 ? pass(value) : invalid();
    }
    case "ES": {
      if (!/^\d{5}$/.test(value)) return invalid();
      const province = value.slice(0, 2);
      if (ES_NO_DELIVERY.has(province)) return fail("postalCodeNoDelivery");
      const n = Number(province);
      return n >= 1 && n <= 52 ? pass(value) : invalid();
    }
  }
}

/** House numbers are digits only; `12a` is told that the letters belong in the addition field. */
export function checkHouseNumber(value: string): Outcome {
  if (/^[1-9]\d{0,5}$/.test(value)) return pass(value);
  if (/\p{L}/u.test(value)) return fail("houseNumberLetters");
  return fail("houseNumber");
}

/** The addition to a house number (`A`, `bis`, `2-hoog`, `bus 3`): short, letters, digits, space, `-`, `/`. */
export function checkHouseNumberAddition(value: string): Outcome {
  return /^[\p{L}\p{N}][\p{L}\p{N} \-/]{0,9}$/u.test(value) ? pass(value) : fail("houseNumberAddition");
}

// ----- phone numbers --------------------------------------------------------------------------------

const callingCodes: Record<Country, string> = { NL: "31", BE: "32", FR: "33", ES: "34" };

/** The national significant number (after the country code, without trunk 0) of each country. */
const significantNumber: Record<Country, RegExp> = {
  // 9 digits: 6xxxxxxxx mobile, area codes 10–79, 85/88 corporate, 800/900 services.
  NL: /^[1-9]\d{8}$/,
  // 8 digits for fixed lines, 9 for mobiles (45x–49x).
  BE: /^(?:4[5-9]\d{7}|[1-9]\d{7})$/,
  // 9 digits, 1–5 fixed, 6–7 mobile, 8–9 services.
  FR: /^[1-9]\d{8}$/,
  // 9 digits starting 6–9; Spain has no trunk prefix.
  ES: /^[6-9]\d{8}$/,
};

/**
 * A phone number in E.164 (`+31612345678`), or null. Accepts international numbers of the four shop
 * countries (`+32 …`, `0032 …`, `+31 (0)6 …`) and national numbers of `country` (`06 12 34 56 78`). Without
 * a country, a national number is read as the first of NL, BE, FR, ES it is valid in.
 */
export function normalizePhone(value: string, country?: Country): string | null {
  if (!/^[+\d\s().\-/]+$/.test(value)) return null;
  let compact = value.replace(/\(0\)/g, "").replace(/[\s().\-/]/g, "");
  if (compact.startsWith("00")) compact = `+${compact.slice(2)}`;
  if (compact.startsWith("+")) {
    const digits = compact.slice(1);
    if (!/^\d+$/.test(digits)) return null;
    for (const candidate of countries) {
      const code = callingCodes[candidate];
      if (digits.startsWith(code) && significantNumber[candidate].test(digits.slice(code.length)))
        return `+${digits}`;
    }
    return null;
  }
  if (!/^\d+$/.test(compact)) return null;
  const candidates = country ? [country] : countries;
  for (const candidate of candidates) {
    const national = candidate === "ES" ? compact : compact.startsWith("0") ? compact.slice(1) : null;
    if (national !== null && significantNumber[candidate].test(national))
      return `+${callingCodes[candidate]}${national}`;
  }
  return null;
}

export function checkPhone(value: string, country?: Country): Outcome {
  const phone = normalizePhone(value, country);
  return phone ? pass(phone) : fail("phone");
}

// ----- gift cards and payment cards -----------------------------------------------------------------

/** Luhn (mod 10) check over a string of digits, check digit last. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit that completes `payload` (for fixtures and tests). */
export function luhnCheckDigit(payload: string): string {
  for (let digit = 0; digit <= 9; digit++) if (luhnValid(`${payload}${digit}`)) return String(digit);
  throw new Error("unreachable");
}

const withoutSeparators = (value: string) => value.replace(/[\s-]/g, "");

/** Gift card code: 19 digits (spaces and dashes allowed while typing), the last a Luhn check digit. */
export function checkGiftCardCode(value: string): Outcome {
  const digits = withoutSeparators(value);
  if (!/^\d{19}$/.test(digits)) return fail("giftCardCode", { count: 19 });
  return luhnValid(digits) ? pass(digits) : fail("giftCardCheck");
}

export function checkGiftCardPin(value: string): Outcome {
  return /^\d{6}$/.test(value) ? pass(value) : fail("giftCardPin", { count: 6 });
}

/** Name on the card: 2–26 characters (the embossing limit), letters, spaces, `'`, `-`, `.`. */
export function checkCardHolder(value: string): Outcome {
  const name = value.replace(/\s+/g, " ");
  return /^\p{L}[\p{L}\p{M} '.-]{1,25}$/u.test(name) ? pass(name) : fail("cardHolder");
}

/** Card number: 12–19 digits with a valid Luhn check digit; spaces and dashes are ignored. */
export function checkCardNumber(value: string): Outcome {
  const digits = withoutSeparators(value);
  return /^\d{12,19}$/.test(digits) && luhnValid(digits) ? pass(digits) : fail("cardNumber");
}

/** Expiry month 1–12 → `MM`. */
export function checkCardMonth(value: string): Outcome {
  return /^(?:0?[1-9]|1[0-2])$/.test(value) ? pass(value.padStart(2, "0")) : fail("cardMonth");
}

/** Expiry year, two or four digits → four digits; this year up to 20 years ahead. */
export function checkCardYear(value: string, now: Date = new Date()): Outcome {
  if (!/^(?:\d{2}|\d{4})$/.test(value)) return fail("cardYear");
  const year = value.length === 2 ? 2000 + Number(value) : Number(value);
  const current = now.getUTCFullYear();
  if (year < current) return fail("cardExpired");
  if (year > current + 20) return fail("cardYear");
  return pass(String(year));
}

/** A card is valid through the last day of its expiry month. */
export function isCardExpired(month: string, year: string, now: Date = new Date()): boolean {
  const m = Number(month);
  const y = year.length === 2 ? 2000 + Number(year) : Number(year);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return y * 12 + (m - 1) < current;
}

export function checkCvc(value: string): Outcome {
  return /^\d{3,4}$/.test(value) ? pass(value) : fail("cvc");
}
