// The customer's data (GDPR): everything held on them as one document, and deleting the account. Orders
// and the wallet belong to their domains; this file only asks them, through their public files.
import { desc, eq } from "drizzle-orm";
import { session, user } from "../../platform/auth/tables.server";
import { db } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { logger } from "../../platform/logging/logger.server";
import { type Refusal, refuse } from "../../platform/refusal";
import { anonymiseOrdersOf, ordersForExport } from "../orders/orders.server";
import { walletOf } from "../wallet/wallet.server";
import { passwordMatches } from "./accounts.server";
import { addressesOf } from "./addresses.server";
import { customerProfile } from "./profile.server";

/** Everything the shop holds on the customer, as one JSON document ("download my data"). */
export async function exportCustomerData(userId: string) {
  const profile = await customerProfile(userId);
  if (!profile) return null;
  const [book, wallet, sessions, orders] = await Promise.all([
    addressesOf(userId),
    walletOf(userId, { limit: 10_000 }),
    db()
      .select({
        createdAt: session.createdAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.createdAt)),
    ordersForExport(userId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: profile,
    addresses: book.map(({ userId: _owner, ...address }) => address),
    wallet,
    sessions,
    orders,
  };
}

/**
 * Deletes the account after checking the password: sessions, credentials, addresses and wallet go with
 * the user row; orders stay, anonymised. One transaction.
 */
export async function deleteCustomerAccount(
  headers: Headers,
  userId: string,
  password: string,
): Promise<undefined | Refusal> {
  if (!(await passwordMatches(headers, password)))
    return refuse.forbidden("account:password.wrongCurrent", undefined, "password");
  await transaction(async (tx) => {
    // The orders stay (the law requires the records) but lose what names the customer, in the same
    // transaction as the deletion, so both happen or neither.
    await anonymiseOrdersOf(userId, { tx });
    await tx.delete(user).where(eq(user.id, userId));
  });
  logger.info({ userId }, "customer account deleted on request");
}
