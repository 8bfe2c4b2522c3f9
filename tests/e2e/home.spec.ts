import { expect, test } from "@playwright/test";
import en from "../../app/locales/en/common.json" with { type: "json" };
import es from "../../app/locales/es/common.json" with { type: "json" };
import fr from "../../app/locales/fr/common.json" with { type: "json" };
import nl from "../../app/locales/nl/common.json" with { type: "json" };
import { collectConsoleProblems } from "./support";

const messages = { en, nl, fr, es };

test("the root sends visitors to the English shop", async ({ request }) => {
  const response = await request.get("/", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/en/");
});

for (const [locale, text] of Object.entries(messages)) {
  test(`the home page renders and hydrates in ${locale}`, async ({ page }) => {
    const problems = collectConsoleProblems(page);
    const response = await page.goto(`/${locale}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.home.title);
    await expect(page).toHaveTitle(new RegExp(text.home.title));
    // Hydrated: the language switch in the footer leads to the same page in another locale.
    const other = locale === "en" ? "nl" : "en";
    await page.getByRole("navigation", { name: text.nav.language }).locator(`a[hreflang="${other}"]`).click();
    await expect(page.locator("html")).toHaveAttribute("lang", other);
    expect(problems).toEqual([]);
  });
}
