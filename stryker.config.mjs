// Mutation testing (`npm run test:mutation`, not part of `npm test`): one module at a time, named by
// MUTATION_MODULE (scripts/mutation.mjs sets it), each against its own pure tests only, on one core.
const modules = {
  pricing: {
    mutate: ["app/domains/pricing/*.ts", "!app/domains/pricing/*.test.ts"],
    testFiles: ["app/domains/pricing/*.test.ts"],
  },
  promotions: {
    mutate: ["app/domains/promotions/rules.ts"],
    testFiles: ["app/domains/promotions/rules.test.ts"],
  },
  "order-transitions": {
    mutate: ["app/domains/orders/transitions.ts"],
    testFiles: ["app/domains/orders/transitions.test.ts"],
  },
  "payment-transitions": {
    mutate: ["app/domains/payments/transitions.ts"],
    testFiles: ["app/domains/payments/transitions.test.ts"],
  },
  sizing: {
    mutate: ["app/domains/sizing/*.ts", "!app/domains/sizing/*.test.ts", "!app/domains/sizing/*.server.ts"],
    testFiles: ["app/domains/sizing/*.test.ts"],
  },
  wallet: {
    mutate: ["app/domains/wallet/wallet.server.ts"],
    testFiles: ["app/domains/wallet/wallet.test.ts"],
  },
};

const name = process.env.MUTATION_MODULE ?? "pricing";
const module = modules[name];
if (!module) throw new Error(`MUTATION_MODULE: one of ${Object.keys(modules).join(", ")}`);
// The module's own tests, through the Vitest config's include rather than Stryker's `testFiles`: with
// `testFiles` Stryker activates a static mutant after its module loaded, so every static mutant survives
// (stryker-js#6144, #6209).
process.env.MUTATION_TESTS = module.testFiles.join(",");

export default {
  mutate: module.mutate,
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.ts", related: false },
  coverageAnalysis: "perTest",
  // The machine is shared: one test process, and no type-checking pass.
  concurrency: 1,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  // No incremental mode: it never re-tests a static mutant that survived once (stryker-js#6119).
  thresholds: { high: 85, low: 70, break: null },
  // Stryker rewrites the tsconfig through TypeScript's JS API, which TypeScript 7 no longer has; Vitest
  // needs no tsconfig in the sandbox, so point Stryker at none.
  tsconfigFile: "no-tsconfig-for-stryker.json",
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  timeoutMS: 60_000,
};
