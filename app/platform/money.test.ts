import { describe, expect, it } from "vitest";
import { formatMoney, money } from "./money";

describe("money", () => {
  it("refuses fractions of a cent", () => {
    expect(() => money(10.5)).toThrow(RangeError);
    expect(money(1050)).toEqual({ amount: 1050, currency: "EUR" });
  });

  it("formats cents in each locale's convention", () => {
    const plain = (text: string) => text.replace(/\s/g, " ");
    expect(plain(formatMoney(money(123456), "nl"))).toBe("€ 1.234,56");
    expect(plain(formatMoney(money(123456), "fr"))).toBe("1 234,56 €");
    expect(plain(formatMoney(money(123456), "es"))).toBe("1234,56 €");
    expect(formatMoney(money(995), "en")).toBe("€9.95");
  });
});
