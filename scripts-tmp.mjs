import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const { products } = await (await fetch("http://127.0.0.1:3305/api/v1/search?locale=en&q=dress")).json();
for (const path of ["/en/", "/en/category/women/", `/en/${products[0].slug}/`, "/en/search/?q=dress", "/en/marketplace/"]) {
  const page = await browser.newPage();
  const rows = [];
  page.on("response", async (r) => { if (r.request().resourceType() === "script") { const s = await r.request().sizes(); rows.push([r.url().split("/").pop(), s.responseBodySize + s.responseHeadersSize]); } });
  await page.goto("http://127.0.0.1:3305" + path, { waitUntil: "networkidle" });
  console.log(path, (rows.reduce((a, r) => a + r[1], 0) / 1024).toFixed(1), rows.length, JSON.stringify(rows.sort((a,b)=>b[1]-a[1]).slice(2)));
  await page.close();
}
await browser.close();
