// Customers and staff accounts as the back office reads and changes them. Commands return the values
// before and after; the staff domain composes them with its audit entry in one transaction (`tx`).
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { auth, type Role, type StaffRole, staffRoles } from "../../platform/auth/auth.server";
import { account, session, user } from "../../platform/auth/tables.server";
import { db, type Transaction } from "../../platform/db/db.server";
import { escapeLike } from "../../platform/db/like";
import { transaction } from "../../platform/db/transaction.server";
import { type Refusal, refuse } from "../../platform/refusal";
import { addresses } from "./tables.server";

const isCustomer = or(isNull(user.role), eq(user.role, "customer")) as SQL;

export interface CustomerRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: Date;
  blocked: boolean;
  locale: string | null;
}

export const CUSTOMER_PAGE_SIZE = 50;

/** Customers (not staff) whose e-mail, name or phone contains `q`, newest first. */
export async function findCustomers(options: { q?: string; page?: number; blocked?: boolean }) {
  const filters: SQL[] = [isCustomer];
  const q = options.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    filters.push(
      or(
        ilike(user.email, like),
        ilike(sql`${user.firstName} || ' ' || ${user.lastName}`, like),
        ilike(user.phone, like),
      ) as SQL,
    );
  }
  if (options.blocked !== undefined) filters.push(eq(user.blocked, options.blocked));
  const where = and(...filters);
  const page = Math.max(1, options.page ?? 1);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        createdAt: user.createdAt,
        blocked: sql<boolean>`coalesce(${user.blocked}, false)`,
        locale: user.locale,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt))
      .limit(CUSTOMER_PAGE_SIZE)
      .offset((page - 1) * CUSTOMER_PAGE_SIZE),
    db().select({ count: count() }).from(user).where(where),
  ]);
  return { customers: rows as CustomerRow[], total: total?.count ?? 0, page, pageSize: CUSTOMER_PAGE_SIZE };
}

/** A customer's account and address book; null for an unknown id or a staff account. */
export async function customerForStaff(id: string) {
  const on = db();
  const [row] = await on
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      dateOfBirth: user.dateOfBirth,
      gender: user.gender,
      locale: user.locale,
      newsletter: user.newsletter,
      phoneUpdates: user.phoneUpdates,
      blocked: sql<boolean>`coalesce(${user.blocked}, false)`,
      blockedReason: user.blockedReason,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(and(eq(user.id, id), isCustomer));
  if (!row) return null;
  const book = await on
    .select()
    .from(addresses)
    .where(eq(addresses.userId, id))
    .orderBy(desc(addresses.isDefaultShipping), asc(addresses.id));
  return { ...row, addresses: book };
}

/**
 * Blocks a customer from ordering, with the reason staff give (shown to staff only), or lifts the block.
 * Blocked customers still sign in and browse (SPEC §6).
 */
export function setCustomerBlocked(
  id: string,
  blocked: boolean,
  reason: string | null,
  options: { tx?: Transaction } = {},
) {
  return transaction(
    async (tx) => {
      const [row] = await tx
        .select({ blocked: user.blocked, blockedReason: user.blockedReason })
        .from(user)
        .where(and(eq(user.id, id), isCustomer))
        .for("update");
      if (!row) return refuse.notFound("admin:accounts.customerGone");
      const after = { blocked, blockedReason: blocked ? reason : null };
      await tx
        .update(user)
        .set({ ...after, updatedAt: new Date() })
        .where(eq(user.id, id));
      return { before: { blocked: row.blocked === true, blockedReason: row.blockedReason }, after };
    },
    { on: options.tx },
  );
}

// ── Staff accounts ──────────────────────────────────────────────────────────────────────────────────

export interface StaffAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: StaffRole;
  createdAt: Date;
  lastSeenAt: Date | null;
}

export async function staffAccounts(): Promise<StaffAccount[]> {
  const rows = await db()
    .select({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      createdAt: user.createdAt,
      // Qualified by hand: in a one-table select Drizzle writes `id` alone, which here would be the session's.
      lastSeenAt: sql<Date | null>`(select max(s.updated_at) from ${session} s where s.user_id = "user"."id")`,
    })
    .from(user)
    .where(inArray(user.role, [...staffRoles]))
    .orderBy(asc(user.role), asc(user.email));
  return rows.map((r) => ({ ...r, lastSeenAt: r.lastSeenAt && new Date(r.lastSeenAt) })) as StaffAccount[];
}

/**
 * A new staff login (e-mail + password, hashed the way better-auth signs in with); with `tx`, the account
 * and the caller's audit entry exist together or not at all.
 */
export function createStaffAccount(
  values: { email: string; firstName: string; lastName: string; role: StaffRole; password: string },
  options: { tx?: Transaction } = {},
): Promise<string | Refusal> {
  const email = values.email.toLowerCase();
  return transaction(
    async (tx) => {
      const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email));
      if (existing) return refuse.conflict("admin:accounts.emailTaken", undefined, "email");
      const context = await auth.$context;
      const hash = await context.password.hash(values.password);
      const [created] = await tx
        .insert(user)
        .values({
          email,
          name: `${values.firstName} ${values.lastName}`,
          firstName: values.firstName,
          lastName: values.lastName,
          role: values.role,
          emailVerified: true,
          locale: "en",
        })
        .returning({ id: user.id });
      const id = created!.id;
      await tx.insert(account).values({
        providerId: "credential",
        accountId: id,
        userId: id,
        password: hash,
        updatedAt: new Date(),
      });
      return id;
    },
    { on: options.tx },
  );
}

/**
 * Changes a staff member's role, or ends their staff access (`customer`): their sessions end at once, so
 * a removed member is signed out everywhere. The last admin stays an admin: nobody could manage the
 * staff any more.
 */
export function setStaffRole(id: string, role: Role, options: { tx?: Transaction } = {}) {
  return transaction(
    async (tx) => {
      // Counted with every admin row locked, before the change: see lockAdmins.
      const admins = await lockAdmins(tx);
      const [row] = await tx
        .select({ role: user.role, email: user.email })
        .from(user)
        .where(and(eq(user.id, id), inArray(user.role, [...staffRoles])))
        .for("update");
      if (!row) return refuse.notFound("admin:accounts.staffGone");
      if (row.role === "admin" && role !== "admin" && admins.every((admin) => admin === id))
        return refuse.conflict("admin:accounts.lastAdmin");
      await tx.update(user).set({ role, updatedAt: new Date() }).where(eq(user.id, id));
      // Any change of role ends the member's sessions (ASVS 7.2.4): the next sign-in starts a fresh one
      // under the new role, and a removed member is signed out everywhere.
      if (role !== row.role) await tx.delete(session).where(eq(session.userId, id));
      return { email: row.email, before: { role: row.role }, after: { role } };
    },
    { on: options.tx },
  );
}

/**
 * Locks every admin's row (in one order, so two callers never deadlock) and answers their ids: two
 * demotions at once must not each count the other as the admin that stays. The second waits for the
 * first and counts what it left.
 */
async function lockAdmins(tx: Transaction): Promise<string[]> {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, "admin"))
    .orderBy(asc(user.id))
    .for("update");
  return rows.map((row) => row.id);
}
