import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as rules from "./rules";
import { parseSubmission, translateResult } from "./submission";
import { formsT } from "./test-i18n";

const schema = z
  .object({
    email: rules.email(),
    password: rules.password(),
    confirmPassword: rules.required(),
    country: rules.country(),
    postalCode: rules.required(),
    houseNumber: rules.houseNumber(),
    nickname: rules.optional(rules.pattern(/^[a-z]+$/)),
    newsletter: rules.toggle(),
  })
  .check(
    rules.matches({ field: "password", confirm: "confirmPassword" }),
    rules.postalCodeOfCountry({ country: "country", postalCode: "postalCode" }),
  );

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

const valid = {
  email: "anna@gmail.com",
  password: "correct horse",
  confirmPassword: "correct horse",
  country: "FR",
  postalCode: "75001",
  houseNumber: "12",
};

describe("parseSubmission", () => {
  it("answers Conform's SubmissionResult with Dutch messages for nl", () => {
    const parsed = parseSubmission(
      form({
        email: "anna@",
        password: "kort",
        confirmPassword: "anders",
        country: "FR",
        postalCode: "97100",
        houseNumber: "12a",
        nickname: "Anna!",
      }),
      schema,
      { t: formsT("nl"), labels: { nickname: "Bijnaam" } },
    );
    expect(parsed.status).toBe("error");
    if (parsed.status !== "error") return;
    expect(parsed.result.status).toBe("error");
    expect(parsed.result.error).toEqual({
      email: ["Dit is geen geldig e-mailadres"],
      password: ["Gebruik minstens 8 tekens"],
      confirmPassword: ["De wachtwoorden zijn niet hetzelfde"],
      postalCode: ["Sorry, naar dit gebied bezorgen we niet"],
      houseNumber: ["Alleen cijfers hier: letters horen in het veld toevoeging"],
      nickname: ["Bijnaam: dit formaat klopt niet."],
    });
  });

  it("says 'This field is required' in the reader's language for empty required fields", () => {
    for (const [locale, text] of [
      ["en", "This field is required"],
      ["nl", "Dit veld is verplicht"],
      ["fr", "Ce champ est obligatoire"],
      ["es", "Este campo es obligatorio"],
    ] as const) {
      const parsed = parseSubmission(form({}), schema, { t: formsT(locale) });
      expect(parsed.status === "error" && parsed.result.error?.email).toEqual([text]);
    }
  });

  it("echoes the values back for the form, but never passwords", () => {
    const parsed = parseSubmission(form({ ...valid, email: "anna@" }), schema, { t: formsT("en") });
    if (parsed.status !== "error") throw new Error("expected an error");
    expect(parsed.result.initialValue).toMatchObject({ email: "anna@", postalCode: "75001" });
    expect(parsed.result.initialValue).not.toHaveProperty("password");
    expect(parsed.result.initialValue).not.toHaveProperty("confirmPassword");
  });

  it("returns the typed value unchanged on success (normalised by the rules)", () => {
    const parsed = parseSubmission(form({ ...valid, email: "  anna@gmail.com " }), schema, {
      t: formsT("nl"),
    });
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toEqual({
      email: "anna@gmail.com",
      password: "correct horse",
      confirmPassword: "correct horse",
      country: "FR",
      postalCode: "75001",
      houseNumber: "12",
      newsletter: false,
    });
  });

  it("replies after the domain call with translated form errors", () => {
    const parsed = parseSubmission(form(valid), schema, { t: formsT("es") });
    if (parsed.status !== "success") throw new Error("expected success");
    const reply = parsed.reply({ formErrors: ["forms:validation.postalCodeNoDelivery"] });
    expect(reply.status).toBe("error");
    expect(reply.error?.[""]).toEqual(["Lo sentimos, no hacemos envíos a esta zona"]);
    expect(reply.initialValue).not.toHaveProperty("password");
    expect(parsed.reply({ resetForm: true }).initialValue).toBeNull();
  });

  it("translateResult leaves results without errors alone", () => {
    const result = { status: "success" as const };
    expect(translateResult(result, { t: formsT("en") })).toBe(result);
  });
});
