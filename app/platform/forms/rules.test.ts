import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeMessage } from "./messages";
import * as rules from "./rules";
import { parseShopForm } from "./submission";
import { luhnCheckDigit } from "./validators";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

/** The decoded message key of each failing field. */
function errorKeys(schema: z.ZodType, entries: Record<string, string>) {
  const submission = parseShopForm(form(entries), schema);
  if (submission.status === "success") return {};
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).map(([name, messages]) => {
      expect(messages, `${name} has exactly one message`).toHaveLength(1);
      return [name, decodeMessage(messages![0]!)?.key ?? messages![0]];
    }),
  );
}

function parsedValue<Schema extends z.ZodType>(schema: Schema, entries: Record<string, string>) {
  const submission = parseShopForm(form(entries), schema);
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
  return submission.value;
}

describe("field rules", () => {
  it("required: missing, empty and blank fields are 'This field is required'", () => {
    const schema = z.object({ name: rules.required() });
    expect(errorKeys(schema, {})).toEqual({ name: "required" });
    expect(errorKeys(schema, { name: "" })).toEqual({ name: "required" });
    expect(errorKeys(schema, { name: "   " })).toEqual({ name: "required" });
    expect(parsedValue(schema, { name: "  Anna " })).toEqual({ name: "Anna" });
  });

  it("stops at the first failure: a field shows one message", () => {
    const schema = z.object({ email: rules.email().max(5) });
    expect(errorKeys(schema, { email: "not-an-email-and-too-long" })).toEqual({ email: "email" });
  });

  it("skips empty optional fields but validates filled ones", () => {
    const schema = z.object({
      phone: rules.optional(rules.phone({ country: "NL" })),
      email: rules.optional(rules.email()),
    });
    expect(parsedValue(schema, { phone: "", email: "  " })).toEqual({});
    expect(parsedValue(schema, {})).toEqual({});
    expect(errorKeys(schema, { phone: "123", email: "x@" })).toEqual({ phone: "phone", email: "email" });
    expect(parsedValue(schema, { phone: "06 12345678" })).toEqual({ phone: "+31612345678" });
  });

  it("each rule answers its own message and normalises its value", () => {
    const code = `603628123456789012${luhnCheckDigit("603628123456789012")}`;
    const schema = z.object({
      email: rules.email(),
      birthDate: rules.date({ min: "1900-01-01", max: "2020-12-31" }),
      quantity: rules.digits({ maxLength: 3 }),
      reference: rules.pattern(/^[A-Z]{2}-\d{4}$/, { example: "AB-1234" }),
      note: rules.maxChars(10),
      password: rules.password(),
      postalCode: rules.postalCode("NL"),
      houseNumber: rules.houseNumber(),
      addition: rules.houseNumberAddition(),
      phone: rules.phone({ country: "BE" }),
      giftCardCode: rules.giftCardCode(),
      giftCardPin: rules.giftCardPin(),
      cardHolder: rules.cardHolder(),
      cardNumber: rules.cardNumber(),
      cardMonth: rules.cardMonth(),
      cardYear: rules.cardYear({ now: () => new Date("2026-01-01T00:00:00Z") }),
      cvc: rules.cvc(),
      country: rules.country(),
      size: rules.choice(["S", "M", "L"]),
      terms: rules.accepted(),
      newsletter: rules.toggle(),
    });
    expect(
      errorKeys(schema, {
        email: "anna@",
        birthDate: "31-02-2000",
        quantity: "1a",
        reference: "AB1234",
        note: "12345678901",
        password: "short",
        postalCode: "12345",
        houseNumber: "12a",
        addition: "-",
        phone: "0612",
        giftCardCode: "123",
        giftCardPin: "12",
        cardHolder: "4",
        cardNumber: "4111111111111112",
        cardMonth: "13",
        cardYear: "20",
        cvc: "1",
        country: "DE",
        size: "XL",
      }),
    ).toEqual({
      email: "email",
      birthDate: "date",
      quantity: "digits",
      reference: "formatExample",
      note: "maxChars",
      password: "passwordMin",
      postalCode: "postalCode",
      houseNumber: "houseNumberLetters",
      addition: "houseNumberAddition",
      phone: "phone",
      giftCardCode: "giftCardCode",
      giftCardPin: "giftCardPin",
      cardHolder: "cardHolder",
      cardNumber: "cardNumber",
      cardMonth: "cardMonth",
      cardYear: "cardExpired",
      cvc: "cvc",
      country: "choice",
      size: "choice",
      terms: "accept",
    });
    expect(
      parsedValue(schema, {
        email: " anna@gmail.com ",
        birthDate: "01-03-1990",
        quantity: "007",
        reference: "AB-1234",
        note: "short",
        password: " spaces count ",
        postalCode: "1234ab",
        houseNumber: "12",
        addition: "A",
        phone: "0470 12 34 56",
        giftCardCode: code.replace(/(\d{4})/g, "$1 "),
        giftCardPin: "123456",
        cardHolder: "A  de Vries",
        cardNumber: "4111 1111 1111 1111",
        cardMonth: "3",
        cardYear: "27",
        cvc: "123",
        country: "BE",
        size: "M",
        terms: "on",
      }),
    ).toEqual({
      email: "anna@gmail.com",
      birthDate: "1990-03-01",
      quantity: "007",
      reference: "AB-1234",
      note: "short",
      password: " spaces count ",
      postalCode: "1234 AB",
      houseNumber: "12",
      addition: "A",
      phone: "+32470123456",
      giftCardCode: code,
      giftCardPin: "123456",
      cardHolder: "A de Vries",
      cardNumber: "4111111111111111",
      cardMonth: "03",
      cardYear: "2027",
      cvc: "123",
      country: "BE",
      size: "M",
      terms: true,
      newsletter: false,
    });
  });

  it("puts the label key in the message when the schema names one", () => {
    const schema = z.object({ zip: rules.pattern(/^\d+$/, { label: "forms:labels.postalCode" }) });
    const submission = parseShopForm(form({ zip: "x" }), schema);
    expect(submission.status).toBe("error");
    if (submission.status !== "success")
      expect(decodeMessage(submission.error?.zip?.[0] ?? "")).toEqual({
        key: "format",
        values: { field: "forms:labels.postalCode" },
      });
  });

  it("marks optional fields as not required for the controls", () => {
    const constraint = getZodConstraint(
      z.object({ email: rules.email(), phone: rules.optional(rules.phone()), news: rules.toggle() }),
    );
    expect(constraint.email?.required).toBe(true);
    expect(constraint.phone?.required).toBe(false);
    expect(constraint.news?.required).toBe(false);
  });
});

describe("object rules", () => {
  const account = z
    .object({
      password: rules.password(),
      confirmPassword: rules.required(),
      country: rules.country(),
      postalCode: rules.required(),
      phone: rules.optional(rules.required()),
    })
    .check(
      rules.matches({ field: "password", confirm: "confirmPassword" }),
      rules.postalCodeOfCountry({ country: "country", postalCode: "postalCode" }),
      rules.phoneOfCountry({ country: "country", phone: "phone" }),
    );

  it("confirm password must match, even while another field fails", () => {
    expect(
      errorKeys(account, {
        password: "secret123",
        confirmPassword: "secret124",
        country: "NL",
        postalCode: "",
      }),
    ).toEqual({
      confirmPassword: "passwordMatch",
      postalCode: "required",
    });
    expect(
      errorKeys(account, {
        password: "short",
        confirmPassword: "other",
        country: "NL",
        postalCode: "1234AB",
      }),
    ).toEqual({
      password: "passwordMin",
      confirmPassword: "passwordMatch",
    });
  });

  it("checks the postal code for the chosen country and refuses overseas areas", () => {
    const base = { password: "secret123", confirmPassword: "secret123" };
    expect(errorKeys(account, { ...base, country: "FR", postalCode: "97100" })).toEqual({
      postalCode: "postalCodeNoDelivery",
    });
    expect(errorKeys(account, { ...base, country: "ES", postalCode: "38001" })).toEqual({
      postalCode: "postalCodeNoDelivery",
    });
    expect(errorKeys(account, { ...base, country: "BE", postalCode: "1234 AB" })).toEqual({
      postalCode: "postalCode",
    });
    expect(errorKeys(account, { ...base, country: "", postalCode: "1234 AB" })).toEqual({
      country: "required",
    });
    expect(parsedValue(account, { ...base, country: "NL", postalCode: "1234ab" })).toMatchObject({
      postalCode: "1234 AB",
    });
  });

  it("reads a national phone number in the chosen country", () => {
    const base = { password: "secret123", confirmPassword: "secret123", postalCode: "1000" };
    expect(parsedValue(account, { ...base, country: "BE", phone: "0470 12 34 56" })).toMatchObject({
      phone: "+32470123456",
    });
    expect(errorKeys(account, { ...base, country: "BE", phone: "06 12345678" })).toEqual({ phone: "phone" });
  });

  it("a card that expired this year is refused on the month", () => {
    const card = z
      .object({
        month: rules.cardMonth(),
        year: rules.cardYear({ now: () => new Date("2026-06-10T00:00:00Z") }),
      })
      .check(
        rules.cardNotExpired({ month: "month", year: "year", now: () => new Date("2026-06-10T00:00:00Z") }),
      );
    expect(errorKeys(card, { month: "05", year: "2026" })).toEqual({ month: "cardExpired" });
    expect(parsedValue(card, { month: "6", year: "26" })).toEqual({ month: "06", year: "2026" });
  });
});

describe("shopErrorMap for plain Zod schemas", () => {
  it("maps Zod's own issues onto the shop's messages", () => {
    const schema = z.object({
      name: z.string(),
      nick: z.string().max(3),
      mail: z.email(),
      size: z.enum(["S", "M"]),
      age: z.number().int(),
    });
    expect(errorKeys(schema, { nick: "abcd", mail: "x", size: "XL", age: "1.5" })).toEqual({
      name: "required",
      nick: "maxChars",
      mail: "email",
      size: "choice",
      age: "default",
    });
  });
});
