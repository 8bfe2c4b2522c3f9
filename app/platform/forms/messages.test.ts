import fc from "fast-check";
import { describe, expect, it } from "vitest";
import en from "~/locales/en/forms.json";
import es from "~/locales/es/forms.json";
import fr from "~/locales/fr/forms.json";
import nl from "~/locales/nl/forms.json";
import { decodeMessage, encodeMessage, messageKey, translateMessage, validationKeys } from "./messages";
import { formsT } from "./test-i18n";

describe("encoded messages", () => {
  it("round-trips every key with and without values", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...validationKeys),
        fc.dictionary(
          fc
            .string({ minLength: 1 })
            .filter((name) => !["__proto__", "constructor", "prototype"].includes(name)),
          fc.oneof(fc.string(), fc.integer()),
        ),
        (key, values) => {
          const decoded = decodeMessage(encodeMessage({ key, values }));
          expect(decoded?.key).toBe(key);
          expect(decoded?.values ?? {}).toEqual(values);
        },
      ),
    );
  });

  it("drops interpolation names that would reach the prototype", () => {
    const decoded = decodeMessage('forms:validation.required|{"__proto__":{"polluted":1},"count":3}');
    expect(decoded?.values).toEqual({ count: 3 });
    expect(Object.getPrototypeOf(decoded?.values)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("leaves other text alone", () => {
    expect(decodeMessage("This field is required")).toBeNull();
    expect(decodeMessage("forms:validation.unknownKey")).toBeNull();
    expect(decodeMessage("forms:labels.email")).toBeNull();
  });

  it("survives broken values", () => {
    expect(decodeMessage("forms:validation.maxChars|{oops")).toEqual({ key: "maxChars" });
    expect(decodeMessage('forms:validation.maxChars|{"count":5,"x":{"nested":1}}')).toEqual({
      key: "maxChars",
      values: { count: 5 },
    });
  });
});

describe("translateMessage", () => {
  const t = formsT("en");

  it("translates the spec's messages", () => {
    expect(translateMessage(t, encodeMessage({ key: "required" }))).toBe("This field is required");
    // A schema's own message key (not one of the spec's) is translated as it is; other text stays.
    expect(translateMessage(t, "forms:labels.email")).toBe("Email address");
    expect(translateMessage(t, "Already translated: ok.")).toBe("Already translated: ok.");
    expect(translateMessage(t, encodeMessage({ key: "email" }))).toBe("Not a valid email");
  });

  it("interpolates the field label into the default message", () => {
    const message = encodeMessage({ key: "default" });
    expect(translateMessage(t, message, { label: "Postal code" })).toBe("Postal code is not valid.");
    expect(translateMessage(t, message)).toBe("This field is not valid.");
    // A label key named by the schema wins over the label of the control.
    const keyed = encodeMessage({ key: "default", values: { field: "forms:labels.houseNumber" } });
    expect(translateMessage(t, keyed, { label: "Other" })).toBe("House number is not valid.");
    expect(translateMessage(formsT("nl"), keyed)).toBe("Huisnummer is niet geldig.");
  });

  it("interpolates limits with plurals and dates for the locale", () => {
    expect(translateMessage(t, encodeMessage({ key: "maxChars", values: { count: 50 } }))).toBe(
      "That's too long: use at most 50 characters",
    );
    expect(translateMessage(t, encodeMessage({ key: "maxChars", values: { count: 1 } }))).toBe(
      "That's too long: use at most 1 character",
    );
    const min = encodeMessage({ key: "dateMin", values: { date: "2024-03-01" } });
    expect(translateMessage(formsT("nl"), min)).toBe("Kies een datum op of na 1 maart 2024");
    expect(translateMessage(formsT("es"), min)).toBe("Elige una fecha a partir del 1 de marzo de 2024");
  });

  it("passes text that is not an encoded message through unchanged", () => {
    expect(translateMessage(t, "Dit veld is verplicht")).toBe("Dit veld is verplicht");
  });

  it("has every message in every locale", () => {
    for (const locale of ["en", "nl", "fr", "es"] as const) {
      const translate = formsT(locale);
      for (const key of validationKeys) {
        const text = translateMessage(
          translate,
          encodeMessage({ key, values: { count: 2, example: "X", date: "2024-03-01", min: 1, max: 9 } }),
          {
            label: "L",
          },
        );
        expect(text, `${locale}: ${key}`).not.toContain("validation.");
        expect(text, `${locale}: ${key}`).not.toMatch(/\{\{/);
      }
    }
  });

  it("keeps the four message files in step", () => {
    const keysOf = (value: unknown, prefix = ""): string[] =>
      value && typeof value === "object"
        ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`))
        : [prefix.slice(0, -1).replace(/_many$/, "_other")];
    const reference = new Set(keysOf(en));
    for (const messages of [nl, fr, es]) expect(new Set(keysOf(messages))).toEqual(reference);
    expect(messageKey("required")).toBe("forms:validation.required");
  });
});
