/**
 * The one way a domain says an expected "no" (decision 0031). A command returns a `Refusal` instead of
 * its result; it never throws one. Exceptions are for bugs and outages only. The edges turn a refusal into
 * what their audience reads: a translated form or page error, the Api error shape, the back office's notice.
 *
 * Client-safe: no server imports, so a page's component can show a refusal its action returned.
 */

/** What kind of "no": the API's status code comes from it, never from the message key. */
export type RefusalKind =
  | "invalid" // the input breaks a rule the schema could not check (400)
  | "unauthenticated" // the credentials are wrong: the e-mail and password do not sign anyone in (401)
  | "not-found" // nothing there, or nothing this visitor may know exists (404)
  | "conflict" // the state does not allow it now: sold out, already done, a move the table refuses (409)
  | "forbidden" // this actor may not, whatever the input (403)
  | "payment-failed" // the payment was declined or failed (402)
  | "unavailable" // a dependency or the shop says "not now" (503)
  | "too-many"; // throttled (429)

export type RefusalValues = Record<string, string | number>;

export class Refusal {
  constructor(
    readonly kind: RefusalKind,
    /** A translation key with its namespace (`checkout:errors.soldOut`), in all four locales. */
    readonly messageKey: string,
    /** Interpolation values of the message; the API sends them as `details`. */
    readonly values: RefusalValues = {},
    /** The form field the refusal is about, when there is one. */
    readonly field?: string,
  ) {}
}

export function isRefusal(value: unknown): value is Refusal {
  return value instanceof Refusal;
}

/** `refuse.conflict("checkout:errors.soldOut", { product }, "variantId")` reads as the rule it states. */
export const refuse = {
  invalid: (key: string, values?: RefusalValues, field?: string) =>
    new Refusal("invalid", key, values, field),
  unauthenticated: (key: string, values?: RefusalValues, field?: string) =>
    new Refusal("unauthenticated", key, values, field),
  notFound: (key = "common:errors.notFound", values?: RefusalValues, field?: string) =>
    new Refusal("not-found", key, values, field),
  conflict: (key: string, values?: RefusalValues, field?: string) =>
    new Refusal("conflict", key, values, field),
  forbidden: (key: string, values?: RefusalValues, field?: string) =>
    new Refusal("forbidden", key, values, field),
  paymentFailed: (key: string, values?: RefusalValues, field?: string) =>
    new Refusal("payment-failed", key, values, field),
  unavailable: (key: string, values?: RefusalValues, field?: string) =>
    new Refusal("unavailable", key, values, field),
  tooMany: (key: string, values?: RefusalValues, field?: string) =>
    new Refusal("too-many", key, values, field),
} as const;

/** The HTTP status of each kind: the only table that maps refusals to status codes. */
export const refusalStatus: Record<RefusalKind, 400 | 401 | 402 | 403 | 404 | 409 | 429 | 503> = {
  invalid: 400,
  unauthenticated: 401,
  "payment-failed": 402,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-many": 429,
  unavailable: 503,
};
