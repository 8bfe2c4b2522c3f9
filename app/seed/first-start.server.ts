import path from "node:path";
import { seedDemoDiscountCodes } from "../domains/promotions/promotions.server";
import type { Connection } from "../platform/db/db.server";
import { env } from "../platform/env.server";
import { logger } from "../platform/logging/logger.server";
import { photoSetPromised } from "../platform/media/product-photos.server";
import { seedDemoContent } from "./content.server";
import { seedDemoAccounts } from "./demo-accounts.server";
import { seedDemoGiftCard } from "./demo-gift-card.server";
import { seedDemoPayout } from "./demo-payout.server";
import { ImagePool, imageKey } from "./images.server";
import { marketplaceIsEmpty, seedMarketplace } from "./marketplace.server";
import { seedBenchMarketplace } from "./marketplace-bench.server";
import { seedDemoTrades } from "./marketplace-trades.server";
import { catalogueIsEmpty, renderSeedImages, seedCatalogue } from "./seed.server";

export const DEMO_PRODUCTS = 300;

/** How many products SEED asks for: `demo` (the default on an empty database), `bench:N[:L]`, or none. */
export function productsToSeed(seed: string | undefined): number {
  if (seed === "none") return 0;
  const bench = seed?.match(/^bench:(\d+)(?::\d+)?$/);
  return bench ? Number(bench[1]) : DEMO_PRODUCTS;
}

let drawing: Promise<void> = Promise.resolve();

/** Settles when the product photos the last `seedOnFirstStart` asked for are drawn (the seed command waits). */
export function photosDrawn(): Promise<void> {
  return drawing;
}

/** How many published marketplace listings a bench seed asks for: `bench:N:L` (L), else none. */
export function benchListingsToSeed(seed: string | undefined): number {
  const bench = seed?.match(/^bench:\d+:(\d+)$/);
  return bench ? Number(bench[1]) : 0;
}

/**
 * Seeds the demo logins and catalogue when the database has none, so a fresh clone shows a real shop.
 * The rows are there before the server listens; the product photos are drawn in the background, also
 * after a restart that interrupted them. The readiness probe does not wait for them: until a set is
 * drawn, its URLs answer with a placeholder (platform/media/product-photos.server.ts).
 */
export async function seedOnFirstStart(connection: Connection): Promise<void> {
  const config = env();
  const products = productsToSeed(config.SEED);
  if (products === 0) return;
  const accounts = await seedDemoAccounts();
  if (accounts) logger.info({ accounts }, "demo accounts created");
  await seedDemoDiscountCodes(connection.db);
  if (await seedDemoGiftCard()) logger.info("demo gift card issued");
  const mediaDir = path.join(config.DATA_DIR, "media");
  const started = Date.now();
  let images: Promise<void>;
  if (await catalogueIsEmpty(connection.db)) {
    logger.info({ products }, "empty database: seeding the demo shop");
    const result = await seedCatalogue(connection.db, {
      mediaDir,
      products,
      log: (message) => logger.info(message),
    });
    images = result.images;
  } else {
    images = renderSeedImages({ mediaDir, products });
  }
  const entries = await seedDemoContent();
  if (entries) logger.info({ entries }, "demo content created");
  // A bench seed (`bench:N`) is the catalogue alone, so its first start stays quick.
  const demo = !config.SEED?.startsWith("bench:");
  const benchListings = benchListingsToSeed(config.SEED);
  if (benchListings > 0 && (await marketplaceIsEmpty(connection.db))) {
    const market = await seedBenchMarketplace(connection.db, { listings: benchListings });
    logger.info(market, "bench marketplace seeded");
  }
  if (demo && (await marketplaceIsEmpty(connection.db))) {
    const market = await seedMarketplace(connection.db);
    const trades = await seedDemoTrades(connection.db, { dataDir: config.DATA_DIR });
    logger.info({ stores: market.stores, listings: market.listings, trades }, "demo marketplace seeded");
    if (await seedDemoPayout(connection.db)) logger.info("demo payout requested");
    // Drawn after the shop's photos (most listings reuse those image keys) and outside the readiness
    // probe: the shop serves while the few new second-hand pictures are drawn. Promised at once, so
    // their URLs answer with the placeholder until then, not a 404.
    for (const spec of market.images) photoSetPromised(imageKey(spec));
    void images
      .then(async () => {
        const pool = new ImagePool(mediaDir, 1);
        for (const spec of market.images) pool.request(spec);
        await pool.drain();
        logger.info({ sets: pool.size }, "marketplace images ready");
      })
      .catch((error) => logger.error({ err: error }, "marketplace images failed"));
  }
  drawing = images.then(
    () => logger.info({ ms: Date.now() - started }, "product images ready"),
    (error) => logger.error({ err: error }, "product images failed"),
  );
}
