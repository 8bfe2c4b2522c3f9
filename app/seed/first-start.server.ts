import path from "node:path";
import type { Connection } from "../platform/db/db.server";
import { env } from "../platform/env.server";
import { logger } from "../platform/logging/logger.server";
import { seedDemoAccounts } from "./demo-accounts.server";
import { catalogueIsEmpty, seedCatalogue } from "./seed.server";

export const DEMO_PRODUCTS = 300;

/** How many products SEED asks for: `demo` (the default on an empty database), `bench:N`, or none. */
export function productsToSeed(seed: string | undefined): number {
  if (seed === "none") return 0;
  const bench = seed?.match(/^bench:(\d+)$/);
  return bench ? Number(bench[1]) : DEMO_PRODUCTS;
}

/** Seeds the demo catalogue and logins when the database has none, so a fresh clone shows a real shop. */
export async function seedOnFirstStart(connection: Connection): Promise<void> {
  const config = env();
  const products = productsToSeed(config.SEED);
  if (products === 0) return;
  const accounts = await seedDemoAccounts(connection.db);
  if (accounts) logger.info({ accounts }, "demo accounts created");
  if (!(await catalogueIsEmpty(connection.db))) return;
  logger.info({ products }, "empty database: seeding the demo shop");
  const result = await seedCatalogue(connection.db, {
    mediaDir: path.join(config.DATA_DIR, "media"),
    products,
    log: (message) => logger.info(message),
  });
  logger.info({ ...result }, "seed done");
}
