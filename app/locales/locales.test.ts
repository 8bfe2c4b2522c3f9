import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { locales } from "../platform/i18n/locales";

const folder = import.meta.dirname;
const PLURAL = /_(zero|one|two|few|many|other)$/;

// Arrays (the FAQ lists) flatten by index, so every locale must have as many entries as English.
function flatten(value: unknown, prefix = ""): Record<string, unknown> {
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).flatMap(([key, inner]) =>
        Object.entries(flatten(inner, prefix ? `${prefix}.${key}` : key)),
      ),
    );
  }
  return { [prefix]: value };
}

const read = (locale: string, file: string) =>
  flatten(JSON.parse(readFileSync(path.join(folder, locale, file), "utf8")));
const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
// The back office (`admin`) is English only (SPEC); every other file is in all four locales.
const files = readdirSync(path.join(folder, "en")).filter((f) => f.endsWith(".json") && f !== "admin.json");

describe.each(files)("messages in %s", (file) => {
  const english = read("en", file);
  const baseKeys = (messages: Record<string, unknown>) =>
    [...new Set(Object.keys(messages).map((k) => k.replace(PLURAL, "")))].sort();

  it.each(locales)("%s has every key, none empty, with the same placeholders", (locale) => {
    const messages = read(locale, file);
    expect(baseKeys(messages)).toEqual(baseKeys(english));
    for (const [key, value] of Object.entries(messages)) {
      expect(typeof value === "string" && value.trim().length > 0, `${locale}/${file}: ${key} is empty`).toBe(
        true,
      );
      if (PLURAL.test(key))
        expect(messages[key.replace(PLURAL, "_other")], `${key} needs _other`).toBeDefined();
      const base = key.replace(PLURAL, "");
      const englishValue = (english[key] ?? english[`${base}_other`]) as string | undefined;
      if (englishValue)
        expect(variables(value as string), `${locale}/${file}: ${key}`).toEqual(variables(englishValue));
    }
  });
});
