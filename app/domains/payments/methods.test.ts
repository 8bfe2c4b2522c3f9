import { afterEach, describe, expect, it } from "vitest";
import {
  browserSupportsApplePay,
  defaultMethodAvailability,
  methodsFor,
  paymentMethodInfo,
  paymentMethods,
} from "./methods";
import { centsToDecimal } from "./provider.server";

const global = globalThis as { window?: unknown };
afterEach(() => {
  delete global.window;
});

describe("Apple Pay", () => {
  it("is offered only where ApplePaySession supports version 12 and can pay", () => {
    expect(browserSupportsApplePay()).toBe(false); // the server, and browsers without it
    global.window = {};
    expect(browserSupportsApplePay()).toBe(false);
    global.window = {
      ApplePaySession: { supportsVersion: (v: number) => v <= 10, canMakePayments: () => true },
    };
    expect(browserSupportsApplePay()).toBe(false);
    global.window = {
      ApplePaySession: { supportsVersion: (v: number) => v <= 14, canMakePayments: () => false },
    };
    expect(browserSupportsApplePay()).toBe(false);
    global.window = {
      ApplePaySession: { supportsVersion: (v: number) => v <= 14, canMakePayments: () => true },
    };
    expect(browserSupportsApplePay()).toBe(true);
  });
});

describe("the methods' names", () => {
  it("shows each method's logos, joined as its mark, from one list", () => {
    expect(paymentMethodInfo.card).toMatchObject({
      mark: "Visa · Mastercard",
      logos: ["Visa", "Mastercard"],
    });
    expect(paymentMethodInfo.afterpay).toMatchObject({ mark: "Riverty", logos: ["Riverty"] });
    for (const method of paymentMethods)
      expect(paymentMethodInfo[method].mark).toBe(paymentMethodInfo[method].logos.join(" · "));
  });
});

describe("methodsFor", () => {
  it("keeps a method only in its countries and within its amount limits", () => {
    const setting = {
      ...defaultMethodAvailability,
      klarna: { enabled: true, countries: ["NL" as const], minCents: 3_500 },
    };
    expect(methodsFor(setting, "NL", 3_499)).not.toContain("klarna");
    expect(methodsFor(setting, "NL", 3_500)).toContain("klarna");
    expect(methodsFor(setting, "BE", 5_000)).not.toContain("klarna");
  });
});

describe("amounts", () => {
  it("writes cents as providers' decimal strings without floats", () => {
    expect(centsToDecimal(5_995)).toBe("59.95");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(100_000_00)).toBe("100000.00");
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});
