// The customer's address book (SPEC §3 Address): one default billing and one default shipping address.
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { db, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { addresses } from "./tables.server";
import type { AddressInput } from "./validation";

export type Address = typeof addresses.$inferSelect;

export async function addressesOf(userId: string): Promise<Address[]> {
  return db()
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefaultShipping), desc(addresses.isDefaultBilling), asc(addresses.id));
}

/** One address of this customer; another customer's (or no) address is null, never "forbidden". */
export async function addressOf(userId: string, addressId: number): Promise<Address | null> {
  if (!Number.isSafeInteger(addressId)) return null;
  const [row] = await db()
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  return row ?? null;
}

/** Whether an address id is in this customer's address book (`user-owns-address`). */
export async function customerOwnsAddress(
  userId: string,
  addressId: number,
  options: { tx?: Transaction } = {},
): Promise<boolean> {
  const rows = await (options.tx ?? db())
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

const addressValues = (input: AddressInput) => ({
  firstName: input.firstName,
  lastName: input.lastName,
  street: input.street,
  houseNumber: input.houseNumber,
  addition: input.addition ?? null,
  postalCode: input.postalCode,
  city: input.city,
  region: input.region ?? null,
  country: input.country,
  phone: input.phone ?? null,
});

/** One default billing and one default shipping address per customer: a new default replaces the old. */
async function takeDefaults(tx: Transaction, userId: string, keep: number, input: AddressInput) {
  if (input.isDefaultBilling)
    await tx
      .update(addresses)
      .set({ isDefaultBilling: false })
      .where(and(eq(addresses.userId, userId), ne(addresses.id, keep), eq(addresses.isDefaultBilling, true)));
  if (input.isDefaultShipping)
    await tx
      .update(addresses)
      .set({ isDefaultShipping: false })
      .where(
        and(eq(addresses.userId, userId), ne(addresses.id, keep), eq(addresses.isDefaultShipping, true)),
      );
}

/** Serialises the changes of one customer's address book: two tabs never make two defaults. */
async function lockAddressBook(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${userId}`}))`);
}

/** Adds an address; the first one is the default for billing and shipping. */
export async function createAddress(userId: string, input: AddressInput): Promise<Address> {
  return transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    const first = Number(count) === 0;
    await takeDefaults(tx, userId, -1, input);
    const [row] = await tx
      .insert(addresses)
      .values({
        userId,
        ...addressValues(input),
        isDefaultBilling: first || input.isDefaultBilling,
        isDefaultShipping: first || input.isDefaultShipping,
      })
      .returning();
    return row!;
  });
}

/** Changes an address of this customer; null when it is not theirs. Unticking a default leaves none. */
export async function updateAddress(
  userId: string,
  addressId: number,
  input: AddressInput,
): Promise<Address | null> {
  return transaction(async (tx) => {
    await lockAddressBook(tx, userId);
    if (!(await customerOwnsAddress(userId, addressId, { tx }))) return null;
    await takeDefaults(tx, userId, addressId, input);
    const [row] = await tx
      .update(addresses)
      .set({
        ...addressValues(input),
        isDefaultBilling: input.isDefaultBilling,
        isDefaultShipping: input.isDefaultShipping,
        updatedAt: new Date(),
      })
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
      .returning();
    return row ?? null;
  });
}

/** Deletes an address of this customer; false when it is not theirs. */
export async function deleteAddress(userId: string, addressId: number): Promise<boolean> {
  if (!Number.isSafeInteger(addressId)) return false;
  const deleted = await db()
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  return deleted.length > 0;
}
