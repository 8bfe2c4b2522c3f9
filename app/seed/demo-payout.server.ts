import { eq } from "drizzle-orm";
import { requestPayout } from "../domains/marketplace/payouts/payouts.server";
import { marketplacePayoutAccounts } from "../domains/marketplace/payouts/tables.server";
import { bookWalletEntry } from "../domains/wallet/wallet.server";
import { user } from "../platform/auth/tables.server";
import type { Database } from "../platform/db/db.server";
import { isRefusal } from "../platform/refusal";

const DEMO_EMAIL = "demo@loomandlabel.test";

/**
 * The demo seller's payout side (decision 0046): a verified bank account and a payout of earlier second-hand
 * earnings that waits for the next SEPA file, so the earnings page and the back office's payouts show a
 * real case. Idempotent (fixed keys): later starts change nothing. Answers whether it asked the payout.
 */
export async function seedDemoPayout(db: Database): Promise<boolean> {
  const [demo] = await db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_EMAIL));
  if (!demo) return false;
  await db
    .insert(marketplacePayoutAccounts)
    .values({
      userId: demo.id,
      iban: "NL02ABNA0123456789",
      holderName: "Sanne de Vries",
      verifiedAt: new Date(),
    })
    .onConflictDoNothing();
  const earned = await bookWalletEntry({
    userId: demo.id,
    amountCents: 24_30,
    kind: "marketplace",
    reference: "MP-DEMO",
    idempotencyKey: "demo-payout-earnings",
  });
  if (isRefusal(earned)) return false;
  const asked = await requestPayout(demo.id, { idempotencyKey: "demo-payout", amountCents: 24_30 });
  return !isRefusal(asked) && !asked.duplicate;
}
