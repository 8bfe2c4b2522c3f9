import { connect } from "../../app/platform/db/db.server";
import { runMigrations } from "../../app/platform/db/migrate.server";
import { DATABASE_PREFIX, onServer, serverUrl, TEMPLATE_DATABASE, testDriver } from "./database";

/** On PostgreSQL: migrate a template database once per run; every test file gets a copy of it. */
export async function setup() {
  if (testDriver !== "postgres") return;
  await dropTestDatabases();
  await onServer((client) => client.query(`create database ${TEMPLATE_DATABASE}`));
  const connection = await connect({ url: serverUrl(TEMPLATE_DATABASE) });
  await runMigrations(connection);
  await connection.close();
}

export async function teardown() {
  if (testDriver === "postgres") await dropTestDatabases();
}

async function dropTestDatabases() {
  await onServer(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [`${DATABASE_PREFIX}_`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  });
}
