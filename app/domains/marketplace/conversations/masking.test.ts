import { describe, expect, it } from "vitest";
import { maskContactDetails } from "./masking";

describe("masking contact details", () => {
  it.each([
    ["mail me at anna.devries@gmail.com please", "email"],
    ["anna [at] gmail [dot] com", "email"],
    ["bel 06-12345678", "phone"],
    ["call +31 6 1234 5678", "phone"],
    ["+33 (0)6 12 34 56 78", "phone"],
    ["betaal naar NL91 ABNA 0417 1643 00", "iban"],
    ["IBAN FR7630006000011234567890189", "iban"],
    ["pay on paypal.me/anna", "link"],
    ["https://tikkie.me/pay/abc", "link"],
  ])("masks %s", (text, kind) => {
    const result = maskContactDetails(text);
    expect(result.found).toContain(kind);
    expect(result.text).toContain("•••");
  });

  it.each([
    "Is it still available?",
    "I can pay 25 euro",
    "Size 38, bought in 2023, 2 photos",
    "Length 104 cm",
  ])("leaves %s alone", (text) => {
    expect(maskContactDetails(text)).toEqual({ text, found: [] });
  });
});
