import type { BackendModule } from "i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n";

describe("message formatting", () => {
  const resources = {
    en: { common: { due: "Due {{date, datetime(dateStyle: long)}}", total: "{{n, number}} items" } },
    nl: {
      common: { due: "Uiterlijk {{date, datetime(dateStyle: long)}}", total: "{{n, number}} artikelen" },
    },
  };
  const date = new Date("2024-03-01T12:00:00Z");

  it("formats dates and numbers the shop's way, not the American way", () => {
    expect(createI18n("en", resources).t("due", { date })).toBe("Due 1 March 2024");
    expect(createI18n("nl", resources).t("due", { date })).toBe("Uiterlijk 1 maart 2024");
    expect(createI18n("nl", resources).t("total", { n: 1234 })).toBe("1.234 artikelen");
  });

  it("shows cents as each locale's amount (a refusal's values carry cents)", () => {
    const min = {
      en: { common: { min: "From {{amountCents, money}}" } },
      fr: { common: { min: "Dès {{amountCents, money}}" } },
    };
    expect(createI18n("en", min).t("min", { amountCents: 6_000 })).toBe("From €60.00");
    expect(createI18n("fr", min).t("min", { amountCents: 2_550 }).replace(/\s/g, " ")).toBe("Dès 25,50 €");
  });
});

describe("messages in the browser", () => {
  it("fetches only the page's locale: no English fallback bundles on a Dutch page", async () => {
    const requested: string[] = [];
    const backend: BackendModule = {
      type: "backend",
      init() {},
      read(language, namespace, callback) {
        requested.push(`${language}/${namespace}`);
        callback(null, { later: `${language} ${namespace}` });
      },
    };
    const i18n = createI18n("nl", { nl: { common: { hello: "Hallo" } } }, backend);
    expect(i18n.t("hello")).toBe("Hallo");
    await i18n.loadNamespaces("ui");
    expect(i18n.t("ui:later")).toBe("nl ui");
    expect(requested).toEqual(["nl/ui"]);
  });
});
