// The batching of requested payouts into one SEPA credit transfer file (pain.001.001.09) for the bank:
// a pg-boss job on weekday mornings, and the back office's "batch now". Each payout lands in exactly one
// file: the batching holds a lock, and takes only payouts still `requested`, in the same transaction that
// stores the file.
import { asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { user } from "../../../platform/auth/tables.server";
import { db, type Transaction } from "../../../platform/db/db.server";
import { transaction } from "../../../platform/db/transaction.server";
import { env } from "../../../platform/env.server";
import { defineJob } from "../../../platform/jobs/jobs.server";
import { logger } from "../../../platform/logging/logger.server";
import { utcToShopLocal } from "../../../platform/shop-time";
import { payoutNumber } from "./rules";
import { creditTransferXml } from "./sepa";
import { marketplacePayoutBatches, marketplacePayouts } from "./tables.server";

export interface PayoutBatch {
  id: number;
  messageId: string;
  payoutCount: number;
  totalCents: number;
  createdAt: string;
  downloadedAt: string | null;
}

function batchOf(row: typeof marketplacePayoutBatches.$inferSelect): PayoutBatch {
  return {
    id: row.id,
    messageId: row.messageId,
    payoutCount: row.payoutCount,
    totalCents: row.totalCents,
    createdAt: row.createdAt.toISOString(),
    downloadedAt: row.downloadedAt?.toISOString() ?? null,
  };
}

/**
 * Puts every requested payout into one new SEPA file and marks them `batched`; answers the batch, or null
 * when nothing was waiting. Two runs at once (the job and an operator) write one file: the second waits
 * for the first's lock and then finds nothing left.
 */
export async function batchPayouts(
  options: { now?: Date; tx?: Transaction } = {},
): Promise<PayoutBatch | null> {
  const now = options.now ?? new Date();
  const batch = await transaction(
    async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('marketplace-payout-batch'))`);
      const waiting = await tx
        .select()
        .from(marketplacePayouts)
        .where(eq(marketplacePayouts.state, "requested"))
        .orderBy(asc(marketplacePayouts.id))
        .for("update");
      if (waiting.length === 0) return null;
      const totalCents = waiting.reduce((sum, p) => sum + p.amountCents, 0);
      const day = utcToShopLocal(now).slice(0, 10);
      const [created] = await tx
        .insert(marketplacePayoutBatches)
        .values({
          messageId: `pending-${now.getTime()}-${waiting[0]!.id}`,
          payoutCount: waiting.length,
          totalCents,
          xml: "",
          createdAt: now,
        })
        .returning({ id: marketplacePayoutBatches.id });
      const messageId = `LL-PAYOUTS-${day.replace(/-/g, "")}-${created!.id}`;
      const { PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_IBAN, PAYOUT_DEBTOR_BIC } = env();
      const xml = creditTransferXml({
        messageId,
        createdAt: now,
        executionDate: day,
        debtor: { name: PAYOUT_DEBTOR_NAME, iban: PAYOUT_DEBTOR_IBAN, bic: PAYOUT_DEBTOR_BIC },
        transfers: waiting.map((p) => ({
          endToEndId: payoutNumber(p.id),
          amountCents: p.amountCents,
          creditorName: p.holderName,
          creditorIban: p.iban,
          remittance: `${PAYOUT_DEBTOR_NAME} marketplace payout ${payoutNumber(p.id)}`,
        })),
      });
      const [row] = await tx
        .update(marketplacePayoutBatches)
        .set({ messageId, xml })
        .where(eq(marketplacePayoutBatches.id, created!.id))
        .returning();
      await tx
        .update(marketplacePayouts)
        .set({ state: "batched", batchId: created!.id, batchedAt: now })
        .where(
          inArray(
            marketplacePayouts.id,
            waiting.map((p) => p.id),
          ),
        );
      return batchOf(row!);
    },
    { on: options.tx },
  );
  if (batch) logger.info({ batch: batch.messageId, payouts: batch.payoutCount }, "payout batch written");
  return batch;
}

/** Weekday mornings (Amsterdam): the requested payouts go into the day's SEPA file. */
export const batchPayoutsJob = defineJob<{ reason: string }>({
  name: "marketplace.batch-payouts",
  schedule: { cron: "0 7 * * 1-5", data: { reason: "schedule" } },
  options: { retryLimit: 3, retryDelay: 60, expireInSeconds: 300 },
  async handle() {
    await batchPayouts();
  },
});

/** The back office's list of SEPA files, newest first. */
export async function payoutBatches(limit = 100): Promise<PayoutBatch[]> {
  const rows = await db()
    .select()
    .from(marketplacePayoutBatches)
    .orderBy(desc(marketplacePayoutBatches.id))
    .limit(limit);
  return rows.map(batchOf);
}

export interface BatchedPayout {
  id: number;
  number: string;
  amountCents: number;
  iban: string;
  holderName: string;
  email: string | null;
  createdAt: string;
}

async function payoutsWhere(condition: SQL): Promise<BatchedPayout[]> {
  const rows = await db()
    .select({
      id: marketplacePayouts.id,
      amountCents: marketplacePayouts.amountCents,
      iban: marketplacePayouts.iban,
      holderName: marketplacePayouts.holderName,
      email: user.email,
      createdAt: marketplacePayouts.createdAt,
    })
    .from(marketplacePayouts)
    .leftJoin(user, eq(user.id, marketplacePayouts.userId))
    .where(condition)
    .orderBy(asc(marketplacePayouts.id));
  return rows.map((r) => ({ ...r, number: payoutNumber(r.id), createdAt: r.createdAt.toISOString() }));
}

/** Payouts asked for and not in a file yet (the next batch). */
export async function waitingPayouts(): Promise<BatchedPayout[]> {
  return payoutsWhere(eq(marketplacePayouts.state, "requested"));
}

/** One batch with its payouts, or null. */
export async function payoutBatch(id: number) {
  const [row] = await db().select().from(marketplacePayoutBatches).where(eq(marketplacePayoutBatches.id, id));
  if (!row) return null;
  return { batch: batchOf(row), payouts: await payoutsWhere(eq(marketplacePayouts.batchId, id)) };
}

/** The batch's SEPA file for download; the first download is noted (the file went to the bank). */
export async function batchFile(
  id: number,
  options: { tx?: Transaction } = {},
): Promise<{ fileName: string; xml: string } | null> {
  const [row] = await (options.tx ?? db())
    .update(marketplacePayoutBatches)
    .set({ downloadedAt: sql`coalesce(${marketplacePayoutBatches.downloadedAt}, now())` })
    .where(eq(marketplacePayoutBatches.id, id))
    .returning({ messageId: marketplacePayoutBatches.messageId, xml: marketplacePayoutBatches.xml });
  if (!row) return null;
  return { fileName: `${row.messageId}.xml`, xml: row.xml };
}
