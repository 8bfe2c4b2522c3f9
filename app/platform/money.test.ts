import { describe, expect, it } from "vitest";
import { intlLocales, locales } from "./i18n/locales";
import { centsToDecimal, eurosToCents, formatMoney, money } from "./money";

describe("money", () => {
  it("refuses fractions of a cent", () => {
    expect(() => money(10.5)).toThrow(RangeError);
    expect(money(1050)).toEqual({ amount: 1050, currency: "EUR" });
  });

  it("reads typed euros as whole cents, with a point or a comma", () => {
    expect(["49", "49,5", "49.95", "0,07", " 12.30 "].map(eurosToCents)).toEqual([4900, 4950, 4995, 7, 1230]);
  });

  it("writes cents as a decimal amount", () => {
    expect([4995, 7, 0, 120000, -250].map(centsToDecimal)).toEqual([
      "49.95",
      "0.07",
      "0.00",
      "1200.00",
      "-2.50",
    ]);
  });

  it("formats cents in each locale's convention", () => {
    const plain = (text: string) => text.replace(/\s/g, " ");
    expect(plain(formatMoney(money(123456), "nl"))).toBe("€ 1.234,56");
    expect(plain(formatMoney(money(123456), "fr"))).toBe("1 234,56 €");
    expect(plain(formatMoney(money(123456), "es"))).toBe("1234,56 €");
    expect(formatMoney(money(995), "en")).toBe("€9.95");
  });

  it("writes every amount exactly as Intl's currency format does, in each locale", () => {
    const amounts = [
      0, 1, 7, 99, 100, 995, 4995, 99999, 100000, 123456, 999999, 1000000, 1234567, 12345678, 123456789,
    ];
    for (let i = 0; i < 500; i++) amounts.push((i * 2_654_435_761) % 10 ** (1 + (i % 11))); // spread over 1 to 11 digits
    for (const locale of locales) {
      const intl = new Intl.NumberFormat(intlLocales[locale], {
        style: "currency",
        currency: "EUR",
      });
      for (const cents of [...amounts, ...amounts.map((a) => -a).filter((a) => a < 0)])
        expect(formatMoney(money(cents), locale), `${locale} ${cents}`).toBe(intl.format(cents / 100));
    }
  });
});
