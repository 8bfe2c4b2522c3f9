// Starts the built shop for a benchmark on its own port and data directory, and stops it again.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The Node the shop runs on in production: the project's pinned one (package.json's `node`), not whichever
 * `node` started the bench. `npm run` puts it first on the PATH, but `node bench/profile.mjs` typed in a
 * shell would otherwise measure the system's: on Node 20 an uncached category page cost 16.3 ms of CPU
 * where Node 24 took 13.6 ms on the same machine (2026-11-29).
 */
export const shopNode = existsSync(path.join(root, "node_modules/.bin/node"))
  ? path.join(root, "node_modules/.bin/node")
  : process.execPath;

/**
 * Serves build/ with NODE_ENV=production; `env` can point it at PostgreSQL (DATABASE_URL) or seed more;
 * `nodeArgs` go to node (`--cpu-prof`, which NODE_OPTIONS does not take). `build` serves another build
 * kept inside the project (its server imports the project's node_modules), to compare two in one run.
 */
export async function startShop({ port = 3300, env = {}, nodeArgs = [], build = "build" } = {}) {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "shop-bench-"));
  const child = spawn(shopNode, [...nodeArgs, path.join(build, "server/index.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // A benchmark offers thousands of writes a minute from one address: the per-IP flood guard is off.
      WRITE_RATE_LIMIT: "0",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  // The first start on an empty bench database seeds it (100 000 products: several minutes on 2 cores).
  const deadline = Date.now() + 1_200_000;
  for (;;) {
    // Ready, and the demo photos drawn: drawing them in the background would be measured as the shop's CPU.
    const ready = await fetch(`${origin}/api/ready/`)
      .then(async (r) => r.ok && ((await r.json()).photosPending ?? 0) === 0)
      .catch(() => false);
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error("the shop did not start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    origin,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Prints rows of { metric, value, target, pass } as one table. */
export function printTable(title, rows) {
  console.log(`\n${title}`);
  console.table(
    rows.map((r) => ({
      metric: r.metric,
      value: r.value,
      target: r.target ?? "",
      result: r.pass === undefined ? "" : r.pass ? "pass" : "FAIL",
    })),
  );
}
