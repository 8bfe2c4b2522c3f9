import { describe, expect, it } from "vitest";
import {
  DAC7_THRESHOLDS,
  dac7Year,
  formatIban,
  ibanProblem,
  isReportable,
  maskIban,
  normaliseIban,
  payableCents,
} from "./rules";
import { PayoutAccountSchema, PayoutRequestSchema } from "./validation";

describe("the payout IBAN", () => {
  it("accepts the shop's countries' IBANs in any spacing and case, in electronic format", () => {
    expect(normaliseIban("nl91 abna 0417 1643 00")).toBe("NL91ABNA0417164300");
    expect(normaliseIban("BE68 5390 0754 7034")).toBe("BE68539007547034");
    expect(normaliseIban("FR14 2004 1010 0505 0001 3M02 606")).toBe("FR1420041010050500013M02606");
    expect(normaliseIban("ES91 2100 0418 4502 0005 1332")).toBe("ES9121000418450200051332");
    expect(normaliseIban("DE89 3704 0044 0532 0130 00")).toBe("DE89370400440532013000");
  });

  it("refuses a wrong check digit, a changed digit, a wrong length and an unknown country (mod 97)", () => {
    expect(ibanProblem("NL92ABNA0417164300")).toBe("invalid");
    expect(ibanProblem("NL91ABNA0417164301")).toBe("invalid");
    expect(ibanProblem("NL91ABNA041716430")).toBe("invalid");
    expect(ibanProblem("XX91ABNA0417164300")).toBe("invalid");
    expect(ibanProblem("")).toBe("invalid");
    expect(ibanProblem("NL91ABNA0417164300")).toBeNull();
  });

  it("refuses a valid IBAN outside SEPA: a SEPA credit transfer cannot reach it", () => {
    // Brazil: a checksum-valid IBAN, not a SEPA country.
    expect(normaliseIban("BR1800360305000010009795493C1")).toBe("BR1800360305000010009795493C1");
    expect(ibanProblem("BR1800360305000010009795493C1")).toBe("notSepa");
  });

  it("groups by four for the seller and masks all but the country and the last four elsewhere", () => {
    expect(formatIban("NL91ABNA0417164300")).toBe("NL91 ABNA 0417 1643 00");
    expect(maskIban("NL91ABNA0417164300")).toBe("NL •••• 4300");
  });

  it("is checked by the form's schema too, with the payouts messages, and normalised", () => {
    const ok = PayoutAccountSchema.safeParse({
      iban: "nl91 abna 0417 1643 00",
      holderName: " Sanne Smit ",
      password: "secret",
    });
    expect(ok.success && ok.data).toEqual({
      iban: "NL91ABNA0417164300",
      holderName: "Sanne Smit",
      password: "secret",
    });
    const bad = PayoutAccountSchema.safeParse({ iban: "NL92ABNA0417164300", holderName: "S", password: "x" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["iban", "payouts:errors.ibanInvalid"],
    ]);
    const outside = PayoutAccountSchema.safeParse({
      iban: "BR1800360305000010009795493C1",
      holderName: "S",
      password: "x",
    });
    expect(outside.error?.issues[0]?.message).toBe("payouts:errors.ibanNotSepa");
    // Blank: the one "required" message, not a second IBAN message.
    const blank = PayoutAccountSchema.safeParse({ iban: " ", holderName: "S", password: "x" });
    expect(blank.error?.issues.filter((i) => i.path[0] === "iban")).toHaveLength(1);
    expect(PayoutAccountSchema.safeParse({ iban: "NL91ABNA0417164300", holderName: "S" }).success).toBe(
      false,
    );
  });

  it("asks a payout with an idempotency key", () => {
    expect(PayoutRequestSchema.safeParse({}).success).toBe(false);
    expect(PayoutRequestSchema.parse({ idempotencyKey: "key-12345678" })).toEqual({
      idempotencyKey: "key-12345678",
    });
    expect(PayoutRequestSchema.safeParse({ idempotencyKey: "key-12345678", amountCents: -5 }).success).toBe(
      false,
    );
  });
});

describe("what can be paid out", () => {
  it("is the net marketplace earnings, never more than the wallet holds, never below 0", () => {
    expect(payableCents({ balanceCents: 50_00, earnedCents: 20_00 })).toBe(20_00);
    expect(payableCents({ balanceCents: 5_00, earnedCents: 20_00 })).toBe(5_00);
    expect(payableCents({ balanceCents: 0, earnedCents: 20_00 })).toBe(0);
    expect(payableCents({ balanceCents: 10_00, earnedCents: -3_00 })).toBe(0);
  });
});

describe("DAC7", () => {
  it("makes a seller reportable from 30 sales or more than €2,000 (PRODUCT.md)", () => {
    expect(DAC7_THRESHOLDS).toEqual({ sales: 30, considerationCents: 2_000_00 });
    expect(isReportable({ sales: 29, considerationCents: 2_000_00 })).toBe(false);
    expect(isReportable({ sales: 30, considerationCents: 30_00 })).toBe(true);
    expect(isReportable({ sales: 1, considerationCents: 2_000_01 })).toBe(true);
    expect(isReportable({ sales: 0, considerationCents: 0 })).toBe(false);
  });

  it("reports the year asked for, or the last full year", () => {
    const now = new Date("2026-11-27T10:00:00Z");
    expect(dac7Year("2025", now)).toBe(2025);
    expect(dac7Year("2026", now)).toBe(2026);
    expect(dac7Year(null, now)).toBe(2025);
    expect(dac7Year("2027", now)).toBe(2025);
    expect(dac7Year("2019", now)).toBe(2025);
    expect(dac7Year("abc", now)).toBe(2025);
  });
});
