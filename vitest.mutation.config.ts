import { defineConfig } from "vitest/config";
import base from "./vitest.config";

// Stryker runs the tests of a static mutant (one in a module's top level, such as a transition table)
// without naming the files: only the mutated module's own tests may run then (stryker.config.mjs sets them).
export default defineConfig({
  ...base,
  test: { ...base.test, include: (process.env.MUTATION_TESTS ?? "").split(",") },
});
