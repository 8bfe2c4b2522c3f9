// Parallel commands on one order (run on PostgreSQL in CI, where they really overlap): a unit is never
// returned twice, a parcel scanned twice restocks once, two staff refunding at once refund once.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededDatabase } from "../../../tests/support/database";
import { accepted } from "../../../tests/support/refusal";
import type { Connection } from "../../platform/db/db.server";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { isRefusal } from "../../platform/refusal";
import { addToCart } from "../cart/cart.server";
import { products, productVariants } from "../catalog/tables.server";
import { placeOrder } from "../checkout/checkout.server";
import { orderByNumber, orderForReturn, transitionOrder } from "../orders/orders.server";
import { decideSandboxCheckout, paymentById, syncPayment } from "../payments/payments.server";
import { paymentRefunds } from "../payments/tables.server";
import {
  inspectReturnLine,
  receiveReturn,
  refundReturn,
  requestReturn,
  returnByNumber,
  withdrawFromOrder,
} from "./returns.server";

let connection: Connection;
let variantId: number;
const staff = [randomUUID(), randomUUID()];

beforeAll(async () => {
  connection = await seededDatabase({ products: 4, seed: 3, now: new Date("2026-06-01T10:00:00Z") });
  const [row] = await connection.db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .limit(1);
  variantId = row!.id;
  await connection.db
    .update(products)
    .set({ isActive: true, appOnly: false, onlineFrom: null })
    .where(eq(products.id, row!.productId));
  await connection.db.update(productVariants).set({ stock: 100 }).where(eq(productVariants.id, variantId));
}, 180_000);
afterAll(() => connection.close());

async function shipped(email: string, quantity: number) {
  const cart = { token: newGuestToken() };
  expect(isRefusal(await addToCart(cart, { variantId, quantity }, "web"))).toBe(false);
  const placed = accepted(
    await placeOrder({
      idempotencyKey: randomUUID(),
      cart,
      locale: "en",
      channel: "web",
      customer: null,
      email,
      country: "NL",
      delivery: { methodId: "nl-point", servicePointId: "nl-001" },
      address: {
        firstName: "Sam",
        lastName: "Jansen",
        street: "Dam",
        houseNumber: "1",
        postalCode: "1012 JS",
        city: "Amsterdam",
        country: "NL",
      },
      paymentMethod: "card",
    }),
  );
  const payment = (await paymentById((await orderByNumber(placed.number))!.paymentId!))!;
  await decideSandboxCheckout(payment.providerId!, "paid");
  await syncPayment(payment.id);
  accepted(
    await transitionOrder({ number: placed.number, to: "complete", actor: "staff", trackAndTrace: "3SPAR" }),
  );
  const lineId = (await orderForReturn(placed.number))!.lines[0]!.id;
  return { number: placed.number, lineId };
}

const stock = async () =>
  (await connection.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;

describe("returns at the same time", () => {
  it("never returns the same unit twice: of parallel requests (and a withdrawal) for the last units one wins", async () => {
    const { number, lineId } = await shipped("race@example.nl", 2);
    const guest = { kind: "guest", email: "race@example.nl" } as const;
    const one = () =>
      requestReturn(
        {
          number,
          method: "drop-off",
          refundToWallet: false,
          idempotencyKey: randomUUID(),
          lines: [{ orderLineId: lineId, quantity: 2, reason: "too-big" }],
        },
        guest,
      );
    const results = await Promise.all([
      one(),
      one(),
      one(),
      withdrawFromOrder({ number, idempotencyKey: randomUUID() }, guest),
    ]);
    expect(results.filter((r) => !isRefusal(r))).toHaveLength(1);
    expect(results.filter(isRefusal).map((r) => r.kind)).toEqual(["conflict", "conflict", "conflict"]);
  });

  it("restocks once when a parcel is scanned twice at once, and refunds once when two staff refund at once", async () => {
    const { number, lineId } = await shipped("scan@example.nl", 1);
    const made = accepted(
      await requestReturn(
        {
          number,
          method: "drop-off",
          refundToWallet: false,
          idempotencyKey: randomUUID(),
          lines: [{ orderLineId: lineId, quantity: 1, reason: "quality" }],
        },
        { kind: "guest", email: "scan@example.nl" },
      ),
    );
    const before = await stock();
    const scans = await Promise.all([
      receiveReturn(made.number, staff[0]!),
      receiveReturn(made.number, staff[1]!),
    ]);
    expect(scans.map((s) => accepted(s).status)).toEqual(["received", "received"]);
    expect(await stock()).toBe(before + 1);
    const ret = (await returnByNumber(made.number))!;
    accepted(await inspectReturnLine(made.number, { lineId: ret.lines[0]!.id, outcome: "accepted" }));
    const refunds = await Promise.all([
      refundReturn(made.number, staff[0]!),
      refundReturn(made.number, staff[1]!),
    ]);
    for (const r of refunds) expect(accepted(r).ret.status).toBe("refunded");
    const order = (await orderByNumber(number))!;
    const rows = await connection.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, order.paymentId!));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountCents).toBe(order.lines[0]!.totalCents);
    expect((await paymentById(order.paymentId!))!.refundedCents).toBe(order.lines[0]!.totalCents);
  });
});
