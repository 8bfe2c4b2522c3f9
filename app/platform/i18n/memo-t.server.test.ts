import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n";
import { rememberTranslations } from "./memo-t.server";
import { serverI18n } from "./resources.server";

describe("remembered translations on the server (issue 22)", () => {
  it("answer exactly what i18next answers, for plain and interpolated calls, and each call is worked out once", () => {
    const resources = {
      en: {
        common: { hello: "Hello {{name}}", items_one: "{{count}} item", items_other: "{{count}} items" },
      },
    };
    const plain = createI18n("en", resources);
    const remembering = rememberTranslations(createI18n("en", resources));
    let worked = 0;
    const translator = (remembering as unknown as { translator: { translate: (...a: unknown[]) => unknown } })
      .translator;
    const translate = translator.translate.bind(translator);
    translator.translate = (...args: unknown[]) => {
      worked++;
      return translate(...args);
    };
    const t = remembering.getFixedT("en", "common");
    const reference = plain.getFixedT("en", "common");
    for (let i = 0; i < 3; i++) {
      expect(t("hello", { name: "Ana" })).toBe(reference("hello", { name: "Ana" }));
      expect(t("items", { count: 1 })).toBe("1 item");
      expect(t("items", { count: 2 })).toBe("2 items");
    }
    expect(worked).toBe(3);
    // Values that are not plain are never remembered.
    const date = new Date(0);
    t("hello", { name: date });
    t("hello", { name: date });
    expect(worked).toBe(5);
  });

  it("is what the server's pages use", () => {
    const { t } = { t: serverI18n("nl").getFixedT("nl", "catalog") };
    expect(t("listing.soldOut")).toBe(t("listing.soldOut"));
    expect(t("listing.soldOut")).not.toBe("listing.soldOut");
    expect(t.name).toBe("remembering");
  });
});
