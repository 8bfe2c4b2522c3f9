import { describe, expect, it } from "vitest";
import { parseShopForm } from "../../platform/forms/submission";
import {
  EarlyAccessRequestSchema,
  EarlyAccessUnlockSchema,
  mobileNumber,
  NOT_A_MOBILE,
} from "./early-access-validation";

describe("early-access mobile numbers (libphonenumber)", () => {
  it.each([
    ["NL", "06 12345678", "+31612345678"],
    ["NL", "06-1234 5678", "+31612345678"],
    ["NL", "+31 (0)6 12 34 56 78", "+31612345678"],
    ["BE", "0470 12 34 56", "+32470123456"],
    ["BE", "+32 495 12 34 56", "+32495123456"],
    ["FR", "06 12 34 56 78", "+33612345678"],
    ["FR", "07 81 23 45 67", "+33781234567"],
    ["ES", "612 34 56 78", "+34612345678"],
    ["ES", "+34 712 345 678", "+34712345678"],
  ] as const)("%s: reads %s as the mobile number %s", (country, input, e164) => {
    expect(mobileNumber(input, country)).toBe(e164);
  });

  it("accepts an international number of another shop country than the one chosen", () => {
    expect(mobileNumber("+32 470 12 34 56", "NL")).toBe("+32470123456");
    expect(mobileNumber("0033 6 12 34 56 78", "ES")).toBe("+33612345678");
  });

  it.each([
    ["NL", "020 123 4567", "a fixed line"],
    ["NL", "0800 1234", "a service number"],
    ["BE", "02 123 45 67", "a fixed line"],
    ["FR", "01 23 45 67 89", "a fixed line"],
    ["FR", "08 00 12 34 56", "a free phone number"],
    ["ES", "912 34 56 78", "a fixed line"],
    ["NL", "+49 1512 3456789", "a German mobile"],
    ["FR", "+44 7911 123456", "a British mobile"],
    ["BE", "06 12345678", "a Dutch national number read in Belgium"],
    ["NL", "06 1234567", "too short"],
    ["NL", "06 123456789", "too long"],
    ["ES", "12", "no number"],
    ["FR", "call me", "no number"],
  ] as const)("%s: refuses %s (%s)", (country, input, _why) => {
    expect(mobileNumber(input, country)).toBeNull();
  });
});

describe("early-access forms", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(entries)) data.set(k, v);
    return data;
  };

  it("store and send the number in E.164, read in the visitor's country", () => {
    const request = parseShopForm(form({ country: "BE", phone: "0470 12 34 56" }), EarlyAccessRequestSchema);
    expect(request.status === "success" && request.value.phone).toBe("+32470123456");
    const unlock = parseShopForm(
      form({ country: "FR", phone: "06 12 34 56 78", ticket: "123456" }),
      EarlyAccessUnlockSchema,
    );
    expect(unlock.status === "success" && unlock.value.phone).toBe("+33612345678");
  });

  it("refuse a fixed line or a foreign number with the form's message on the phone field", () => {
    for (const entries of [
      { country: "NL", phone: "020 123 4567" },
      { country: "ES", phone: "+49 1512 3456789" },
    ]) {
      const outcome = parseShopForm(form(entries), EarlyAccessRequestSchema);
      expect(outcome.status).toBe("error");
      expect(JSON.stringify(outcome)).toContain(NOT_A_MOBILE);
    }
  });

  it("ask for the number when it is missing and for a country when none is chosen", () => {
    const missing = parseShopForm(form({ country: "NL", phone: "" }), EarlyAccessRequestSchema);
    expect(missing.status).toBe("error");
    expect(JSON.stringify(missing)).not.toContain(NOT_A_MOBILE);
    const noCountry = parseShopForm(form({ country: "", phone: "06 12345678" }), EarlyAccessRequestSchema);
    expect(noCountry.status).toBe("error");
  });
});
