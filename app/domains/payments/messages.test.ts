import { describe, expect, it } from "vitest";
import en from "../../locales/en/payments.json";
import es from "../../locales/es/payments.json";
import fr from "../../locales/fr/payments.json";
import nl from "../../locales/nl/payments.json";
import { serverI18n } from "../../platform/i18n/resources.server";
import { paymentMethodInfo, paymentMethods } from "./methods";

const keysOf = (value: unknown, prefix = ""): string[] =>
  value && typeof value === "object"
    ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe("the payments messages", () => {
  it("has every key in all four languages", () => {
    const reference = new Set(keysOf(en));
    for (const messages of [nl, fr, es]) expect(new Set(keysOf(messages))).toEqual(reference);
  });

  it("names every method and every error the domain can answer, in every language", () => {
    const used = [
      ...paymentMethods.flatMap((m) => [paymentMethodInfo[m].labelKey, paymentMethodInfo[m].descriptionKey]),
      "errors.noMethods",
      "errors.giftCardWithKlarna",
      "errors.canceled",
      "errors.unavailable",
      "errors.idempotencyMismatch",
      "errors.refundNotPaid",
      "errors.refundTooMuch",
      "errors.refundFailed",
    ];
    for (const locale of ["en", "nl", "fr", "es"] as const) {
      const { t, exists } = serverI18n(locale);
      for (const key of used) {
        expect(exists(`payments:${key}`), `${locale} payments:${key}`).toBe(true);
        expect(t(`payments:${key}`)).not.toBe("");
      }
    }
  });
});
