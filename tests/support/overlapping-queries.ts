// Every test file: two queries at once on one node-postgres connection (a transaction's, typically through
// `Promise.all`) fail the run. node-postgres queues them today with a DeprecationWarning that is easy to
// miss; pg 9 will refuse them, so the shop would break on the upgrade.
process.on("warning", (warning) => {
  if (warning.name === "DeprecationWarning" && /already executing a query/.test(warning.message)) {
    throw new Error(`Overlapping queries on one connection: ${warning.message}`, { cause: warning });
  }
});
