import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // Vitest's default leaves one core idle (2 cores → 1 worker): the files are independent (a database each).
    maxWorkers: os.availableParallelism(),
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/overlapping-queries.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: {
      NODE_ENV: "test",
      BASE_URL: "http://localhost:3000",
      LOG_LEVEL: "silent",
      JOBS: "off",
      DATA_DIR: path.join(os.tmpdir(), `shop-vitest-${process.pid}`),
    },
  },
});
