import { describe, expect, it } from "vitest";
import { CONSENT_VERSION, decodeConsent, encodeConsent, readConsentCookie } from "./consent";

const id = "3f2c9a1e-5b6d-4c7e-8f90-a1b2c3d4e5f6";

describe("consent cookie", () => {
  it("round-trips a choice", () => {
    const consent = { version: CONSENT_VERSION, id, analytics: true, personalisation: false };
    expect(decodeConsent(encodeConsent(consent))).toEqual(consent);
    expect(readConsentCookie(`a=b; shop_consent=${encodeConsent(consent)}; c=d`)).toEqual(consent);
  });

  it("asks again for another version or a damaged value", () => {
    expect(decodeConsent(`2020-01.${id}.1.1`)).toBeNull();
    expect(decodeConsent(`${CONSENT_VERSION}.not-an-id.1.1`)).toBeNull();
    expect(decodeConsent("garbage")).toBeNull();
    expect(readConsentCookie("other=1")).toBeNull();
  });
});
