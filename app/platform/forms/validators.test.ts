import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkCardHolder,
  checkCardMonth,
  checkCardNumber,
  checkCardYear,
  checkCvc,
  checkDate,
  checkDigits,
  checkEmail,
  checkGiftCardCode,
  checkGiftCardPin,
  checkHouseNumber,
  checkHouseNumberAddition,
  checkMaxChars,
  checkPassword,
  checkPattern,
  checkPhone,
  checkPostalCode,
  isCardExpired,
  isEmail,
  luhnCheckDigit,
  luhnValid,
  normalizePhone,
  type Outcome,
  parseDate,
} from "./validators";

const keyOf = (outcome: Outcome) => (outcome.ok ? "ok" : outcome.message.key);
const valueIn = (outcome: Outcome) => (outcome.ok ? outcome.value : null);

describe("e-mail", () => {
  it.each([
    "anna@gmail.com",
    "a.b+shop@example.co.uk",
    "jan-piet@ziggo.nl",
    "élodie@orange.fr",
    "x@sub.domain.es",
  ])("accepts %s", (email) => expect(isEmail(email)).toBe(true));
  it.each([
    "anna",
    "anna@",
    "@gmail.com",
    "anna@gmail",
    "anna@gmail.",
    "anna@.com",
    "an na@gmail.com",
    "anna@@gmail.com",
    "anna..b@gmail.com",
    ".anna@gmail.com",
    "anna@gmail.c",
    "anna@-gmail.com",
    `${"a".repeat(65)}@gmail.com`,
  ])("refuses %s with 'Not a valid email'", (email) => expect(keyOf(checkEmail(email))).toBe("email"));
});

describe("dates", () => {
  it("accepts ISO and day-first dates and normalises to ISO", () => {
    expect(parseDate("2024-02-29")).toBe("2024-02-29");
    expect(parseDate("29-02-2024")).toBe("2024-02-29");
    expect(parseDate("1/3/1990")).toBe("1990-03-01");
    expect(parseDate("31.12.1999")).toBe("1999-12-31");
  });
  it.each([
    "2023-02-29",
    "31-04-2024",
    "2024-13-01",
    "00-01-2024",
    "2024-1-1",
    "tomorrow",
    "12-31-2024",
    "0999-01-01",
  ])("refuses %s", (value) => expect(keyOf(checkDate(value))).toBe("date"));
  it("enforces min and max, inclusive", () => {
    const range = { min: "2000-01-01", max: "2010-12-31" };
    expect(valueIn(checkDate("01-01-2000", range))).toBe("2000-01-01");
    expect(valueIn(checkDate("2010-12-31", range))).toBe("2010-12-31");
    expect(checkDate("1999-12-31", range)).toEqual({
      ok: false,
      message: { key: "dateMin", values: { date: "2000-01-01" } },
    });
    expect(keyOf(checkDate("2011-01-01", range))).toBe("dateMax");
  });
  it("agrees with the calendar for every day of a range of years", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        (y, m, d) => {
          const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
          const iso = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
          expect(parseDate(iso) !== null).toBe(real);
        },
      ),
    );
  });
});

describe("digits, format and length", () => {
  it("numeric fields take digits only", () => {
    expect(valueIn(checkDigits("0123"))).toBe("0123");
    expect(keyOf(checkDigits("12a"))).toBe("digits");
    expect(keyOf(checkDigits("1 2"))).toBe("digits");
    expect(keyOf(checkDigits("-1"))).toBe("digits");
    expect(keyOf(checkDigits("12345", { maxLength: 4 }))).toBe("maxChars");
    expect(keyOf(checkDigits("12", { minLength: 3 }))).toBe("default");
  });
  it("generic format", () => {
    expect(keyOf(checkPattern("AB-12", /^[A-Z]{2}-\d{2}$/))).toBe("ok");
    expect(keyOf(checkPattern("AB12", /^[A-Z]{2}-\d{2}$/))).toBe("format");
    expect(checkPattern("AB12", /^[A-Z]{2}-\d{2}$/, "AB-12")).toEqual({
      ok: false,
      message: { key: "formatExample", values: { example: "AB-12" } },
    });
  });
  it("counts characters as people do", () => {
    expect(keyOf(checkMaxChars("abc", 3))).toBe("ok");
    expect(checkMaxChars("abcd", 3)).toEqual({
      ok: false,
      message: { key: "maxChars", values: { count: 3 } },
    });
    expect(keyOf(checkMaxChars("👗👗👗", 3))).toBe("ok");
  });
});

describe("passwords", () => {
  it("takes 8 to 128 characters without composition rules", () => {
    expect(keyOf(checkPassword("aaaaaaaa"))).toBe("ok");
    expect(keyOf(checkPassword("a".repeat(128)))).toBe("ok");
    expect(keyOf(checkPassword("        "))).toBe("ok");
    expect(keyOf(checkPassword("aaaaaaa"))).toBe("passwordMin");
    expect(keyOf(checkPassword("a".repeat(129)))).toBe("passwordMax");
  });
});

describe("postal codes", () => {
  it.each([
    ["NL", "1234 AB", "1234 AB"],
    ["NL", "1234ab", "1234 AB"],
    ["NL", " 9999zz ", "9999 ZZ"],
    ["BE", "1000", "1000"],
    ["BE", "9990", "9990"],
    ["FR", "75001", "75001"],
    ["FR", "20000", "20000"],
    ["FR", "01000", "01000"],
    ["FR", "95100", "95100"],
    ["ES", "28001", "28001"],
    ["ES", "01001", "01001"],
    ["ES", "50001", "50001"],
  ] as const)("%s accepts %s", (country, code, normalised) => {
    expect(valueIn(checkPostalCode(code, country))).toBe(normalised);
  });

  it.each([
    ["NL", "0123 AB"],
    ["NL", "1234"],
    ["NL", "1234 A"],
    ["NL", "1234 SS"],
    ["NL", "12345"],
    ["NL", "1234  AB"],
    ["BE", "0999"],
    ["BE", "10000"],
    ["BE", "1000 AB"],
    ["FR", "7500"],
    ["FR", "00100"],
    ["FR", "96000"],
    ["FR", "2A000"],
    ["ES", "00001"],
    ["ES", "53001"],
    ["ES", "2800"],
  ] as const)("%s refuses %s as invalid, with an example", (country, code) => {
    const outcome = checkPostalCode(code, country);
    expect(keyOf(outcome)).toBe("postalCode");
    expect(outcome.ok ? null : outcome.message.values?.example).toBeTruthy();
  });

  it.each([
    ["FR", "97100"],
    ["FR", "97400"],
    ["FR", "97600"],
    ["FR", "98000"],
    ["FR", "98800"],
    ["ES", "35001"],
    ["ES", "38001"],
    ["ES", "51001"],
    ["ES", "52001"],
  ] as const)("%s refuses overseas area %s: no delivery", (country, code) => {
    expect(keyOf(checkPostalCode(code, country))).toBe("postalCodeNoDelivery");
  });

  it("refuses every FR overseas and ES island/enclave code", () => {
    const fiveDigits = (prefix: string) =>
      fc.integer({ min: 0, max: 999 }).map((n) => `${prefix}${String(n).padStart(3, "0")}`);
    fc.assert(
      fc.property(fc.constantFrom("97", "98").chain(fiveDigits), (code) => {
        expect(keyOf(checkPostalCode(code, "FR"))).toBe("postalCodeNoDelivery");
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom("35", "38", "51", "52").chain(fiveDigits), (code) => {
        expect(keyOf(checkPostalCode(code, "ES"))).toBe("postalCodeNoDelivery");
      }),
    );
  });
});

describe("house numbers", () => {
  it("takes digits only and sends letters to the addition field", () => {
    expect(valueIn(checkHouseNumber("12"))).toBe("12");
    expect(valueIn(checkHouseNumber("123456"))).toBe("123456");
    expect(keyOf(checkHouseNumber("12a"))).toBe("houseNumberLetters");
    expect(keyOf(checkHouseNumber("12 bis"))).toBe("houseNumberLetters");
    expect(keyOf(checkHouseNumber("A"))).toBe("houseNumberLetters");
    expect(keyOf(checkHouseNumber("12-14"))).toBe("houseNumber");
    expect(keyOf(checkHouseNumber("0"))).toBe("houseNumber");
    expect(keyOf(checkHouseNumber("1234567"))).toBe("houseNumber");
  });
  it("additions are short letters and digits", () => {
    for (const ok of ["A", "bis", "2-hoog", "bus 3", "1/2"])
      expect(keyOf(checkHouseNumberAddition(ok))).toBe("ok");
    for (const bad of ["-A", "a".repeat(11), "#3"])
      expect(keyOf(checkHouseNumberAddition(bad))).toBe("houseNumberAddition");
  });
});

describe("phone numbers", () => {
  it.each([
    ["06 12345678", "NL", "+31612345678"],
    ["06-12 34 56 78", "NL", "+31612345678"],
    ["020 123 4567", "NL", "+31201234567"],
    ["+31 6 12345678", undefined, "+31612345678"],
    ["+31 (0)6 12345678", undefined, "+31612345678"],
    ["0031612345678", undefined, "+31612345678"],
    ["0470 12 34 56", "BE", "+32470123456"],
    ["02 123 45 67", "BE", "+3221234567"],
    ["+32 470 12 34 56", undefined, "+32470123456"],
    ["06 12 34 56 78", "FR", "+33612345678"],
    ["01.23.45.67.89", "FR", "+33123456789"],
    ["+33 6 12 34 56 78", undefined, "+33612345678"],
    ["612 345 678", "ES", "+34612345678"],
    ["912345678", "ES", "+34912345678"],
    ["+34 612 34 56 78", undefined, "+34612345678"],
    ["0612345678", undefined, "+31612345678"],
  ] as const)("reads %s (%s) as %s", (input, country, e164) => {
    expect(normalizePhone(input, country)).toBe(e164);
  });

  it.each([
    ["0612345", "NL"],
    ["06123456789", "NL"],
    ["+49 30 1234567", undefined],
    ["+31 06 12345678", undefined],
    ["512 345 678", "ES"],
    ["0612345678", "ES"],
    ["0012", undefined],
    ["phone", "NL"],
    ["06 1234 567a", "NL"],
    ["+", undefined],
  ] as const)("refuses %s (%s)", (input, country) => {
    expect(keyOf(checkPhone(input, country))).toBe("phone");
  });

  it("answers E.164 that reads back as itself", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("NL", "BE", "FR", "ES" as const),
        fc.stringMatching(/^[0-9 ]{6,14}$/),
        (country, input) => {
          const e164 = normalizePhone(input, country);
          if (e164) {
            expect(e164).toMatch(/^\+3[1-4]\d{8,9}$/);
            expect(normalizePhone(e164)).toBe(e164);
          }
        },
      ),
    );
  });
});

describe("Luhn", () => {
  it("knows valid and invalid numbers", () => {
    expect(luhnValid("4111111111111111")).toBe(true);
    expect(luhnValid("79927398713")).toBe(true);
    expect(luhnValid("79927398710")).toBe(false);
    expect(luhnValid("4111 1111")).toBe(false);
    expect(luhnValid("")).toBe(false);
  });
  it("a computed check digit always validates, and changing one digit always breaks it", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10,18}$/),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (payload, at, delta) => {
          const full = `${payload}${luhnCheckDigit(payload)}`;
          expect(luhnValid(full)).toBe(true);
          const i = at % full.length;
          const changed = `${full.slice(0, i)}${(Number(full[i]) + delta) % 10}${full.slice(i + 1)}`;
          expect(luhnValid(changed)).toBe(false);
        },
      ),
    );
  });
});

describe("gift cards", () => {
  const valid = `603628123456789012${luhnCheckDigit("603628123456789012")}`;
  it("takes 19 digits with a Luhn check digit; spaces are ignored", () => {
    expect(valid).toHaveLength(19);
    expect(valueIn(checkGiftCardCode(valid))).toBe(valid);
    expect(valueIn(checkGiftCardCode(valid.replace(/(\d{4})/g, "$1 ")))).toBe(valid);
  });
  it("refuses wrong lengths and wrong check digits", () => {
    expect(keyOf(checkGiftCardCode(valid.slice(0, 18)))).toBe("giftCardCode");
    expect(keyOf(checkGiftCardCode(`${valid}1`))).toBe("giftCardCode");
    expect(keyOf(checkGiftCardCode(`${valid.slice(0, 18)}x`))).toBe("giftCardCode");
    const wrong = `${valid.slice(0, 18)}${(Number(valid[18]) + 1) % 10}`;
    expect(keyOf(checkGiftCardCode(wrong))).toBe("giftCardCheck");
  });
  it("PIN is 6 digits", () => {
    expect(keyOf(checkGiftCardPin("012345"))).toBe("ok");
    expect(keyOf(checkGiftCardPin("12345"))).toBe("giftCardPin");
    expect(keyOf(checkGiftCardPin("1234567"))).toBe("giftCardPin");
    expect(keyOf(checkGiftCardPin("12345a"))).toBe("giftCardPin");
  });
});

describe("payment cards", () => {
  const now = new Date("2026-05-15T10:00:00Z");
  it("holder", () => {
    for (const ok of ["A. de Vries", "Zoë O'Neill", "José-María García"])
      expect(keyOf(checkCardHolder(ok))).toBe("ok");
    for (const bad of ["A", "1234", "Anna 2", "x".repeat(27)])
      expect(keyOf(checkCardHolder(bad))).toBe("cardHolder");
  });
  it("number (Luhn, 12–19 digits)", () => {
    expect(valueIn(checkCardNumber("4111 1111 1111 1111"))).toBe("4111111111111111");
    expect(keyOf(checkCardNumber("4111 1111 1111 1112"))).toBe("cardNumber");
    expect(keyOf(checkCardNumber("4111"))).toBe("cardNumber");
  });
  it("month", () => {
    expect(valueIn(checkCardMonth("1"))).toBe("01");
    expect(valueIn(checkCardMonth("12"))).toBe("12");
    for (const bad of ["0", "00", "13", "1a"]) expect(keyOf(checkCardMonth(bad))).toBe("cardMonth");
  });
  it("year: this year up to 20 ahead, 2 or 4 digits", () => {
    expect(valueIn(checkCardYear("26", now))).toBe("2026");
    expect(valueIn(checkCardYear("2046", now))).toBe("2046");
    expect(keyOf(checkCardYear("25", now))).toBe("cardExpired");
    expect(keyOf(checkCardYear("2047", now))).toBe("cardYear");
    expect(keyOf(checkCardYear("202", now))).toBe("cardYear");
  });
  it("expiry: valid through the end of the month", () => {
    expect(isCardExpired("05", "2026", now)).toBe(false);
    expect(isCardExpired("04", "2026", now)).toBe(true);
    expect(isCardExpired("01", "27", now)).toBe(false);
  });
  it("CVC", () => {
    expect(keyOf(checkCvc("123"))).toBe("ok");
    expect(keyOf(checkCvc("1234"))).toBe("ok");
    for (const bad of ["12", "12345", "12a"]) expect(keyOf(checkCvc(bad))).toBe("cvc");
  });
});
