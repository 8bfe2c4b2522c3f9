import { describe, expect, it } from "vitest";
import { decodeMessage } from "../../platform/forms/messages";
import { parseShopForm } from "../../platform/forms/submission";
import { luhnValid } from "../../platform/forms/validators";
import { cardFormSchema, fashionchequeFormSchema, idealFormSchema, sandboxTestData } from "./validation";

const nextYear = String(new Date().getUTCFullYear() + 1);
const valid = {
  holder: "Anna de Vries",
  cardNumber: "4111 1111 1111 1111",
  month: "7",
  year: nextYear,
  cvc: "123",
};

function errors(schema: Parameters<typeof parseShopForm>[1], fields: Record<string, string>) {
  const submission = parseShopForm(new URLSearchParams(fields), schema);
  if (submission.status === "success") return {};
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).map(([name, messages]) => [
      name,
      decodeMessage(messages?.[0] ?? "")?.key,
    ]),
  );
}

describe("the sandbox card form", () => {
  it("accepts a card with a Luhn-valid number, a month, a year not in the past and a 3–4 digit CVC", () => {
    const submission = parseShopForm(new URLSearchParams(valid), cardFormSchema);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toMatchObject({
      cardNumber: "4111111111111111",
      month: "07",
      year: nextYear,
    });
    expect(errors(cardFormSchema, { ...valid, cvc: "1234" })).toEqual({});
  });

  it("names each wrong field: holder, number (Luhn), month, year, CVC, and all fields are required", () => {
    expect(
      errors(cardFormSchema, {
        holder: "1",
        cardNumber: "4111 1111 1111 1112",
        month: "13",
        year: "20x",
        cvc: "12",
      }),
    ).toEqual({
      holder: "cardHolder",
      cardNumber: "cardNumber",
      month: "cardMonth",
      year: "cardYear",
      cvc: "cvc",
    });
    expect(errors(cardFormSchema, { ...valid, cvc: "12345" })).toEqual({ cvc: "cvc" });
    expect(errors(cardFormSchema, {})).toEqual({
      holder: "required",
      cardNumber: "required",
      month: "required",
      year: "required",
      cvc: "required",
    });
  });

  it("refuses a year in the past and a month already over this year", () => {
    expect(errors(cardFormSchema, { ...valid, year: String(new Date().getUTCFullYear() - 1) })).toEqual({
      year: "cardExpired",
    });
    const now = new Date();
    if (now.getUTCMonth() > 0) {
      expect(errors(cardFormSchema, { ...valid, month: "1", year: String(now.getUTCFullYear()) })).toEqual({
        month: "cardExpired",
      });
    }
  });
});

describe("the other sandbox forms", () => {
  it("iDEAL needs one of the listed banks", () => {
    expect(errors(idealFormSchema, {})).toEqual({ issuer: "required" });
    expect(errors(idealFormSchema, { issuer: "ideal_NOPE" })).toEqual({ issuer: "choice" });
    expect(errors(idealFormSchema, { issuer: "ideal_INGBNL2A" })).toEqual({});
  });

  it("Fashioncheque needs the 19-digit card number and its 6-digit PIN; the page's test card passes", () => {
    expect(luhnValid(sandboxTestData.fashioncheque.replace(/\s/g, ""))).toBe(true);
    expect(
      errors(fashionchequeFormSchema, { cardNumber: sandboxTestData.fashioncheque, pin: "123456" }),
    ).toEqual({});
    expect(errors(fashionchequeFormSchema, { cardNumber: "1234", pin: "12" })).toEqual({
      cardNumber: "giftCardCode",
      pin: "giftCardPin",
    });
  });
});
