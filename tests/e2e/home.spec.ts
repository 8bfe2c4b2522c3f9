import { expect, test } from "@playwright/test";
import en from "../../app/locales/en/common.json" with { type: "json" };
import es from "../../app/locales/es/common.json" with { type: "json" };
import fr from "../../app/locales/fr/common.json" with { type: "json" };
import nl from "../../app/locales/nl/common.json" with { type: "json" };

const messages = { en, nl, fr, es };

test("the root sends visitors to the English shop", async ({ request }) => {
  const response = await request.get("/", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/en/");
});

for (const [locale, text] of Object.entries(messages)) {
  test(`the home page renders and hydrates in ${locale}`, async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));

    const response = await page.goto(`/${locale}/`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.home.title);
    await expect(page).toHaveTitle(new RegExp(text.home.title));
    // Hydrated: client-side navigation to another locale works without a console error.
    await page
      .getByRole("navigation", { name: text.nav.language })
      .getByRole("link", { name: locale === "en" ? "nl" : "en" })
      .click();
    await expect(page.locator("html")).not.toHaveAttribute("lang", locale);
    expect(problems).toEqual([]);
  });
}

test("an unknown path shows the 404 page", async ({ page }) => {
  const response = await page.goto("/nl/deze-pagina-bestaat-niet/");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl.errors.notFound);
});
