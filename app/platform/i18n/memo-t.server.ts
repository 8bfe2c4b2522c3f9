// Server rendering asks i18next the same few messages again and again (every product card of a
// category page: "add to wishlist", "Only n left", the price labels…), and each call of a fixed `t`
// copies i18next's whole options object before it even looks the key up: about a tenth of an uncached
// category page's CPU (docs/scaling.md). The server's messages never change while it runs, so each
// distinct call (locale, namespace, key and plain values) is worked out once per process.
import type { i18n, TFunction } from "i18next";

/** Distinct calls kept (names and prices in values make them many); then it starts over. */
const LIMIT = 20_000;

type Plain = string | number | boolean | null | undefined;

/** A call's values when they are all plain (so their JSON says everything about them); otherwise null. */
function plainValues(options: unknown): string | null {
  if (options === undefined) return "";
  if (typeof options === "string" || typeof options === "number") return JSON.stringify(options);
  if (typeof options !== "object" || options === null || Array.isArray(options)) return null;
  for (const value of Object.values(options as Record<string, unknown>)) {
    const kind = typeof value;
    if (
      value !== null &&
      kind !== "string" &&
      kind !== "number" &&
      kind !== "boolean" &&
      kind !== "undefined"
    )
      return null;
  }
  return JSON.stringify(options as Record<string, Plain>);
}

/** Makes the instance's fixed `t` functions (what `useTranslation` uses) remember their string answers. */
export function rememberTranslations(instance: i18n): i18n {
  const results = new Map<string, string>();
  /** One remembering function per scope: every card's `useTranslation` asks for the same one. */
  const fixedTs = new Map<string, TFunction>();
  type Fixed = ((...a: unknown[]) => unknown) & Record<"lng" | "lngs" | "ns" | "keyPrefix", unknown>;
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...a: unknown[]) => Fixed;
  const memoGetFixedT = (...args: unknown[]) => {
    const [lng, ns, keyPrefix, fixedOptions] = args;
    // useTranslation passes its namespaces as `scopeNs`; anything else is not remembered.
    const scopeNs = (fixedOptions as { scopeNs?: unknown } | undefined)?.scopeNs;
    const plainScope =
      (fixedOptions === undefined ||
        (Object.keys(fixedOptions as object).length === 1 &&
          Array.isArray(scopeNs) &&
          scopeNs.every((n) => typeof n === "string"))) &&
      (lng === null || lng === undefined || typeof lng === "string") &&
      typeof keyPrefix !== "function";
    if (!plainScope) return getFixedT(...args);
    const scope = [
      lng ?? "",
      JSON.stringify(ns ?? null),
      String(keyPrefix ?? ""),
      JSON.stringify(scopeNs ?? null),
      "",
    ].join("\u0000");
    const made = fixedTs.get(scope);
    if (made) return made;
    const fixed = getFixedT(...args);
    const remembering = (key: unknown, options?: unknown, ...rest: unknown[]) => {
      const values = rest.length === 0 && typeof key === "string" ? plainValues(options) : null;
      if (values === null) return fixed(key, options, ...rest);
      const id = `${scope}${key}\u0000${values}`;
      const known = results.get(id);
      if (known !== undefined) return known;
      const answer = fixed(key, options);
      if (typeof answer === "string") {
        if (results.size >= LIMIT) results.clear();
        results.set(id, answer);
      }
      return answer;
    };
    // useTranslation reads the fixed language and namespaces off the function.
    const madeNow = Object.assign(remembering, {
      lng: fixed.lng,
      ns: fixed.ns,
      keyPrefix: fixed.keyPrefix,
      lngs: fixed.lngs,
    }) as unknown as TFunction;
    fixedTs.set(scope, madeNow);
    return madeNow;
  };
  instance.getFixedT = memoGetFixedT as unknown as typeof instance.getFixedT;
  return instance;
}
