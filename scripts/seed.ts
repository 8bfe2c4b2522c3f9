// `npm run seed`: seeds an empty database, photos included. SEED=bench:N seeds N products, timed.
import { runMigrations } from "../app/platform/db/migrate.server";
import { photosDrawn, seedOnFirstStart } from "../app/seed/first-start.server";
import { runCommand } from "./cli";

await runCommand(async (connection) => {
  await runMigrations(connection);
  const started = Date.now();
  await seedOnFirstStart(connection);
  const rows = Date.now() - started;
  await photosDrawn();
  const total = Date.now() - started;
  console.log(
    `${connection.label}: rows in ${(rows / 1000).toFixed(1)} s, with photos ${(total / 1000).toFixed(1)} s`,
  );
});
