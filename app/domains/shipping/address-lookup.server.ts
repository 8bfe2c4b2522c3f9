import samplePostcodes from "./data/nl-postcodes.json";

/** The fields a lookup can fill in; any it leaves empty the shopper types (SPEC §5). */
export type LookupField = "street" | "city" | "postalCode" | "houseNumber" | "country";

export type LookupResult =
  | {
      status: "found";
      address: {
        street: string | null;
        city: string | null;
        postalCode: string;
        houseNumber: string;
        addition: string | null;
        country: "NL";
      };
      /** Fields the lookup could not fill: the form opens them for manual entry. */
      missing: LookupField[];
    }
  /** No such postcode and house number: the shopper checks them or enters the address by hand. */
  | { status: "not-found" }
  /** The service did not answer: manual entry. */
  | { status: "unavailable" };

export interface LookupQuery {
  /** Normalised `1234 AB`. */
  postalCode: string;
  houseNumber: string;
  addition?: string;
}

/** The NL postcode + house number lookup (ARCHITECTURE.md: bundled sample data | HTTP service). */
export interface AddressLookup {
  readonly name: string;
  lookup(query: LookupQuery): Promise<LookupResult>;
}

function found(query: LookupQuery, street: string | null, city: string | null): LookupResult {
  const missing: LookupField[] = [];
  if (!street) missing.push("street");
  if (!city) missing.push("city");
  return {
    status: "found",
    address: {
      street,
      city,
      postalCode: query.postalCode,
      houseNumber: query.houseNumber,
      addition: query.addition ?? null,
      country: "NL",
    },
    missing,
  };
}

type SampleEntry = { street: string | null; city: string; numbers: [number, number] };

/** A few hundred real-looking NL postcodes with their street, town and house-number range. */
export function sampleAddressLookup(
  data: Record<string, SampleEntry> = samplePostcodes as unknown as Record<string, SampleEntry>,
): AddressLookup {
  return {
    name: "sample",
    async lookup(query) {
      const entry = data[query.postalCode.replace(/\s/g, "").toUpperCase()];
      const number = Number(query.houseNumber);
      if (!entry || number < entry.numbers[0] || number > entry.numbers[1]) return { status: "not-found" };
      return found(query, entry.street, entry.city);
    },
  };
}

/**
 * A postcode service over HTTP: `GET {url}?postcode=1234AB&number=12&addition=A` answers 200 with
 * `{ "street": "…", "city": "…" }` (either may be missing) or 404. Anything else, or no answer within two
 * seconds, counts as unavailable: checkout never waits on it.
 */
export function httpAddressLookup(url: string, fetcher: typeof fetch = fetch): AddressLookup {
  return {
    name: "http",
    async lookup(query) {
      const target = new URL(url);
      target.searchParams.set("postcode", query.postalCode.replace(/\s/g, ""));
      target.searchParams.set("number", query.houseNumber);
      if (query.addition) target.searchParams.set("addition", query.addition);
      try {
        const response = await fetcher(target, {
          headers: { accept: "application/json" },
          signal: AbortSignal.timeout(2_000),
        });
        if (response.status === 404) return { status: "not-found" };
        if (!response.ok) return { status: "unavailable" };
        const body = (await response.json()) as { street?: unknown; city?: unknown };
        const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
        return found(query, text(body.street), text(body.city));
      } catch {
        return { status: "unavailable" };
      }
    },
  };
}
