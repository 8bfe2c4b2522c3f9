// `npm run db:migrate`: applies the committed migrations to the configured database.
import { migrationStatus, runMigrations } from "../app/platform/db/migrate.server";
import { runCommand } from "./cli";

await runCommand(async (connection) => {
  await runMigrations(connection);
  const status = await migrationStatus(connection);
  console.log(`${connection.label}: migrations ${status.current ? "current" : "NOT current"}`);
});
