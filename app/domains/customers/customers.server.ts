import { and, eq } from "drizzle-orm";
import { auth, type Role } from "../../platform/auth/auth.server";
import type { Queryable } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { addresses, user } from "./tables.server";

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  locale: Locale;
  role?: Role;
}

/** Creates an account with a hashed password through better-auth; staff get their role. */
export async function createAccount(account: NewAccount): Promise<{ id: string }> {
  const created = await auth.api.createUser({
    body: {
      email: account.email,
      password: account.password,
      name: `${account.firstName} ${account.lastName}`,
      role: account.role ?? "customer",
      data: { firstName: account.firstName, lastName: account.lastName, locale: account.locale },
    },
  });
  return { id: created.user.id };
}

export async function accountExists(db: Queryable, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, email.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

/** Whether an address id is in this customer's address book (`user-owns-address`). */
export async function customerOwnsAddress(
  db: Queryable,
  userId: string,
  addressId: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Whether the customer is blocked from ordering (SPEC §6): checkout shows the blocked page instead. */
export async function isBlocked(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ blocked: user.blocked }).from(user).where(eq(user.id, userId));
  return row?.blocked === true;
}

// The back office's reads and commands (the staff domain adds the audit entry around each).
export * from "./backoffice.server";
