// `npm run test:mutation [module…]`: Stryker on each module in turn (all of them when none is named),
// then the score per module. One module at a time keeps the run to one core on a shared machine.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

const all = ["pricing", "promotions", "order-transitions", "payment-transitions", "sizing", "wallet"];
const chosen = process.argv.slice(2);
const unknown = chosen.filter((m) => !all.includes(m));
if (unknown.length > 0) {
  console.error(`Unknown module ${unknown.join(", ")}: choose from ${all.join(", ")}`);
  process.exit(2);
}

const scores = [];
for (const name of chosen.length > 0 ? chosen : all) {
  console.log(`\n▶ mutation testing: ${name}`);
  const run = spawnSync("npx", ["stryker", "run", "stryker.config.mjs"], {
    stdio: "inherit",
    env: { ...process.env, MUTATION_MODULE: name },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  scores.push([name, score(name)]);
}
console.log("\nMutation score per module (killed + timed out of all valid mutants):");
for (const [name, s] of scores) console.log(`  ${name.padEnd(20)} ${s}`);

function score(name) {
  const report = JSON.parse(readFileSync(`reports/mutation/${name}.json`, "utf8"));
  const counts = {};
  for (const file of Object.values(report.files))
    for (const mutant of file.mutants) counts[mutant.status] = (counts[mutant.status] ?? 0) + 1;
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0);
  const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0);
  return `${((100 * detected) / valid).toFixed(2)} % (${detected}/${valid}; survived ${counts.Survived ?? 0}, no coverage ${counts.NoCoverage ?? 0})`;
}
