import { describe, expect, it } from "vitest";
import { pack, unpack } from "./packed";

describe("packed page data", () => {
  const listing = {
    total: 2,
    products: [{ id: 1, name: "Jurk \u201cÉté\u201d </script>", priceCents: 5995 }],
  };

  it("travels as one JSON string and comes back as the same data", () => {
    const packed = pack(listing);
    expect(typeof packed).toBe("string");
    expect(JSON.parse(packed)).toEqual(listing);
    // A fresh copy of the string, as the browser reads it from the page: parsed, equal.
    const arrived = `${packed}`.slice(0) as typeof packed;
    expect(unpack(JSON.parse(JSON.stringify(arrived)))).toEqual(listing);
  });

  it("hands the server's render the value its loader packed, without parsing it back", () => {
    const packed = pack(listing);
    expect(unpack(packed)).toBe(listing);
  });

  it("parses a string it did not pack once, then hands back the same value", () => {
    const packed = JSON.stringify({ other: true }) as ReturnType<typeof pack<{ other: boolean }>>;
    const first = unpack(packed);
    expect(first).toEqual({ other: true });
    expect(unpack(packed)).toBe(first);
  });
});
