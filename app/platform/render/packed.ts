declare const packedValue: unique symbol;

/**
 * Page data that travels as one JSON string instead of as React Router's turbo-stream (decision 0060). A
 * category page's listing (48 cards, the facets) is ≈ 1 500 values, which turbo-stream encodes one by one at
 * about a microsecond each: 2.1 ms of the page's CPU, where `JSON.stringify` of the same takes 0.2 ms.
 * Only for plain data: what JSON cannot carry (`undefined` values, dates, maps) does not survive.
 */
export type Packed<T> = string & { readonly [packedValue]: T };

/** What a string was packed from (on the server) or parsed into (in the browser), for a few recent ones. */
const values = new Map<string, unknown>();
const REMEMBERED = 64;

function remember(json: string, value: unknown): void {
  if (values.size >= REMEMBERED) values.delete(values.keys().next().value as string);
  values.set(json, value);
}

/** `value` as the JSON string a loader returns in its place. */
export function pack<T>(value: T): Packed<T> {
  const json = JSON.stringify(value);
  remember(json, value);
  return json as Packed<T>;
}

/**
 * The value a `pack` made: on the server the very value packed (the page's render reads what its loader
 * packed, without parsing it back), in the browser parsed once per string.
 */
export function unpack<T>(packed: Packed<T>): T {
  if (values.has(packed)) return values.get(packed) as T;
  const value = JSON.parse(packed) as T;
  remember(packed, value);
  return value;
}
