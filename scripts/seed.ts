// `npm run seed`: seeds an empty database. SEED=bench:N seeds N products (timed), e.g. for the benchmarks.
import { runMigrations } from "../app/platform/db/migrate.server";
import { seedOnFirstStart } from "../app/seed/first-start.server";
import { runCommand } from "./cli";

await runCommand(async (connection) => {
  await runMigrations(connection);
  const started = Date.now();
  await seedOnFirstStart(connection);
  console.log(`${connection.label}: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
