import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { StaffRole } from "../../platform/auth/auth.server";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { escapeLike } from "../../platform/db/like";
import { transaction } from "../../platform/db/transaction.server";
import { isRefusal, type Refusal } from "../../platform/refusal";
import { staffAuditLog } from "./tables.server";

/** Who did it: kept in every entry as id, e-mail and role. */
export interface StaffActor {
  id: string;
  email: string;
  role: StaffRole;
}

export type AuditValues = Record<string, unknown>;

export interface AuditEntry {
  action: string;
  target: { type: string; id?: string | number | null };
  summary: string;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

/** Adds an entry to the audit log inside the caller's transaction: it exists if and only if the change commits. */
async function recordStaffAction(tx: Queryable, actor: StaffActor, entry: AuditEntry): Promise<void> {
  await tx.insert(staffAuditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    actorRole: actor.role,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id === undefined || entry.target.id === null ? null : String(entry.target.id),
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** What a staff command did, and what the audit log keeps of it (nothing when nothing changed). */
export interface Audited<T> {
  result: T;
  audit: AuditEntry | null;
}

/**
 * Runs a staff command in one transaction with its audit entry. `work` makes the change and says what to
 * log; it returns no entry when nothing changed (a form saved as it was), and nothing is logged. A refusal
 * `work` returns rolls everything back and is returned (decision 0031).
 */
export async function audited<T>(
  actor: StaffActor,
  work: (tx: Transaction) => Promise<Audited<T>>,
): Promise<T>;
export async function audited<T>(
  actor: StaffActor,
  work: (tx: Transaction) => Promise<Audited<T> | Refusal>,
): Promise<T | Refusal>;
export async function audited<T>(
  actor: StaffActor,
  work: (tx: Transaction) => Promise<Audited<T> | Refusal>,
): Promise<T | Refusal> {
  return transaction(async (tx) => {
    const done = await work(tx);
    if (isRefusal(done)) return done;
    if (done.audit) await recordStaffAction(tx, actor, done.audit);
    return done.result;
  });
}

/** The keys whose values differ, with their values before and after: what an entry keeps of a change. */
export function changes(
  before: AuditValues,
  after: AuditValues,
): { before: AuditValues; after: AuditValues } | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  );
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
  };
}

export type AuditLogEntry = typeof staffAuditLog.$inferSelect;

export interface AuditQuery {
  /** Free text: actor e-mail, action, summary or target id. */
  q?: string;
  targetType?: string;
  targetId?: string;
  page?: number;
}

export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first, filtered and paged. */
export async function auditLog(query: AuditQuery = {}) {
  const on = db();
  const filters: SQL[] = [];
  if (query.targetType) filters.push(eq(staffAuditLog.targetType, query.targetType));
  if (query.targetId) filters.push(eq(staffAuditLog.targetId, query.targetId));
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    filters.push(
      or(
        ilike(staffAuditLog.actorEmail, like),
        ilike(staffAuditLog.action, like),
        ilike(staffAuditLog.summary, like),
        eq(staffAuditLog.targetId, query.q),
      ) as SQL,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const page = Math.max(1, query.page ?? 1);
  const [entries, [total]] = await Promise.all([
    on
      .select()
      .from(staffAuditLog)
      .where(where)
      .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    on.select({ count: count() }).from(staffAuditLog).where(where),
  ]);
  return { entries, total: total?.count ?? 0, page, pageSize: AUDIT_PAGE_SIZE };
}

/** Every entry about one target, oldest first: the "who changed what" timeline of an order, product, … */
export function auditTrail(targetType: string, targetId: string | number, options: { tx?: Queryable } = {}) {
  return (options.tx ?? db())
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, targetType), eq(staffAuditLog.targetId, String(targetId))))
    .orderBy(staffAuditLog.at, staffAuditLog.id);
}
