import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n";
import { PageMessages } from "./page-messages";

describe("page messages", () => {
  const i18n = createI18n("nl", {
    nl: {
      common: { hello: "Hallo", sneaky: "</script><script>alert(1)</script>" },
      catalog: { title: "Dames" },
      ui: { close: "Sluiten" },
    },
  });
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <PageMessages namespaces={["common", "catalog"]} />
    </I18nextProvider>,
  );
  const json = /<script id="page-messages" type="application\/json">(.*)<\/script>/s.exec(html)?.[1] ?? "";

  it("writes only the page's namespaces", () => {
    expect(JSON.parse(json)).toEqual({
      common: { hello: "Hallo", sneaky: "</script><script>alert(1)</script>" },
      catalog: { title: "Dames" },
    });
  });

  it("cannot close its script element, whatever a message contains", () => {
    expect(json).not.toContain("<");
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});
