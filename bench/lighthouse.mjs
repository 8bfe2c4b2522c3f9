// `npm run bench:web [-- /en/ /nl/category/jurken/]`: Lighthouse (mobile preset, Debian Chromium) against
// the built shop; without paths, issue 22's five: the home page, a category, a product, the search and the
// marketplace home. Reports score (median of LIGHTHOUSE_RUNS, 5 by default), LCP, CLS, TBT and the gzipped
// JavaScript of each page.
//
// CPU: Lighthouse's mobile preset slows the host's CPU down 4×, which its throttling guide says turns "a
// typical run in the high-end desktop bracket" (benchmark index 1 500–2 000) into a mid-tier phone. On a
// weaker host 4× emulates a slower phone than that, and Lighthouse warns so; the guide's remedy is a
// lower multiplier. This bench measures the host's benchmark index once and scales the multiplier so the
// emulated phone is the preset's (4 × index / 1 750, at most 4); LIGHTHOUSE_CPU=4 keeps the preset as is.
import { writeFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { printTable, startShop } from "./server.mjs";

const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
const targets = { score: 97, jsKb: 150 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

// Worktrees on one machine each take their own port (`BENCH_PORT=3304 npm run bench:web`).
const shop = await startShop({ port: Number(process.env.BENCH_PORT ?? 3301) });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
let failed = false;
try {
  const summary = [];
  const pages = paths.length ? paths : await issuePages();
  const calibration = await calibrate(`${shop.origin}${pages[0]}`);
  // Flags merge into the mobile preset: only the CPU multiplier changes.
  const throttling = { cpuSlowdownMultiplier: calibration.multiplier };
  for (const path of pages) {
    const url = `${shop.origin}${path}`;
    await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", throttling }); // warm-up
    // The score moves with the machine's load (TBT under 4× CPU slowdown): report the median of RUNS runs.
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        throttling,
      });
      runs.push(lhr);
    }
    runs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    const spread = runs.map((r) => Math.round((r.categories.performance.score ?? 0) * 100)).join(", ");
    if (process.env.LIGHTHOUSE_JSON)
      writeFileSync(`${process.env.LIGHTHOUSE_JSON}${path.replaceAll("/", "_")}.json`, JSON.stringify(lhr));
    const audits = lhr.audits;
    const scripts = (audits["network-requests"].details?.items ?? []).filter(
      (item) => item.resourceType === "Script",
    );
    const jsKb = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024;
    const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
    failed ||= score < targets.score || jsKb > targets.jsKb;
    summary.push({
      metric: path,
      value: `${score} (${spread}) · ${jsKb.toFixed(1)} KB JS`,
      pass: score >= targets.score && jsKb <= targets.jsKb,
    });
    printTable(`Lighthouse mobile · ${path} · ${calibration.label}`, [
      {
        metric: `performance score (median of ${spread})`,
        value: score,
        target: `≥ ${targets.score}`,
        pass: score >= targets.score,
      },
      { metric: "LCP", value: audits["largest-contentful-paint"].displayValue },
      { metric: "CLS", value: audits["cumulative-layout-shift"].displayValue },
      { metric: "TBT", value: audits["total-blocking-time"].displayValue },
      { metric: "FCP", value: audits["first-contentful-paint"].displayValue },
      {
        metric: "JavaScript (gzipped transfer)",
        value: `${jsKb.toFixed(1)} KB`,
        target: `≤ ${targets.jsKb} KB`,
        pass: jsKb <= targets.jsKb,
      },
    ]);
  }
  printTable(
    `Lighthouse mobile · score ≥ ${targets.score} (median of ${RUNS}), JavaScript ≤ ${targets.jsKb} KB gzipped · ${calibration.label}`,
    summary,
  );
} finally {
  chrome.kill();
  await shop.stop();
}
process.exitCode = failed ? 1 : 0;

/**
 * The CPU multiplier: the preset's 4× scaled by the host's benchmark index (median of three runs) against
 * the high-end desktop the preset assumes, or LIGHTHOUSE_CPU when set.
 */
async function calibrate(url) {
  const indexes = [];
  for (let i = 0; i < 3; i++) {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    indexes.push(lhr.environment.benchmarkIndex);
  }
  const index = indexes.sort((a, b) => a - b)[1];
  const preset = 4;
  const multiplier = process.env.LIGHTHOUSE_CPU
    ? Number(process.env.LIGHTHOUSE_CPU)
    : Math.min(preset, Math.max(1, Math.round(((preset * index) / 1750) * 10) / 10));
  const label = `benchmark index ${Math.round(index)} (${indexes.map(Math.round).join(", ")}) · CPU ${multiplier}× slower (preset ${preset}×) · 2-core machine, server and browser on it`;
  return { multiplier, label };
}

async function issuePages() {
  const response = await fetch(`${shop.origin}/api/v1/search?locale=en&q=dress`);
  const { products } = await response.json();
  return [
    "/en/",
    "/en/category/women/",
    `/en/${products[0].slug}/`,
    "/en/search/?q=dress",
    "/en/marketplace/",
  ];
}
