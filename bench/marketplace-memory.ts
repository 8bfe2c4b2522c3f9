// The marketplace listing index's memory and load time on the configured database (DATABASE_URL), printed
// as one JSON line for bench/marketplace.mjs. Run with `node --expose-gc --import tsx` for exact figures.
import { MarketplaceIndex } from "../app/domains/marketplace/listings/listing-index.server";
import { runCommand } from "../scripts/cli";

const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

await runCommand(async (connection) => {
  const index = new MarketplaceIndex(connection.db);
  // The vocabulary and i18n resources are loaded by a first tiny query; measured is the index itself.
  const before = heap();
  const started = performance.now();
  await index.ready();
  const loadMs = performance.now() - started;
  const after = heap();
  console.log(
    JSON.stringify({
      listings: index.count,
      loadMs: Math.round(loadMs),
      heapBefore: before,
      heapAfter: after,
    }),
  );
});
