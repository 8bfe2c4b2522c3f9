import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://127.0.0.1:${port}`;
// The served shop's DATA_DIR, so journeys can read the e-mails it wrote (`outbox/*.eml`); workers inherit it.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `shop-e2e-${port}`);

/** Journeys through the real UI in Debian's Chromium, against the built server on a fresh database. */
export default defineConfig({
  testDir: "tests/e2e",
  // After the web server is up: waits for the demo photos, drawn after the shop answers ready.
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  // Three workers on two cores: many journeys wait for a job, a mail or a page more than they compute, so a
  // third overlaps those waits (all 179 journeys: 633 s with two workers and a trace of every journey,
  // 482 s with three and traces only on retry, the same quiet machine).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // A journey is a shopper's whole errand (several pages, axe scans, e-mails): 60 s, and 10 s for a
  // condition to hold, so a 2-core machine that is slow for a while (CI shares its host) fails no journey
  // that would pass; a broken one still fails, only later.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // Recording a trace of every journey cost about a quarter of the suite's time (its DOM snapshots and
    // screencast share the two cores with the shop): CI's retry records one. Locally: `--trace on`.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } } },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/api/ready/`,
    // The first start seeds the demo shop before /api/ready/ answers 200 (the photos are drawn after,
    // placeholders meanwhile): under half a minute on a quiet 2-core machine, minutes on a busy one.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 300_000),
    reuseExistingServer: false,
    // Every journey's shopper comes from 127.0.0.1: the per-IP write flood guard (its own tests in
    // app/platform) would refuse the suite's hundreds of shoppers as one visitor.
    // Registrations by API say their shopper's own address in X-Forwarded-For (tests/e2e/accounts.ts).
    env: {
      PORT: String(port),
      E2E: "1",
      E2E_DATA_DIR: process.env.E2E_DATA_DIR,
      WRITE_RATE_LIMIT: "0",
      TRUST_PROXY: "true",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
