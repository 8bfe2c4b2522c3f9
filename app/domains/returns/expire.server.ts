// Returns that never came back: once a requested return's time is up (`expiresAt`), the system cancels it,
// which frees its units (a canceled return holds nothing) and puts an exchange's held size back on the shelf.
import { and, asc, eq, lte } from "drizzle-orm";
import { transaction } from "../../platform/db/transaction.server";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { isRefusal } from "../../platform/refusal";
import { returnStock } from "../catalog/catalog.server";
import { returnEvents, returnLines, returns } from "./tables.server";
import { checkReturnTransition } from "./transitions";

/** The timeline note of a cancellation that released an exchange's held size. */
export const EXCHANGE_RELEASED = "exchange:released";

/**
 * Cancels every requested return past its `expiresAt` (one transaction each, the row locked and skipped
 * when another worker has it, the status checked again under the lock: a return received meanwhile
 * stays received), releasing held exchange sizes through the catalogue's stock writer.
 */
export async function cancelOverdueReturns(
  now = new Date(),
): Promise<{ canceled: number; released: number }> {
  const due = await transaction((tx) =>
    tx
      .select({ id: returns.id })
      .from(returns)
      .where(and(eq(returns.status, "requested"), lte(returns.expiresAt, now)))
      .orderBy(asc(returns.expiresAt))
      .limit(500),
  );
  let canceled = 0;
  let released = 0;
  for (const { id } of due) {
    const units = await transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(returns)
        .where(and(eq(returns.id, id), eq(returns.status, "requested"), lte(returns.expiresAt, now)))
        .for("update", { skipLocked: true });
      if (!row) return null;
      const move = checkReturnTransition(row.status, "canceled", "system");
      if (isRefusal(move)) return null;
      const lines = await tx.select().from(returnLines).where(eq(returnLines.returnId, row.id));
      const held = lines.flatMap((l) =>
        l.exchangeVariantId ? [{ variantId: l.exchangeVariantId, quantity: l.quantity }] : [],
      );
      await returnStock(held, { tx });
      await tx.update(returns).set({ status: move.to, updatedAt: now }).where(eq(returns.id, row.id));
      await tx.insert(returnEvents).values({
        returnId: row.id,
        fromStatus: row.status,
        toStatus: move.to,
        actor: "system",
        note: held.length > 0 ? EXCHANGE_RELEASED : "expired",
      });
      return held.reduce((sum, h) => sum + h.quantity, 0);
    });
    if (units === null) continue;
    canceled++;
    released += units;
  }
  return { canceled, released };
}

export const cancelOverdueReturnsJob = defineJob<{ reason: string }>({
  name: "returns.cancel-overdue",
  schedule: { cron: "17 * * * *", data: { reason: "schedule" } },
  options: { retryLimit: 0, expireInSeconds: 600 },
  async handle() {
    const result = await cancelOverdueReturns();
    if (result.canceled > 0) logger.info(result, "overdue returns canceled");
  },
});
