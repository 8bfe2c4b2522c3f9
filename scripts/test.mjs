// `npm test`: every check, cheapest first. With TEST_DATABASE_URL set (CI) the Vitest suite runs a
// second time against PostgreSQL and the browser journeys use PostgreSQL too.
import { spawnSync } from "node:child_process";

const steps = [
  ["supply chain (lockfile, install scripts, audit)", "node", ["scripts/check-supply-chain.mjs"]],
  ["lint", "npx", ["biome", "check", "."]],
  ["boundaries (dependency-cruiser)", "npm", ["run", "lint:deps"]],
  // typecheck generates the route types (+types/*) that knip resolves, so it runs first
  ["typecheck", "npm", ["run", "typecheck"]],
  ["unused files, exports and dependencies (knip)", "npx", ["knip"]],
  ["unit + integration (PGlite)", "npx", ["vitest", "run"], { TEST_DB_DRIVER: "pglite" }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(["unit + integration (PostgreSQL)", "npx", ["vitest", "run"], { TEST_DB_DRIVER: "postgres" }]);
}
steps.push(["build", "npx", ["react-router", "build"]], ["e2e (Chromium)", "npx", ["playwright", "test"]]);

const timings = [];
for (const [name, command, args, extraEnv] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...extraEnv } });
  timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\n✔ all checks passed\n  ${timings.join("\n  ")}`);
