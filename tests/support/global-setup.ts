import { rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connect } from "../../app/platform/db/db.server";
import { runMigrations } from "../../app/platform/db/migrate.server";
import { DATABASE_PREFIX, onServer, serverUrl, TEMPLATE_DATABASE, testDriver } from "./database";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite runs: the file holding a migrated data directory that every test database starts from. */
    pgliteTemplate: string;
  }
}

const pgliteTemplateFile = path.join(os.tmpdir(), `${DATABASE_PREFIX}-pglite-${process.pid}.tar`);

/** Migrates a template database once per run; every test file starts from a copy of it. */
export async function setup(project: TestProject) {
  if (testDriver === "pglite") {
    const connection = await connect({ dataDir: "memory://" });
    await runMigrations(connection);
    if (connection.driver !== "pglite") throw new Error("expected PGlite");
    const dump = await connection.client.dumpDataDir("none");
    await writeFile(pgliteTemplateFile, Buffer.from(await dump.arrayBuffer()));
    await connection.close();
    project.provide("pgliteTemplate", pgliteTemplateFile);
    return;
  }
  await dropTestDatabases();
  await onServer((client) => client.query(`create database ${TEMPLATE_DATABASE}`));
  const connection = await connect({ url: serverUrl(TEMPLATE_DATABASE) });
  await runMigrations(connection);
  await connection.close();
}

export async function teardown() {
  if (testDriver === "pglite") await rm(pgliteTemplateFile, { force: true });
  else await dropTestDatabases();
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
