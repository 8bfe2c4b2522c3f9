import { z } from "zod";
import * as rules from "../../platform/forms/rules";

/**
 * The account and address forms (SPEC §3 Account and Address, §5 rules): one schema each, used by the
 * page (browser and action) and the JSON API. Client-safe: no server imports.
 */

export const genders = ["female", "male"] as const;

const NAME_MAX = 60;
const _today = () => new Date().toISOString().slice(0, 10);
/** Customers are at least 16 (the age at which they may consent to data processing themselves). */
const sixteenYearsAgo = () => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - 16);
  return date.toISOString().slice(0, 10);
};

const name = (label: string) => rules.required({ max: NAME_MAX, label });
const birthDate = () =>
  rules.optional(rules.date({ min: "1900-01-01", max: sixteenYearsAgo(), label: "forms:labels.birthDate" }));
const gender = () => rules.optional(rules.choice(genders));

export const LoginSchema = z.object({
  email: rules.email(),
  // Any stored password is checked, whatever rules applied when it was set.
  password: rules.required({ max: 200 }),
  redirect: z.string().optional(),
});

export const RegisterSchema = z
  .object({
    firstName: name("account:labels.firstName"),
    lastName: name("account:labels.lastName"),
    email: rules.email(),
    password: rules.password(),
    confirmPassword: rules.required(),
    birthDate: birthDate(),
    gender: gender(),
    newsletter: rules.toggle(),
    captcha: z.string().optional(),
  })
  .check(rules.matches({ field: "password", confirm: "confirmPassword" }));

export const ForgotPasswordSchema = z.object({ email: rules.email(), captcha: z.string().optional() });

export const ResetPasswordSchema = z
  .object({
    token: rules.required({ max: 200 }),
    password: rules.password(),
    confirmPassword: rules.required(),
  })
  .check(rules.matches({ field: "password", confirm: "confirmPassword" }));

export const ChangePasswordSchema = z
  .object({
    currentPassword: rules.required({ max: 200 }),
    password: rules.password(),
    confirmPassword: rules.required(),
  })
  .check(rules.matches({ field: "password", confirm: "confirmPassword" }));

export const DetailsSchema = z.object({
  firstName: name("account:labels.firstName"),
  lastName: name("account:labels.lastName"),
  phone: rules.optional(rules.phone({ label: "forms:labels.phone" })),
  birthDate: birthDate(),
  gender: gender(),
});

export const PreferencesSchema = z.object({ newsletter: rules.toggle(), phoneUpdates: rules.toggle() });

export const DeleteAccountSchema = z.object({ password: rules.required({ max: 200 }) });

/**
 * An address of the book (SPEC §3, §5): house number digits only (letters go in the addition), the
 * postal code of the chosen country (FR overseas, Canary Islands, Ceuta and Melilla refused), the phone
 * read in that country. The shipping domain applies the same rules at checkout.
 */
export const AddressSchema = z
  .object({
    firstName: name("account:labels.firstName"),
    lastName: name("account:labels.lastName"),
    country: rules.country(),
    postalCode: rules.required({ max: 10 }),
    houseNumber: rules.houseNumber(),
    addition: rules.optional(rules.houseNumberAddition()),
    street: rules.required({ max: 100, label: "account:labels.street" }),
    city: rules.required({ max: 60, label: "account:labels.city" }),
    region: rules.optional(rules.maxChars(60)),
    phone: rules.optional(rules.required({ max: 30 })),
    isDefaultBilling: rules.toggle(),
    isDefaultShipping: rules.toggle(),
  })
  .check(
    rules.postalCodeOfCountry({ country: "country", postalCode: "postalCode" }),
    rules.phoneOfCountry({ country: "country", phone: "phone" }),
  );

export type RegisterInput = z.output<typeof RegisterSchema>;
export type DetailsInput = z.output<typeof DetailsSchema>;
export type PreferencesInput = z.output<typeof PreferencesSchema>;
export type AddressInput = z.output<typeof AddressSchema>;

/**
 * Where to go after signing in: only a path on this site (`/nl/customer/orders/`), never another host
 * (`//evil.example`, `https://…`, `/\evil`); anything else goes to the account page.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  // Browsers read a backslash as a slash and drop tabs and newlines: `/\evil` and `/\t/evil` leave the site.
  if (target.includes("\\") || [...target].some((c) => c.charCodeAt(0) < 32)) return fallback;
  try {
    const url = new URL(target, "http://shop.invalid");
    if (url.host !== "shop.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
