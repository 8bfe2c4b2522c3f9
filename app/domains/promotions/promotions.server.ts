import { and, count, eq, isNull, or, sql } from "drizzle-orm";
import type { Queryable, Transaction } from "../../platform/db/db.server";
import type { TotalsLine } from "../checkout/totals";
import { type CodeCheck, type CodeFacts, checkCode, normalizeCode } from "./rules";
import { cartDiscountCodes, type DiscountKind, discountCodes, discountRedemptions } from "./tables.server";

export type { CodeCheck, DiscountRefusal } from "./rules";
export { normalizeCode } from "./rules";

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

async function codeFacts(db: Queryable, code: string): Promise<(CodeFacts & { id: number }) | null> {
  const [row] = await db
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

async function customerUses(db: Queryable, codeId: number, customer: Customer): Promise<number> {
  const who = sameCustomer(customer);
  if (!who) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), isNull(discountRedemptions.releasedAt), who));
  return row?.n ?? 0;
}

/** Whether a code applies to these lines for this customer, and what it does. Changes nothing. */
export async function checkDiscountCode(db: Queryable, code: string, input: CodeInput): Promise<CodeCheck> {
  const found = await codeFacts(db, code);
  const uses = found ? await customerUses(db, found.id, input) : 0;
  return checkCode(found, {
    lines: input.lines,
    now: input.now ?? new Date(),
    firstOrder: input.firstOrder,
    customerUses: uses,
  });
}

export type ApplyResult = (CodeCheck & { ok: true; replaced: string | null }) | (CodeCheck & { ok: false });

/**
 * Makes a code the cart's one active code. A second valid code replaces the first (`replaced` names it, for
 * the notice); a refused code leaves the active one in place.
 */
export async function applyDiscountCode(
  db: Queryable,
  cartId: number,
  code: string,
  input: CodeInput,
): Promise<ApplyResult> {
  const checked = await checkDiscountCode(db, code, input);
  if (!checked.ok) return checked;
  const previous = await cartDiscountCode(db, cartId);
  const found = (await codeFacts(db, checked.code))!;
  await db
    .insert(cartDiscountCodes)
    .values({ cartId, codeId: found.id })
    .onConflictDoUpdate({
      target: cartDiscountCodes.cartId,
      set: { codeId: found.id, appliedAt: sql`now()` },
    });
  return { ...checked, replaced: previous && previous !== checked.code ? previous : null };
}

/** The cart's active code, or null. */
export async function cartDiscountCode(db: Queryable, cartId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: discountCodes.code })
    .from(cartDiscountCodes)
    .innerJoin(discountCodes, eq(discountCodes.id, cartDiscountCodes.codeId))
    .where(eq(cartDiscountCodes.cartId, cartId));
  return row?.code ?? null;
}

export async function removeDiscountCode(db: Queryable, cartId: number): Promise<void> {
  await db.delete(cartDiscountCodes).where(eq(cartDiscountCodes.cartId, cartId));
}

/**
 * Records that an order used a code, inside the order's transaction. The code's row is locked by the
 * increment, so concurrent redemptions of one code queue on it: the total limit holds (the increment is
 * refused at the limit) and so does the per-customer limit (counted after the lock, seeing every
 * redemption committed before). A refusal undoes the increment; nothing is written.
 */
export async function redeemDiscountCode(
  tx: Transaction,
  input: CodeInput & { code: string; orderNumber: string; email: string; amountCents: number },
): Promise<CodeCheck> {
  const checked = await checkDiscountCode(tx, input.code, input);
  if (!checked.ok) return checked;
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
  if (!claimed) return { ok: false, messageKey: "checkout:discount.usedUp" };
  if (
    claimed.perCustomerLimit !== null &&
    (await customerUses(tx, claimed.id, input)) >= claimed.perCustomerLimit
  ) {
    await tx
      .update(discountCodes)
      .set({ timesUsed: sql`${discountCodes.timesUsed} - 1` })
      .where(eq(discountCodes.id, claimed.id));
    return { ok: false, messageKey: "checkout:discount.alreadyUsed" };
  }
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
export async function releaseDiscountRedemption(tx: Transaction, orderNumber: string): Promise<void> {
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

/** Creates a code (back office, seeds); an existing code of that name is left as it is. */
export async function createDiscountCode(db: Queryable, input: NewDiscountCode): Promise<void> {
  await db
    .insert(discountCodes)
    .values({ ...input, code: normalizeCode(input.code) })
    .onConflictDoNothing({ target: discountCodes.code });
}

/** Usage of a code, for the back office and tests. */
export async function discountCodeUsage(db: Queryable, code: string) {
  const [row] = await db
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

export async function seedDemoDiscountCodes(db: Queryable): Promise<void> {
  for (const code of demoDiscountCodes) await createDiscountCode(db, code);
}
