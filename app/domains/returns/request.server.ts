// Asking for a return or withdrawing from the contract: the customer (or a guest by order number + e-mail)
// picks lines, units and reasons; the server checks the window and what is left to return under a lock on
// the order, so two requests at once can never send the same unit back twice.
import { randomInt } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { productIdsOfVariants, reserveStock } from "../catalog/catalog.server";
import { shopSetting } from "../content/content.server";
import { recordFitAnswer } from "../highlights/highlights.server";
import { orderForReturn, type ReturnableOrder } from "../orders/orders.server";
import { queueReturnEmail } from "./emails.server";
import { returnExpiresAt, returnFeeCents, returnWindow, withdrawalWindow } from "./rules";
import {
  type ReturnActor,
  type ReturnMethod,
  type ReturnReason,
  returnEvents,
  returnLines,
  returns,
  type WithdrawalStatement,
} from "./tables.server";
import { checkReturnTransition } from "./transitions";
import type { ReturnRequestInput } from "./validation";

/** Who asks: a signed-in customer, a guest who knows the order's e-mail, or staff on the customer's behalf. */
export type Requester =
  | { kind: "customer"; userId: string }
  | { kind: "guest"; email: string }
  | { kind: "staff"; userId: string };

const actorOf = (r: Requester): ReturnActor => r.kind;

/** Whether the requester may return this order; someone else's order is "not found", never "forbidden". */
export function ownsOrder(order: ReturnableOrder, requester: Requester): boolean {
  if (requester.kind === "staff") return true;
  if (requester.kind === "customer") return order.userId === requester.userId;
  return order.email === requester.email.trim().toLowerCase();
}

function newReturnNumber(): string {
  return `R${randomInt(100_000_000, 1_000_000_000)}`;
}

/** Units of each order line already on their way back or back (rejected lines and canceled returns freed). */
export async function unitsReturned(tx: Transaction, orderId: number): Promise<Map<number, number>> {
  const rows = await tx
    .select({ orderLineId: returnLines.orderLineId, units: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(eq(returns.orderId, orderId), ne(returns.status, "canceled"), ne(returnLines.outcome, "rejected")),
    )
    .groupBy(returnLines.orderLineId);
  return new Map(rows.map((r) => [r.orderLineId, Number(r.units)]));
}

/** Serialises every request for one order's returns (the order row belongs to the orders domain). */
async function lockOrderReturns(tx: Transaction, orderId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`returns:order:${orderId}`}))`);
}

async function existingByKey(tx: Transaction, key: string) {
  const [row] = await tx.select().from(returns).where(eq(returns.idempotencyKey, key));
  return row ?? null;
}

interface NewLine {
  orderLineId: number;
  quantity: number;
  reason: ReturnReason;
  exchangeVariantId?: number;
}

async function insertReturn(
  tx: Transaction,
  order: ReturnableOrder,
  values: {
    kind: "return" | "withdrawal";
    method: ReturnMethod;
    feeCents: number;
    shippingRefundCents: number;
    refundToWallet: boolean;
    statement: WithdrawalStatement | null;
    expiresAt: Date | null;
    idempotencyKey: string;
    requester: Requester;
  },
  lines: NewLine[],
): Promise<string> {
  const move = checkReturnTransition(null, "requested", actorOf(values.requester));
  if (isRefusal(move)) throw new Error(move.messageKey);
  const [created] = await tx
    .insert(returns)
    .values({
      number: newReturnNumber(),
      orderId: order.id,
      orderNumber: order.number,
      kind: values.kind,
      status: move.to,
      method: values.method,
      feeCents: values.feeCents,
      shippingRefundCents: values.shippingRefundCents,
      refundToWallet: values.refundToWallet,
      statement: values.statement,
      expiresAt: values.expiresAt,
      idempotencyKey: values.idempotencyKey,
      requestedBy: actorOf(values.requester),
    })
    .returning({ id: returns.id, number: returns.number });
  await tx.insert(returnLines).values(lines.map((l) => ({ ...l, returnId: created!.id })));
  await tx.insert(returnEvents).values({
    returnId: created!.id,
    fromStatus: null,
    toStatus: move.to,
    actor: actorOf(values.requester),
    actorId: values.requester.kind === "guest" ? null : values.requester.userId,
  });
  return created!.number;
}

/** Holds the sizes asked for in exchange: another size of the same product, taken off the shelf now. */
async function holdExchangeSizes(
  tx: Transaction,
  order: ReturnableOrder,
  lines: NewLine[],
  products: Map<number, number>,
): Promise<Refusal | null> {
  for (const [index, line] of lines.entries()) {
    const bought = order.lines.find((l) => l.id === line.orderLineId)!;
    const variant = line.exchangeVariantId;
    if (!variant || variant === bought.variantId || products.get(variant) !== bought.productId)
      return refuse.invalid("returns:errors.exchangeSize", {}, `lines[${index}].exchangeVariantId`);
  }
  const held = await reserveStock(
    lines.map((l) => ({ variantId: l.exchangeVariantId!, quantity: l.quantity })),
    { tx },
  );
  if (!held.ok) return refuse.conflict("returns:errors.exchangeSoldOut");
  return null;
}

const FIT_OF_REASON: Partial<Record<ReturnReason, "small" | "large">> = {
  "too-small": "small",
  "too-big": "large",
};

/**
 * "Too small" and "too big" count towards the product's fit (PRODUCT.md): one answer per line sent back
 * for it, in the return's transaction, so a refused or repeated request counts nothing.
 */
async function countFitReasons(tx: Transaction, order: ReturnableOrder, lines: NewLine[]) {
  for (const line of lines) {
    const answer = FIT_OF_REASON[line.reason];
    const bought = order.lines.find((l) => l.id === line.orderLineId)!;
    if (answer) await recordFitAnswer(bought.productId, answer, { tx });
  }
}

/**
 * A return of some units of an order's lines. Refused (and nothing written) outside the window, for
 * someone else's order, for more units than are left to return, without a line chosen, or when the size
 * asked for in exchange is gone. The same idempotency key answers the return it made.
 */
export async function requestReturn(
  input: ReturnRequestInput & { idempotencyKey: string },
  requester: Requester,
  options: { now?: Date } = {},
): Promise<{ number: string } | Refusal> {
  const now = options.now ?? new Date();
  const { windowDays, ...fees } = await shopSetting("returnRules");
  // Read before the transaction: the catalogue reads on its own connection.
  const products =
    input.method === "exchange"
      ? await productIdsOfVariants(
          input.lines.map((l) => l.exchangeVariantId).filter((id): id is number => id !== undefined),
        )
      : new Map<number, number>();
  return transaction(async (tx) => {
    const order = await orderForReturn(input.number, { tx });
    if (!order || !ownsOrder(order, requester)) return refuse.notFound("returns:errors.orderNotFound");
    await lockOrderReturns(tx, order.id);
    const done = await existingByKey(tx, input.idempotencyKey);
    if (done)
      return done.orderId === order.id ? { number: done.number } : refuse.conflict("returns:errors.repeat");
    const window = returnWindow(order, windowDays, now);
    if (!window.open)
      return refuse.conflict(window.closesAt ? "returns:errors.windowClosed" : "returns:errors.notShipped", {
        date: window.closesAt?.toISOString().slice(0, 10) ?? "",
      });
    const returned = await unitsReturned(tx, order.id);
    const chosen: NewLine[] = [];
    for (const [index, line] of input.lines.entries()) {
      if (line.quantity === 0) continue;
      const bought = order.lines.find((l) => l.id === line.orderLineId);
      if (!bought) return refuse.notFound("returns:errors.orderNotFound");
      const left = bought.quantity - (returned.get(bought.id) ?? 0);
      if (line.quantity > left)
        return refuse.conflict(
          "returns:errors.tooMany",
          { name: bought.name, left },
          `lines[${index}].quantity`,
        );
      chosen.push({
        orderLineId: bought.id,
        quantity: line.quantity,
        reason: line.reason!,
        exchangeVariantId: input.method === "exchange" ? line.exchangeVariantId : undefined,
      });
    }
    if (chosen.length === 0) return refuse.invalid("returns:errors.nothingChosen");
    if (input.method === "exchange") {
      const refused = await holdExchangeSizes(tx, order, chosen, products);
      if (refused) return refused;
    }
    const number = await insertReturn(
      tx,
      order,
      {
        kind: "return",
        method: input.method,
        feeCents: returnFeeCents("return", input.method, order.country, fees),
        shippingRefundCents: 0,
        refundToWallet: input.refundToWallet && order.userId !== null,
        statement: null,
        expiresAt: returnExpiresAt(window.closesAt),
        idempotencyKey: input.idempotencyKey,
        requester,
      },
      chosen,
    );
    await countFitReasons(tx, order, chosen);
    await queueReturnEmail(tx, number, "returnRequested");
    return { number };
  });
}

/** What the withdrawal's first step shows: the statement prefilled from the order, or why it cannot be made. */
export async function withdrawalDraft(
  number: string,
  requester: Requester,
  options: { now?: Date } = {},
): Promise<
  | {
      statement: Omit<WithdrawalStatement, "confirmedAt">;
      lines: { name: string; size: string; quantity: number }[];
    }
  | Refusal
> {
  const order = await orderForReturn(number);
  if (!order || !ownsOrder(order, requester)) return refuse.notFound("returns:errors.orderNotFound");
  const window = withdrawalWindow(order, options.now ?? new Date());
  if (!window.open) return refuse.conflict("returns:errors.withdrawalClosed");
  return {
    statement: {
      name: order.customerName,
      email: order.email,
      orderNumber: order.number,
      orderedOn: order.createdAt.toISOString(),
    },
    lines: order.lines.map((l) => ({ name: l.name, size: l.size, quantity: l.quantity })),
  };
}

/**
 * The withdrawal from the contract (EU 2023/2673): every unit not yet returned goes back, free of fee; a
 * withdrawal of the whole order also refunds the standard delivery cost. The receipt e-mail (content,
 * date and time) is written in the same transaction. The same key answers the withdrawal it made.
 */
export async function withdrawFromOrder(
  input: { number: string; idempotencyKey: string },
  requester: Requester,
  options: { now?: Date } = {},
): Promise<{ number: string; confirmedAt: string } | Refusal> {
  const now = options.now ?? new Date();
  return transaction(async (tx) => {
    const order = await orderForReturn(input.number, { tx });
    if (!order || !ownsOrder(order, requester)) return refuse.notFound("returns:errors.orderNotFound");
    await lockOrderReturns(tx, order.id);
    const done = await existingByKey(tx, input.idempotencyKey);
    if (done?.statement) return { number: done.number, confirmedAt: done.statement.confirmedAt };
    if (!withdrawalWindow(order, now).open) return refuse.conflict("returns:errors.withdrawalClosed");
    const returned = await unitsReturned(tx, order.id);
    const lines: NewLine[] = order.lines
      .map((l) => ({
        orderLineId: l.id,
        quantity: l.quantity - (returned.get(l.id) ?? 0),
        reason: "withdrawal" as const,
      }))
      .filter((l) => l.quantity > 0);
    if (lines.length === 0) return refuse.conflict("returns:errors.nothingLeft");
    const whole = returned.size === 0;
    const confirmedAt = now.toISOString();
    const number = await insertReturn(
      tx,
      order,
      {
        kind: "withdrawal",
        method: "drop-off",
        feeCents: 0,
        shippingRefundCents: whole ? order.shippingCents : 0,
        refundToWallet: false,
        statement: {
          name: order.customerName,
          email: order.email,
          orderNumber: order.number,
          orderedOn: order.createdAt.toISOString(),
          confirmedAt,
        },
        expiresAt: null,
        idempotencyKey: input.idempotencyKey,
        requester,
      },
      lines,
    );
    await queueReturnEmail(tx, number, "withdrawalReceipt");
    return { number, confirmedAt };
  });
}
