// Notices and decisions (DSA art. 16, 17, 20): anyone reports a listing, store or message; an operator
// decides from the queue; the owner gets a statement of reasons by e-mail and on "my marketplace", and may
// appeal once; a reversed decision is undone. A ban takes the store and its listings out of every public
// query at once (they all require `banned = false`).
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { user } from "../../../platform/auth/tables.server";
import { db, type Transaction } from "../../../platform/db/db.server";
import { inTransaction } from "../../../platform/db/transaction.server";
import { env } from "../../../platform/env.server";
import { serverI18n } from "../../../platform/i18n/resources.server";
import { isRefusal, type Refusal, refuse } from "../../../platform/refusal";
import { countAttempt } from "../../../platform/throttle/throttle.server";
import { href } from "../../../routing/urls";
import { queueEmail } from "../../notifications/notifications.server";
import { applyTransition } from "../listings/commands.server";
import { listingsChanged } from "../listings/listing-index.server";
import { localeOf } from "../listings/notices.server";
import type { ListingState } from "../listings/states";
import {
  marketplaceDecisions,
  marketplaceListings,
  marketplaceMessages,
  marketplaceReports,
  marketplaceStores,
} from "../tables.server";
import {
  APPEAL_DAYS,
  type AppealOutcome,
  type DecisionAction,
  decisionRefusal,
  type ReportReason,
  type ReportTarget,
} from "./rules";

export interface ReportInput {
  targetKind: ReportTarget;
  targetId: number;
  email: string;
  reason: ReportReason;
  details?: string;
  url?: string;
  goodFaith: boolean;
}

/** The owner of a reported thing and a short label of it (for the queue), or null when it is gone. */
async function targetOf(
  on: Transaction | ReturnType<typeof db>,
  kind: ReportTarget,
  id: number,
): Promise<{ ownerId: string; storeId: number; label: string } | null> {
  if (kind === "listing") {
    const [row] = await on
      .select({
        ownerId: marketplaceStores.userId,
        storeId: marketplaceStores.id,
        label: marketplaceListings.title,
      })
      .from(marketplaceListings)
      .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
      .where(eq(marketplaceListings.id, id));
    return row ?? null;
  }
  if (kind === "store") {
    const [row] = await on
      .select({
        ownerId: marketplaceStores.userId,
        storeId: marketplaceStores.id,
        label: marketplaceStores.name,
      })
      .from(marketplaceStores)
      .where(eq(marketplaceStores.id, id));
    return row ?? null;
  }
  const [row] = await on
    .select({ ownerId: marketplaceMessages.senderId, label: marketplaceMessages.body })
    .from(marketplaceMessages)
    .where(eq(marketplaceMessages.id, id));
  if (!row) return null;
  const [store] = await on
    .select({ id: marketplaceStores.id })
    .from(marketplaceStores)
    .where(eq(marketplaceStores.userId, row.ownerId));
  return { ownerId: row.ownerId, storeId: store?.id ?? 0, label: row.label.slice(0, 80) };
}

/** A notice from anyone (signed in or not), limited per e-mail address and per reporter. */
export async function reportContent(
  input: ReportInput,
  reporterId: string | null,
): Promise<{ id: number } | Refusal> {
  if (!input.goodFaith) return refuse.invalid("marketplace:errors.goodFaith", undefined, "goodFaith");
  const key = `mkt-report:${reporterId ?? input.email.toLowerCase()}`;
  if ((await countAttempt(key, { limit: 10, windowSeconds: 3600 })) > 10)
    return refuse.tooMany("marketplace:errors.tooManyReports", { retryAfterSeconds: 3600 });
  const target = await targetOf(db(), input.targetKind, input.targetId);
  if (!target) return refuse.notFound("marketplace:errors.reportTargetGone");
  if (reporterId && reporterId === target.ownerId) return refuse.conflict("marketplace:errors.reportOwn");
  const [row] = await db()
    .insert(marketplaceReports)
    .values({
      targetKind: input.targetKind,
      targetId: input.targetId,
      ownerId: target.ownerId,
      reporterId,
      reporterEmail: input.email,
      reason: input.reason,
      details: input.details ?? "",
      url: input.url ?? "",
      goodFaith: true,
    })
    .returning({ id: marketplaceReports.id });
  return { id: row!.id };
}

export interface QueueItem {
  targetKind: ReportTarget;
  targetId: number;
  label: string;
  reports: { id: number; reason: string; details: string; url: string; email: string; createdAt: Date }[];
  oldest: Date;
}

/** Open notices grouped by what they are about, oldest first (the operators' queue). */
export async function moderationQueue(): Promise<QueueItem[]> {
  const rows = await db()
    .select()
    .from(marketplaceReports)
    .where(eq(marketplaceReports.state, "open"))
    .orderBy(asc(marketplaceReports.createdAt))
    .limit(500);
  const groups = new Map<string, QueueItem>();
  for (const r of rows) {
    const key = `${r.targetKind}:${r.targetId}`;
    let item = groups.get(key);
    if (!item) {
      const target = await targetOf(db(), r.targetKind as ReportTarget, r.targetId);
      item = {
        targetKind: r.targetKind as ReportTarget,
        targetId: r.targetId,
        label: target?.label ?? "(gone)",
        reports: [],
        oldest: r.createdAt,
      };
      groups.set(key, item);
    }
    item.reports.push({
      id: r.id,
      reason: r.reason,
      details: r.details,
      url: r.url,
      email: r.reporterEmail,
      createdAt: r.createdAt,
    });
  }
  return [...groups.values()];
}

/** Puts a decision into effect, or (`undo`) reverses it after an appeal. */
async function enforce(
  tx: Transaction,
  target: { kind: ReportTarget; id: number; storeId: number },
  action: DecisionAction,
  undo: boolean,
): Promise<Refusal | null> {
  if (action === "dismiss") return null;
  if (action === "ban" || action === "restrict") {
    if (!target.storeId) return refuse.conflict("marketplace:errors.ownerHasNoStore");
    await tx
      .update(marketplaceStores)
      .set(
        action === "ban"
          ? { banned: !undo, updatedAt: sql`now()` }
          : { restricted: !undo, updatedAt: sql`now()` },
      )
      .where(eq(marketplaceStores.id, target.storeId));
    listingsChanged(tx);
    return null;
  }
  if (target.kind === "message") {
    await tx.update(marketplaceMessages).set({ removed: !undo }).where(eq(marketplaceMessages.id, target.id));
    return null;
  }
  const [listing] = await tx
    .select({
      id: marketplaceListings.id,
      state: marketplaceListings.state,
      photos: marketplaceListings.photos,
    })
    .from(marketplaceListings)
    .where(eq(marketplaceListings.id, target.id))
    .for("update");
  if (!listing) return refuse.notFound("marketplace:errors.notFound");
  const moved = await applyTransition(
    tx,
    { ...listing, state: listing.state as ListingState },
    undo ? "restore" : "remove",
    "operator",
  );
  return isRefusal(moved) ? moved : null;
}

async function emailOwner(
  tx: Transaction,
  ownerId: string,
  kind: "statement" | "appealDecided",
  values: { target: ReportTarget; action?: DecisionAction; outcome?: AppealOutcome },
  statement: string,
): Promise<void> {
  const [owner] = await tx
    .select({ email: user.email, firstName: user.firstName, locale: user.locale })
    .from(user)
    .where(eq(user.id, ownerId));
  if (!owner) return;
  const locale = localeOf(owner.locale);
  const t = serverI18n(locale).t;
  const url = `${env().BASE_URL}${href("my-marketplace", {}, locale, env().I18N_STRATEGY)}?view=decisions`;
  await queueEmail(
    {
      to: owner.email,
      locale,
      template: kind === "statement" ? "marketplaceStatement" : "marketplaceAppealDecided",
      data: {
        kind,
        name: owner.firstName,
        values: {
          target: t(`marketplace:moderation.targets.${values.target}`) as string,
          decision: values.action ? (t(`marketplace:moderation.actions.${values.action}`) as string) : "",
          outcome: values.outcome ? (t(`marketplace:moderation.outcomes.${values.outcome}`) as string) : "",
        },
        quote: statement,
        url,
      },
    },
    { tx },
  );
}

export interface DecisionInput {
  targetKind: ReportTarget;
  targetId: number;
  action: DecisionAction;
  ground: string;
  statement: string;
}

/**
 * An operator's decision on a target: put into effect, every open notice about it closed, and (unless
 * dismissed) the statement of reasons sent to the owner. Composable into the staff audit's transaction.
 */
export async function decide(
  input: DecisionInput,
  decidedBy: string,
  options: { tx?: Transaction } = {},
): Promise<{ id: number; ownerId: string } | Refusal> {
  const refused = decisionRefusal(input.targetKind, input.action);
  if (refused) return refuse.invalid(refused, undefined, "action");
  return inTransaction(options.tx, async (tx) => {
    const target = await targetOf(tx, input.targetKind, input.targetId);
    if (!target) return refuse.notFound("marketplace:errors.reportTargetGone");
    const blocked = await enforce(
      tx,
      { kind: input.targetKind, id: input.targetId, storeId: target.storeId },
      input.action,
      false,
    );
    if (blocked) return blocked;
    const [decision] = await tx
      .insert(marketplaceDecisions)
      .values({
        targetKind: input.targetKind,
        targetId: input.targetId,
        ownerId: target.ownerId,
        action: input.action,
        ground: input.ground,
        statement: input.statement,
        decidedBy,
      })
      .returning({ id: marketplaceDecisions.id });
    await tx
      .update(marketplaceReports)
      .set({ state: "decided", decisionId: decision!.id })
      .where(
        and(
          eq(marketplaceReports.targetKind, input.targetKind),
          eq(marketplaceReports.targetId, input.targetId),
          eq(marketplaceReports.state, "open"),
        ),
      );
    if (input.action !== "dismiss")
      await emailOwner(
        tx,
        target.ownerId,
        "statement",
        { target: input.targetKind, action: input.action },
        input.statement,
      );
    return { id: decision!.id, ownerId: target.ownerId };
  });
}

export interface OwnDecision {
  id: number;
  targetKind: ReportTarget;
  targetId: number;
  label: string;
  action: DecisionAction;
  ground: string;
  statement: string;
  createdAt: Date;
  appealState: string | null;
  appealText: string | null;
  canAppeal: boolean;
}

/** The statements of reasons a customer received (dismissals concern them not), newest first. */
export async function decisionsFor(userId: string, now = new Date()): Promise<OwnDecision[]> {
  const rows = await db()
    .select()
    .from(marketplaceDecisions)
    .where(
      and(
        eq(marketplaceDecisions.ownerId, userId),
        inArray(marketplaceDecisions.action, ["remove", "restrict", "ban"]),
      ),
    )
    .orderBy(desc(marketplaceDecisions.createdAt));
  const out: OwnDecision[] = [];
  for (const r of rows) {
    const target = await targetOf(db(), r.targetKind as ReportTarget, r.targetId);
    out.push({
      id: r.id,
      targetKind: r.targetKind as ReportTarget,
      targetId: r.targetId,
      label: target?.label ?? "",
      action: r.action as DecisionAction,
      ground: r.ground,
      statement: r.statement,
      createdAt: r.createdAt,
      appealState: r.appealState,
      appealText: r.appealText,
      canAppeal: !r.appealState && now.getTime() - r.createdAt.getTime() < APPEAL_DAYS * 86_400_000,
    });
  }
  return out;
}

/** The owner's appeal (DSA art. 20): once per decision, within six months. */
export async function appealDecision(
  userId: string,
  decisionId: number,
  text: string,
  now = new Date(),
): Promise<{ id: number } | Refusal> {
  return inTransaction(undefined, async (tx) => {
    const [row] = await tx
      .select()
      .from(marketplaceDecisions)
      .where(eq(marketplaceDecisions.id, decisionId))
      .for("update");
    if (!row || row.ownerId !== userId || row.action === "dismiss")
      return refuse.notFound("marketplace:errors.decisionNotFound");
    if (row.appealState) return refuse.conflict("marketplace:errors.alreadyAppealed");
    if (now.getTime() - row.createdAt.getTime() >= APPEAL_DAYS * 86_400_000)
      return refuse.conflict("marketplace:errors.appealTooLate");
    await tx
      .update(marketplaceDecisions)
      .set({ appealText: text, appealedAt: now, appealState: "open" })
      .where(eq(marketplaceDecisions.id, decisionId));
    return { id: decisionId };
  });
}

export interface AppealItem {
  id: number;
  targetKind: ReportTarget;
  targetId: number;
  action: DecisionAction;
  statement: string;
  appealText: string;
  appealedAt: Date;
}

/** Open appeals, oldest first. */
export async function openAppeals(): Promise<AppealItem[]> {
  const rows = await db()
    .select()
    .from(marketplaceDecisions)
    .where(eq(marketplaceDecisions.appealState, "open"))
    .orderBy(asc(marketplaceDecisions.appealedAt));
  return rows.map((r) => ({
    id: r.id,
    targetKind: r.targetKind as ReportTarget,
    targetId: r.targetId,
    action: r.action as DecisionAction,
    statement: r.statement,
    appealText: r.appealText ?? "",
    appealedAt: r.appealedAt!,
  }));
}

/** An operator decides an appeal: upheld stays, reversed is undone; the owner is told either way. */
export async function decideAppeal(
  decisionId: number,
  outcome: AppealOutcome,
  reply: string,
  options: { tx?: Transaction } = {},
): Promise<{ id: number } | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    const [row] = await tx
      .select()
      .from(marketplaceDecisions)
      .where(eq(marketplaceDecisions.id, decisionId))
      .for("update");
    if (!row) return refuse.notFound("marketplace:errors.decisionNotFound");
    if (row.appealState !== "open") return refuse.conflict("marketplace:errors.noOpenAppeal");
    if (outcome === "reversed") {
      const target = await targetOf(tx, row.targetKind as ReportTarget, row.targetId);
      if (target) {
        const blocked = await enforce(
          tx,
          { kind: row.targetKind as ReportTarget, id: row.targetId, storeId: target.storeId },
          row.action as DecisionAction,
          true,
        );
        if (blocked) return blocked;
      }
    }
    await tx
      .update(marketplaceDecisions)
      .set({ appealState: outcome, appealDecidedAt: sql`now()` })
      .where(eq(marketplaceDecisions.id, decisionId));
    if (row.ownerId)
      await emailOwner(
        tx,
        row.ownerId,
        "appealDecided",
        { target: row.targetKind as ReportTarget, outcome },
        reply,
      );
    return { id: decisionId };
  });
}

/** An operator lifts a store's ban or restriction outside an appeal (a review); recorded as a decision. */
export async function liftStoreMeasure(
  storeId: number,
  measure: "ban" | "restrict",
  decidedBy: string,
  options: { tx?: Transaction } = {},
): Promise<{ id: number } | Refusal> {
  return inTransaction(options.tx, async (tx) => {
    const [store] = await tx
      .select({
        userId: marketplaceStores.userId,
        banned: marketplaceStores.banned,
        restricted: marketplaceStores.restricted,
      })
      .from(marketplaceStores)
      .where(eq(marketplaceStores.id, storeId))
      .for("update");
    if (!store) return refuse.notFound("marketplace:errors.storeNotFound");
    if (measure === "ban" ? !store.banned : !store.restricted)
      return refuse.conflict("marketplace:errors.notInForce");
    await enforce(tx, { kind: "store", id: storeId, storeId }, measure, true);
    const [decision] = await tx
      .insert(marketplaceDecisions)
      .values({
        targetKind: "store",
        targetId: storeId,
        ownerId: store.userId,
        action: measure === "ban" ? "unban" : "unrestrict",
        ground: "review",
        statement: "Lifted after review.",
        decidedBy,
      })
      .returning({ id: marketplaceDecisions.id });
    return { id: decision!.id };
  });
}
