import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page } from "@playwright/test";

/** Console errors and warnings and uncaught exceptions of a page, for "no console errors" checks. */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** Fails on serious or critical axe violations, listing them readably. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

/** Stores a "reject all" choice (and the newsletter toast as seen) so neither covers what a test looks at. */
export async function dismissConsent(context: BrowserContext, baseURL: string) {
  await context.addCookies([
    { name: "shop_consent", value: "2026-11.00000000-0000-4000-8000-000000000000.0.0", url: baseURL },
    { name: "shop_newsletter_toast", value: "seen", url: baseURL },
  ]);
}
