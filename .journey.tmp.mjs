import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3212";
const out = "/tmp/product-shots";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const width of [1366, 390]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: "shop_consent", value: "2026-11.00000000-0000-4000-8000-000000000000.0.0", url: base }]);
  const page = await context.newPage();
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") console.log(width, "console:", m.text()); });
  page.on("pageerror", (e) => console.log(width, "pageerror:", e.message));
  await page.goto(base + "/en/cashmere-coat-wow000044-grey-melange/", { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Add to bag" }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/j1-required-${width}.png` });
  const soldOut = page.locator("label", { hasText: "Sold out" }).first();
  await soldOut.click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/j2-soldout-${width}.png`, fullPage: width > 500 });
  await page.getByLabel("E-mail").fill("anna@example.nl");
  await page.getByRole("button", { name: "Notify me" }).click();
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `${out}/j3-alert-done-${width}.png` });
  const inStock = page.locator("label:not(:has-text('Sold out'))").filter({ has: page.locator("input[name=variantId]") }).first();
  await inStock.click();
  await page.getByRole("button", { name: "Add to bag" }).click();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${out}/j4-added-${width}.png` });
  await page.getByRole("button", { name: "Find my size" }).click();
  await page.waitForTimeout(800);
  await page.getByLabel("Height (cm)").fill("168");
  await page.getByLabel("Weight (kg)").fill("60");
  await page.getByRole("button", { name: "Show my size" }).click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/j5-advice-${width}.png` });
  await page.getByLabel("Height (cm)").fill("230");
  await page.getByRole("button", { name: "Show my size" }).click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/j6-advice-range-${width}.png` });
  await context.close();
}
{
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addCookies([{ name: "shop_consent", value: "2026-11.00000000-0000-4000-8000-000000000000.0.0", url: base }]);
  const page = await context.newPage();
  for (const [name, slug] of [["soldout", "cotton-blazer-mow000134-grey-melange"], ["apponly", "cotton-blouse-wsh000002-ecru"], ["soon", "floral-viscose-wrap-dress-wdr000036-black"], ["coming", "striped-organic-cotton-long-sleeve-t-shirt-mts000142-ecru"]]) {
    await page.goto(`${base}/en/${slug}/`, { waitUntil: "networkidle" });
    await page.screenshot({ path: `${out}/s-${name}.png` });
  }
  await context.close();
}
await browser.close();
