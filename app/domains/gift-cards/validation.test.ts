import { describe, expect, it } from "vitest";
import { decodeMessage } from "../../platform/forms/messages";
import { GiftCardPurchaseSchema } from "./validation";

const errorsOf = (input: Record<string, string>) => {
  const parsed = GiftCardPurchaseSchema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(
    parsed.error.issues.map((issue) => [String(issue.path[0]), decodeMessage(issue.message)?.key]),
  );
};

const today = new Date().toISOString().slice(0, 10);
const card = {
  kind: "egift",
  amount: "50",
  to: "Noor",
  from: "Sanne",
  recipientEmail: "noor@example.nl",
  dispatchDate: today,
};

describe("buying a gift card", () => {
  it("takes whole euros from 10 to 500", () => {
    expect(GiftCardPurchaseSchema.parse({ ...card, amount: "€ 500" }).amount).toBe("500");
    expect(errorsOf({ ...card, amount: "9" })).toEqual({ amount: "giftCardAmount" });
    expect(errorsOf({ ...card, amount: "501" })).toEqual({ amount: "giftCardAmount" });
    expect(errorsOf({ ...card, amount: "12.50" })).toEqual({ amount: "giftCardAmount" });
  });

  it("wants an e-mail address and a date within a year for an e-gift card, neither for a physical one", () => {
    expect(errorsOf({ ...card, recipientEmail: "", dispatchDate: "" })).toEqual({
      recipientEmail: "required",
      dispatchDate: "required",
    });
    expect(errorsOf({ ...card, dispatchDate: `${Number(today.slice(0, 4)) + 2}${today.slice(4)}` })).toEqual({
      dispatchDate: "dateMax",
    });
    expect(errorsOf({ ...card, kind: "physical", recipientEmail: "", dispatchDate: "" })).toEqual({});
  });

  it("keeps messages to 300 characters", () => {
    expect(errorsOf({ ...card, message: "x".repeat(300) })).toEqual({});
    expect(errorsOf({ ...card, message: "x".repeat(301) })).toEqual({ message: "maxChars" });
  });
});
