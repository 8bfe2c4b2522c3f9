import { randomBytes } from "node:crypto";
import { and, count, eq, isNull, or, sql } from "drizzle-orm";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { inTransaction } from "../../platform/db/transaction.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import type { TotalsLine } from "../pricing/totals";
import {
  type AppliedCode,
  alreadyUsed,
  type CodeCheck,
  type CodeFacts,
  checkCode,
  normalizeCode,
  usedUp,
} from "./rules";
import { cartDiscountCodes, type DiscountKind, discountCodes, discountRedemptions } from "./tables.server";

export type { AppliedCode, CodeCheck } from "./rules";

/** Composes a command into the caller's transaction (placing or paying an order). */
type Compose = { tx?: Transaction };

export interface Customer {
  email?: string | null;
  userId?: string | null;
}

export interface CodeInput extends Customer {
  lines: readonly TotalsLine[];
  /** Whether this would be the customer's first order (undefined while unknown). */
  firstOrder?: boolean;
  now?: Date;
}

const facts = {
  id: discountCodes.id,
  code: discountCodes.code,
  kind: discountCodes.kind,
  percent: discountCodes.percent,
  amountCents: discountCodes.amountCents,
  minSubtotalCents: discountCodes.minSubtotalCents,
  startsAt: discountCodes.startsAt,
  endsAt: discountCodes.endsAt,
  usageLimit: discountCodes.usageLimit,
  perCustomerLimit: discountCodes.perCustomerLimit,
  firstOrderOnly: discountCodes.firstOrderOnly,
  excludedProductIds: discountCodes.excludedProductIds,
  timesUsed: discountCodes.timesUsed,
  isActive: discountCodes.isActive,
};

async function codeFacts(on: Queryable, code: string): Promise<(CodeFacts & { id: number }) | null> {
  const [row] = await on
    .select(facts)
    .from(discountCodes)
    .where(eq(discountCodes.code, normalizeCode(code)));
  return row ?? null;
}

function sameCustomer(customer: Customer) {
  const email = customer.email?.trim().toLowerCase();
  const matches = [
    email ? eq(discountRedemptions.email, email) : undefined,
    customer.userId ? eq(discountRedemptions.userId, customer.userId) : undefined,
  ].filter((m) => m !== undefined);
  return matches.length ? or(...matches) : undefined;
}

async function customerUses(on: Queryable, codeId: number, customer: Customer): Promise<number> {
  const who = sameCustomer(customer);
  if (!who) return 0;
  const [row] = await on
    .select({ n: count() })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), isNull(discountRedemptions.releasedAt), who));
  return row?.n ?? 0;
}

/** Whether a code applies to these lines for this customer, and what it does. Changes nothing. */
export async function checkDiscountCode(
  code: string,
  input: CodeInput,
  options: Compose = {},
): Promise<CodeCheck> {
  const on = options.tx ?? db();
  const found = await codeFacts(on, code);
  const uses = found ? await customerUses(on, found.id, input) : 0;
  return checkCode(found, {
    lines: input.lines,
    now: input.now ?? new Date(),
    firstOrder: input.firstOrder,
    customerUses: uses,
  });
}

/**
 * Makes a code the cart's one active code. A second valid code replaces the first (`replaced` names it, for
 * the notice); a refused code leaves the active one in place.
 */
export async function applyDiscountCode(
  cartId: number,
  code: string,
  input: CodeInput,
): Promise<(AppliedCode & { replaced: string | null }) | Refusal> {
  const checked = await checkDiscountCode(code, input);
  if (isRefusal(checked)) return checked;
  const previous = await cartDiscountCode(cartId);
  const found = (await codeFacts(db(), checked.code))!;
  await db()
    .insert(cartDiscountCodes)
    .values({ cartId, codeId: found.id })
    .onConflictDoUpdate({
      target: cartDiscountCodes.cartId,
      set: { codeId: found.id, appliedAt: sql`now()` },
    });
  return { ...checked, replaced: previous && previous !== checked.code ? previous : null };
}

/** The cart's active code, or null. */
export async function cartDiscountCode(cartId: number, options: Compose = {}): Promise<string | null> {
  const [row] = await (options.tx ?? db())
    .select({ code: discountCodes.code })
    .from(cartDiscountCodes)
    .innerJoin(discountCodes, eq(discountCodes.id, cartDiscountCodes.codeId))
    .where(eq(cartDiscountCodes.cartId, cartId));
  return row?.code ?? null;
}

/** Takes the cart's code off (the shopper removes it, or the order that used it was paid). */
export async function removeDiscountCode(cartId: number, options: Compose = {}): Promise<void> {
  await (options.tx ?? db()).delete(cartDiscountCodes).where(eq(cartDiscountCodes.cartId, cartId));
}

/**
 * Records that an order used a code, inside the order's transaction. The code's row is locked by the
 * increment, so concurrent redemptions of one code queue on it: the total limit holds (the increment is
 * refused at the limit) and so does the per-customer limit (counted after the lock, seeing every
 * redemption committed before). A refusal rolls back the increment (in the order's transaction, when the
 * order returns it on); nothing is written.
 */
export async function redeemDiscountCode(
  input: CodeInput & { code: string; orderNumber: string; email: string; amountCents: number },
  options: Compose = {},
): Promise<CodeCheck> {
  return inTransaction(options.tx, async (tx) => {
    const checked = await checkDiscountCode(input.code, input, { tx });
    if (isRefusal(checked)) return checked;
    return claim(tx, checked, input);
  });
}

async function claim(
  tx: Transaction,
  checked: AppliedCode,
  input: CodeInput & { orderNumber: string; email: string; amountCents: number },
): Promise<CodeCheck> {
  const [claimed] = await tx
    .update(discountCodes)
    .set({ timesUsed: sql`${discountCodes.timesUsed} + 1` })
    .where(
      and(
        eq(discountCodes.code, checked.code),
        eq(discountCodes.isActive, true),
        or(isNull(discountCodes.usageLimit), sql`${discountCodes.timesUsed} < ${discountCodes.usageLimit}`),
      ),
    )
    .returning({ id: discountCodes.id, perCustomerLimit: discountCodes.perCustomerLimit });
  if (!claimed) return usedUp();
  if (
    claimed.perCustomerLimit !== null &&
    (await customerUses(tx, claimed.id, input)) >= claimed.perCustomerLimit
  )
    return alreadyUsed();
  await tx.insert(discountRedemptions).values({
    codeId: claimed.id,
    orderNumber: input.orderNumber,
    email: input.email.trim().toLowerCase(),
    userId: input.userId ?? null,
    amountCents: input.amountCents,
  });
  return checked;
}

/** Gives an order's redemption back (its payment failed or expired): the code can be used again. Once. */
export async function releaseDiscountRedemption(orderNumber: string, options: Compose = {}): Promise<void> {
  await inTransaction(options.tx, (tx) => release(tx, orderNumber));
}

async function release(tx: Transaction, orderNumber: string): Promise<void> {
  const released = await tx
    .update(discountRedemptions)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(discountRedemptions.orderNumber, orderNumber), isNull(discountRedemptions.releasedAt)))
    .returning({ codeId: discountRedemptions.codeId });
  for (const { codeId } of released) {
    await tx
      .update(discountCodes)
      .set({ timesUsed: sql`${discountCodes.timesUsed} - 1` })
      .where(eq(discountCodes.id, codeId));
  }
}

export interface NewDiscountCode {
  code: string;
  kind: DiscountKind;
  percent?: number;
  amountCents?: number;
  minSubtotalCents?: number;
  startsAt?: Date | null;
  endsAt?: Date | null;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  firstOrderOnly?: boolean;
  excludedProductIds?: number[];
  description?: string;
}

async function insertCode(on: Queryable, input: NewDiscountCode): Promise<void> {
  await on
    .insert(discountCodes)
    .values({ ...input, code: normalizeCode(input.code) })
    .onConflictDoNothing({ target: discountCodes.code });
}

/** Creates a code (back office, tests); an existing code of that name is left as it is. */
export async function createDiscountCode(input: NewDiscountCode): Promise<void> {
  await insertCode(db(), input);
}

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** `PREFIX-` and 8 characters without look-alikes (0/O, 1/I): about 10^12 codes per prefix, not guessable. */
function personalCode(prefix: string): string {
  const bytes = randomBytes(8);
  return `${prefix}-${Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("")}`;
}

/**
 * Issues a personal code that one order can use (refer a friend, student discount, newsletter): usage
 * limit 1, so the claim in `redeemDiscountCode` lets exactly one of two concurrent orders have it.
 * Composes into the caller's transaction so the code exists if and only if the fact that earned it does.
 */
export async function issueSingleUseCode(
  input: Omit<NewDiscountCode, "code" | "usageLimit" | "perCustomerLimit"> & {
    prefix: string;
    source: string;
  },
  options: Compose = {},
): Promise<string> {
  const { prefix, ...rest } = input;
  return inTransaction(options.tx, async (tx) => {
    for (;;) {
      const code = personalCode(prefix);
      const inserted = await tx
        .insert(discountCodes)
        .values({ ...rest, code, usageLimit: 1, perCustomerLimit: 1 })
        .onConflictDoNothing({ target: discountCodes.code })
        .returning({ code: discountCodes.code });
      if (inserted[0]) return inserted[0].code;
    }
  });
}

/** Usage of a code, for the back office and tests. */
export async function discountCodeUsage(code: string) {
  const [row] = await db()
    .select({ timesUsed: discountCodes.timesUsed, usageLimit: discountCodes.usageLimit })
    .from(discountCodes)
    .where(eq(discountCodes.code, normalizeCode(code)));
  return row ?? null;
}

/** The demo shop's codes, so every kind of discount can be tried. */
export const demoDiscountCodes: NewDiscountCode[] = [
  {
    code: "WELCOME15",
    kind: "percentage",
    percent: 15,
    firstOrderOnly: true,
    perCustomerLimit: 1,
    description: "15 % off a first order",
  },
  { code: "FREESHIP", kind: "free-shipping", minSubtotalCents: 2_500, description: "Free shipping from €25" },
  {
    code: "TIENEURO",
    kind: "fixed",
    amountCents: 1_000,
    minSubtotalCents: 6_000,
    description: "€10 off from €60",
  },
  {
    code: "LAATSTEKANS",
    kind: "percentage",
    percent: 25,
    usageLimit: 50,
    description: "25 % off, for the first 50 orders",
  },
];

/** First start and tests seed through the connection they are setting up. */
export async function seedDemoDiscountCodes(on: Queryable): Promise<void> {
  for (const code of demoDiscountCodes) await insertCode(on, code);
}

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** The back office's list: codes by name or description, by source (`staff` = made by staff), with usage. */
export async function discountCodeList(
  options: { q?: string; source?: string | null; page?: number; pageSize?: number } = {},
) {
  const pageSize = options.pageSize ?? 50;
  const q = options.q?.trim();
  const where = and(
    q
      ? or(
          sql`${discountCodes.code} like ${`%${q.toUpperCase().replace(/[%_\\]/g, "\\$&")}%`}`,
          sql`${discountCodes.description} ilike ${`%${q.replace(/[%_\\]/g, "\\$&")}%`}`,
        )
      : undefined,
    options.source === "staff"
      ? isNull(discountCodes.source)
      : options.source
        ? eq(discountCodes.source, options.source)
        : undefined,
  );
  const rows = await db()
    .select()
    .from(discountCodes)
    .where(where)
    .orderBy(sql`${discountCodes.source} is not null`, sql`${discountCodes.createdAt} desc`, discountCodes.id)
    .limit(pageSize)
    .offset(Math.max(0, (options.page ?? 1) - 1) * pageSize);
  const [total] = await db().select({ n: count() }).from(discountCodes).where(where);
  const issued = await db()
    .select({
      source: discountCodes.source,
      n: count(),
      used: sql<number>`sum(${discountCodes.timesUsed})::int`,
    })
    .from(discountCodes)
    .where(sql`${discountCodes.source} is not null`)
    .groupBy(discountCodes.source);
  return { rows, total: total?.n ?? 0, issued };
}

/** One code with its redemptions, newest first (the back office's code page). */
export async function discountCodeDetail(id: number) {
  const [code] = await db().select().from(discountCodes).where(eq(discountCodes.id, id));
  if (!code) return null;
  const redemptions = await db()
    .select({
      orderNumber: discountRedemptions.orderNumber,
      email: discountRedemptions.email,
      amountCents: discountRedemptions.amountCents,
      createdAt: discountRedemptions.createdAt,
      releasedAt: discountRedemptions.releasedAt,
    })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.codeId, id))
    .orderBy(sql`${discountRedemptions.createdAt} desc`)
    .limit(200);
  return { code, redemptions };
}

/**
 * Creates (id null) or edits a code inside the staff command's transaction; answers the row before and
 * after for the audit entry. The name must be free; a limit below what was used already is refused, as
 * is editing a feature's personal code beyond pausing it (its terms were promised by e-mail).
 */
export async function saveDiscountCode(
  id: number | null,
  input: NewDiscountCode,
  options: { tx: Transaction },
): Promise<{ before: DiscountCodeRow | null; after: DiscountCodeRow } | Refusal> {
  const { tx } = options;
  const code = normalizeCode(input.code);
  const values = {
    code,
    kind: input.kind,
    percent: input.kind === "percentage" ? (input.percent ?? null) : null,
    amountCents: input.kind === "fixed" ? (input.amountCents ?? null) : null,
    minSubtotalCents: input.minSubtotalCents ?? 0,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
    usageLimit: input.usageLimit ?? null,
    perCustomerLimit: input.perCustomerLimit ?? null,
    firstOrderOnly: input.firstOrderOnly ?? false,
    excludedProductIds: input.excludedProductIds ?? [],
    description: input.description ?? null,
  };
  const [clash] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, code));
  if (clash && clash.id !== id) return refuse.conflict("admin:promotions.codeTaken", { code }, "code");
  if (id === null) {
    const [after] = await tx.insert(discountCodes).values(values).returning();
    return { before: null, after: after! };
  }
  const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
  if (!before) return refuse.notFound("admin:promotions.unknown");
  if (before.source !== null) return refuse.conflict("admin:promotions.personalCode", {}, "code");
  if (values.usageLimit !== null && values.usageLimit < before.timesUsed)
    return refuse.invalid("admin:promotions.limitBelowUse", { used: before.timesUsed }, "usageLimit");
  const [after] = await tx.update(discountCodes).set(values).where(eq(discountCodes.id, id)).returning();
  return { before, after: after! };
}

/** Pauses or resumes a code (any code, personal ones too); answers whether it was active before. */
export async function setDiscountCodeActive(
  id: number,
  active: boolean,
  options: { tx: Transaction },
): Promise<{ code: string; wasActive: boolean } | Refusal> {
  const [before] = await options.tx
    .select({ code: discountCodes.code, isActive: discountCodes.isActive })
    .from(discountCodes)
    .where(eq(discountCodes.id, id))
    .for("update");
  if (!before) return refuse.notFound("admin:promotions.unknown");
  await options.tx.update(discountCodes).set({ isActive: active }).where(eq(discountCodes.id, id));
  return { code: before.code, wasActive: before.isActive };
}
