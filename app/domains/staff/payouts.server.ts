// Marketplace payouts in the back office (admin only): writing the SEPA file now, instead of waiting for
// the morning job, and downloading it for the bank; each with its audit entry in the same transaction.
import { batchFile, batchPayouts } from "../marketplace/marketplace.server";
import { audited, type StaffActor } from "./audit.server";

/** Puts the waiting payouts into a new SEPA file now; null when none were waiting (nothing is logged). */
export function batchPayoutsAsStaff(actor: StaffActor, now = new Date()) {
  return audited(actor, async (tx) => {
    const batch = await batchPayouts({ now, tx });
    return {
      result: batch,
      audit: batch
        ? {
            action: "marketplace.payouts.batch",
            target: { type: "payout-batch", id: batch.id },
            summary: `SEPA file ${batch.messageId}: ${batch.payoutCount} payouts, ${batch.totalCents} cents`,
            after: { payouts: batch.payoutCount, totalCents: batch.totalCents },
          }
        : null,
    };
  });
}

/** The batch's SEPA file for the bank; every download is logged (who took the file, when). */
export function downloadPayoutFileAsStaff(actor: StaffActor, batchId: number) {
  return audited(actor, async (tx) => {
    const file = await batchFile(batchId, { tx });
    return {
      result: file,
      audit: file
        ? {
            action: "marketplace.payouts.download",
            target: { type: "payout-batch", id: batchId },
            summary: `Downloaded ${file.fileName}`,
          }
        : null,
    };
  });
}
