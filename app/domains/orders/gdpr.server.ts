// The customer's own data (GDPR): their orders for "download my data", and anonymised when they leave.
import { desc, eq, inArray, sql } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import { inTransaction } from "../../platform/db/transaction.server";
import { orderAddresses, orders } from "./tables.server";
import { details } from "./views.server";

/** A customer's orders in full, for "download my data" (no payment or internal ids). */
export async function ordersForExport(userId: string) {
  const rows = await db()
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return (await details(db(), rows)).map(({ userId: _u, paymentId: _p, history: _h, ...order }) => order);
}

/**
 * Account deletion: the orders stay (bookkeeping and VAT records must), but nothing on them names the
 * customer any more. The e-mail becomes an address that cannot receive mail, so a guest lookup with the
 * old one finds nothing; addresses keep only the city and country the VAT return needs. Composed into the
 * deletion's transaction (`tx`).
 */
export async function anonymiseOrdersOf(userId: string, options: { tx?: Transaction } = {}): Promise<number> {
  return inTransaction(options.tx, async (tx) => {
    const owned = await tx
      .update(orders)
      .set({
        userId: null,
        email: sql`'anonymised-' || ${orders.id} || '@anonymised.invalid'`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.userId, userId))
      .returning({ id: orders.id });
    if (owned.length === 0) return 0;
    await tx
      .update(orderAddresses)
      .set({
        firstName: "",
        lastName: "",
        street: "",
        houseNumber: "",
        addition: null,
        postalCode: "",
        phone: null,
      })
      .where(
        inArray(
          orderAddresses.orderId,
          owned.map((o) => o.id),
        ),
      );
    return owned.length;
  });
}
