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
import { addCheckoutGiftCard, placeOrder } from "../checkout/checkout.server";
import { issueGiftCard } from "../gift-cards/gift-cards.server";
import { giftCards } from "../gift-cards/tables.server";
import { productFit } from "../highlights/highlights.server";
import { outboxMessages } from "../notifications/tables.server";
import { orderByNumber, orderForReturn, transitionOrder } from "../orders/orders.server";
import { decideSandboxCheckout, paymentById, syncPayment } from "../payments/payments.server";
import { paymentRefunds } from "../payments/tables.server";
import { isReturnLabelKey, returnLabelKey, returnLabelPdf } from "./label.server";
import {
  cancelOverdueReturns,
  inspectReturnLine,
  openReturnCount,
  receiveReturn,
  refundReturn,
  requestReturn,
  returnByNumber,
  withdrawalDraft,
  withdrawFromOrder,
} from "./returns.server";

let connection: Connection;
const variants: { id: number; productId: number }[] = [];
const staffId = randomUUID();

beforeAll(async () => {
  connection = await seededDatabase({ products: 6, seed: 7, now: new Date("2026-06-01T10:00:00Z") });
  const rows = await connection.db
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .orderBy(productVariants.productId, productVariants.id);
  const first = rows[0]!;
  const other = rows.find((r) => r.productId !== first.productId)!;
  variants.push(first, other, rows.find((r) => r.productId === first.productId && r.id !== first.id)!);
  await connection.db
    .update(products)
    .set({ isActive: true, appOnly: false, onlineFrom: null, priceCents: 3_000, originalPriceCents: null });
  await connection.db.update(productVariants).set({ stock: 50 });
}, 180_000);
afterAll(() => connection.close());

/** A guest's paid and shipped order of `quantities` units of the first and second product. */
async function shippedOrder(
  email: string,
  options: {
    country?: "NL" | "FR";
    quantities?: [number, number];
    ship?: boolean;
    /** A gift card that pays part of the order; the provider is paid the rest. */
    giftCard?: { number: string; pin: string };
  } = {},
): Promise<string> {
  const { country = "NL", quantities = [2, 1], ship = true } = options;
  const cart = { token: newGuestToken() };
  for (const [index, quantity] of quantities.entries())
    if (quantity > 0)
      expect(isRefusal(await addToCart(cart, { variantId: variants[index]!.id, quantity }, "web"))).toBe(
        false,
      );
  const address =
    country === "NL"
      ? { street: "Dam", houseNumber: "1", postalCode: "1012 JS", city: "Amsterdam", country }
      : { street: "Rue de Rivoli", houseNumber: "10", postalCode: "75001", city: "Paris", country };
  if (options.giftCard) accepted(await addCheckoutGiftCard(cart, options.giftCard, { ip: "198.51.100.9" }));
  const placed = accepted(
    await placeOrder({
      idempotencyKey: randomUUID(),
      cart,
      locale: "nl",
      channel: "web",
      customer: null,
      email,
      country,
      delivery:
        country === "NL" ? { methodId: "nl-point", servicePointId: "nl-001" } : { methodId: "fr-home" },
      address: { firstName: "Anna", lastName: "de Boer", ...address },
      paymentMethod: "card",
    }),
  );
  const payment = (await paymentById((await orderByNumber(placed.number))!.paymentId!))!;
  await decideSandboxCheckout(payment.providerId!, "paid");
  await syncPayment(payment.id);
  if (ship)
    accepted(
      await transitionOrder({
        number: placed.number,
        to: "complete",
        actor: "staff",
        trackAndTrace: "3SABC123",
      }),
    );
  return placed.number;
}

async function lineIds(number: string) {
  return (await orderForReturn(number))!.lines.map((l) => l.id);
}

const guest = (email: string) => ({ kind: "guest", email }) as const;

function ask(number: string, lines: { orderLineId: number; quantity: number }[], over: object = {}) {
  return {
    number,
    method: "drop-off" as const,
    refundToWallet: false,
    idempotencyKey: randomUUID(),
    lines: lines.map((l) => ({ ...l, reason: "too-small" as const })),
    ...over,
  };
}

async function mails(email: string) {
  return connection.db
    .select({ template: outboxMessages.template, text: outboxMessages.text, html: outboxMessages.html })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email));
}

async function refundsOf(number: string) {
  const payment = (await paymentById((await orderByNumber(number))!.paymentId!))!;
  const rows = await connection.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.paymentId, payment.id));
  return { payment: (await paymentById(payment.id))!, rows };
}

const stockOf = async (id: number) =>
  (await connection.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!.stock;

describe("asking for a return", () => {
  it("returns one of two items by QR drop-off: requested, with the QR code e-mail", async () => {
    const number = await shippedOrder("qr@example.nl");
    const [first] = await lineIds(number);
    const made = accepted(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 1 }]), guest("QR@example.nl")),
    );
    expect(made.number).toMatch(/^R\d{9}$/);
    const ret = (await returnByNumber(made.number))!;
    expect(ret).toMatchObject({ status: "requested", kind: "return", method: "drop-off", feeCents: 0 });
    expect(ret.lines).toEqual([
      expect.objectContaining({ quantity: 1, reason: "too-small", outcome: "pending" }),
    ]);
    const mail = (await mails("qr@example.nl")).find((m) => m.template === "returnRequested");
    expect(mail?.html).toContain("data:image/png;base64,");
    expect(mail?.text).toContain(made.number);
    expect(await openReturnCount()).toBeGreaterThan(0);
  });

  it("counts 'too small' and 'too big' towards the product's fit, once per line, nothing for a refusal", async () => {
    const number = await shippedOrder("fit@example.nl");
    const [first, second] = await lineIds(number);
    const before = [await productFit(variants[0]!.productId), await productFit(variants[1]!.productId)];
    const request = ask(number, [{ orderLineId: first!, quantity: 2 }]);
    accepted(await requestReturn(request, guest("fit@example.nl")));
    accepted(await requestReturn(request, guest("fit@example.nl")));
    const big = {
      ...ask(number, []),
      lines: [{ orderLineId: second!, quantity: 2, reason: "too-big" as const }],
    };
    expect(isRefusal(await requestReturn(big, guest("fit@example.nl")))).toBe(true);
    accepted(
      await requestReturn({ ...big, lines: [{ ...big.lines[0]!, quantity: 1 }] }, guest("fit@example.nl")),
    );
    expect(await productFit(variants[0]!.productId)).toEqual({ ...before[0], small: before[0]!.small + 1 });
    expect(await productFit(variants[1]!.productId)).toEqual({ ...before[1], large: before[1]!.large + 1 });
  });

  it("refuses someone else's order, more units than bought, nothing chosen, and outside the window; nothing is written", async () => {
    const number = await shippedOrder("rules@example.nl");
    const [first] = await lineIds(number);
    expect(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 1 }]), guest("other@example.nl")),
    ).toMatchObject({
      kind: "not-found",
      messageKey: "returns:errors.orderNotFound",
    });
    expect(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 3 }]), guest("rules@example.nl")),
    ).toMatchObject({
      kind: "conflict",
      messageKey: "returns:errors.tooMany",
      values: { left: 2 },
      field: "lines[0].quantity",
    });
    expect(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 0 }]), guest("rules@example.nl")),
    ).toMatchObject({
      messageKey: "returns:errors.nothingChosen",
    });
    const late = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    expect(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 1 }]), guest("rules@example.nl"), {
        now: late,
      }),
    ).toMatchObject({ kind: "conflict", messageKey: "returns:errors.windowClosed" });
    expect((await mails("rules@example.nl")).filter((m) => m.template === "returnRequested")).toEqual([]);
  });

  it("refuses an order that has not shipped", async () => {
    const number = await shippedOrder("unshipped@example.nl", { ship: false });
    const [first] = await lineIds(number);
    expect(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 1 }]), guest("unshipped@example.nl")),
    ).toMatchObject({
      messageKey: "returns:errors.notShipped",
    });
  });

  it("keeps what is left to return: a second return of the same units is refused, the same key answers the same return", async () => {
    const number = await shippedOrder("twice@example.nl");
    const [first] = await lineIds(number);
    const input = ask(number, [{ orderLineId: first!, quantity: 2 }]);
    const a = accepted(await requestReturn(input, guest("twice@example.nl")));
    expect(accepted(await requestReturn(input, guest("twice@example.nl"))).number).toBe(a.number);
    expect(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 1 }]), guest("twice@example.nl")),
    ).toMatchObject({
      messageKey: "returns:errors.tooMany",
      values: { left: 0 },
    });
  });

  it("charges the country's return fee in France", async () => {
    const number = await shippedOrder("fee@example.fr", { country: "FR" });
    const [first] = await lineIds(number);
    const made = accepted(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 1 }]), guest("fee@example.fr")),
    );
    expect((await returnByNumber(made.number))!.feeCents).toBe(495);
  });

  it("holds the new size of an exchange at once", async () => {
    const number = await shippedOrder("swap@example.nl");
    const [first] = await lineIds(number);
    const before = await stockOf(variants[2]!.id);
    accepted(
      await requestReturn(
        {
          ...ask(number, [{ orderLineId: first!, quantity: 1 }]),
          method: "exchange",
          lines: [
            { orderLineId: first!, quantity: 1, reason: "too-small", exchangeVariantId: variants[2]!.id },
          ],
        },
        guest("swap@example.nl"),
      ),
    );
    expect(await stockOf(variants[2]!.id)).toBe(before - 1);
  });

  it("ships the held size when the return is received, and releases it when the return never comes", async () => {
    const exchange = (number: string, orderLineId: number) => ({
      ...ask(number, []),
      method: "exchange" as const,
      lines: [{ orderLineId, quantity: 1, reason: "too-small" as const, exchangeVariantId: variants[2]!.id }],
    });
    const number = await shippedOrder("swap2@example.nl");
    const [first] = await lineIds(number);
    const start = await stockOf(variants[2]!.id);
    const kept = accepted(await requestReturn(exchange(number, first!), guest("swap2@example.nl")));
    const lost = accepted(await requestReturn(exchange(number, first!), guest("swap2@example.nl")));
    expect(await stockOf(variants[2]!.id)).toBe(start - 2);
    expect((await returnByNumber(kept.number))!.lines[0]!.exchange).toMatchObject({ state: "held" });

    const received = accepted(await receiveReturn(kept.number, staffId));
    expect(received.lines[0]!.exchange).toMatchObject({ state: "shipped" });
    expect(received.timeline.at(-1)).toMatchObject({ to: "received", note: "exchange:shipped" });

    expect((await returnByNumber(lost.number))!.status).toBe("requested");
    expect(await cancelOverdueReturns(new Date("2026-06-02T00:00:00Z"))).toEqual({
      canceled: 0,
      released: 0,
    });
    const later = new Date(Date.now() + 40 * 24 * 3600 * 1000);
    // Every held size of this file's exchanges is of variants[2]: what comes back is what was released.
    const held = await stockOf(variants[2]!.id);
    const overdue = await cancelOverdueReturns(later);
    expect(overdue.released).toBeGreaterThanOrEqual(1);
    expect(await stockOf(variants[2]!.id)).toBe(held + overdue.released);
    expect(await cancelOverdueReturns(later)).toEqual({ canceled: 0, released: 0 });
    const canceled = (await returnByNumber(lost.number))!;
    expect(canceled.status).toBe("canceled");
    expect(canceled.lines[0]!.exchange).toMatchObject({ state: "released" });
    expect((await returnByNumber(kept.number))!.status).toBe("received");
  });
});

describe("staff receive, inspect and refund", () => {
  it("receives once (a second scan restocks nothing), refunds what was paid for the line, once", async () => {
    const number = await shippedOrder("refund@example.nl");
    const [first] = await lineIds(number);
    const made = accepted(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 1 }]), guest("refund@example.nl")),
    );
    const stock = await stockOf(variants[0]!.id);
    expect(accepted(await receiveReturn(made.number, staffId)).status).toBe("received");
    expect(accepted(await receiveReturn(made.number, staffId)).status).toBe("received");
    expect(await stockOf(variants[0]!.id)).toBe(stock + 1);
    expect(await refundReturn(made.number, staffId)).toMatchObject({
      messageKey: "returns:errors.notInspected",
    });
    const ret = (await returnByNumber(made.number))!;
    accepted(await inspectReturnLine(made.number, { lineId: ret.lines[0]!.id, outcome: "accepted" }));
    const done = accepted(await refundReturn(made.number, staffId));
    expect(done.ret).toMatchObject({ status: "refunded", refundedCents: 3_000 });
    expect(done.providerRefund).toMatchObject({ status: "refunded", amountCents: 3_000 });
    accepted(await refundReturn(made.number, staffId));
    const { rows } = await refundsOf(number);
    expect(rows).toHaveLength(1);
    expect((await mails("refund@example.nl")).map((m) => m.template)).toEqual(
      expect.arrayContaining(["returnRequested", "returnReceived", "returnRefunded"]),
    );
  });

  it("refunds the way the order was paid: the provider's share first, then the gift card", async () => {
    const card = await issueGiftCard({
      amountCents: 80_00,
      source: "goodwill",
      idempotencyKey: randomUUID(),
    });
    const number = await shippedOrder("card-paid@example.nl", {
      giftCard: { number: card.number!, pin: card.pin! },
    });
    const { payment } = await refundsOf(number);
    // The card paid €80 of the €90 and the delivery; the provider the rest, less than the €30 line.
    expect(payment.amountCents).toBeLessThan(30_00);
    const [first] = await lineIds(number);
    const made = accepted(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 1 }]), guest("card-paid@example.nl")),
    );
    accepted(await receiveReturn(made.number, staffId));
    const ret = (await returnByNumber(made.number))!;
    accepted(await inspectReturnLine(made.number, { lineId: ret.lines[0]!.id, outcome: "accepted" }));
    const done = accepted(await refundReturn(made.number, staffId));
    expect(done.ret).toMatchObject({ status: "refunded", refundedCents: 30_00 });
    expect(done.providerRefund).toMatchObject({ amountCents: payment.amountCents });
    const [after] = await connection.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(after!.balanceCents).toBe(30_00 - payment.amountCents);
    // Refunded again: nothing moves twice.
    accepted(await refundReturn(made.number, staffId));
    const [again] = await connection.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(again!.balanceCents).toBe(after!.balanceCents);
  });

  it("refunds only accepted lines (partly refunded) and rejects with a reason", async () => {
    const number = await shippedOrder("partial@example.nl");
    const [first, second] = await lineIds(number);
    const made = accepted(
      await requestReturn(
        ask(number, [
          { orderLineId: first!, quantity: 1 },
          { orderLineId: second!, quantity: 1 },
        ]),
        guest("partial@example.nl"),
      ),
    );
    accepted(await receiveReturn(made.number, staffId));
    const ret = (await returnByNumber(made.number))!;
    expect(
      await inspectReturnLine(made.number, { lineId: ret.lines[1]!.id, outcome: "rejected" }),
    ).toMatchObject({
      messageKey: "returns:errors.rejectReasonRequired",
    });
    accepted(await inspectReturnLine(made.number, { lineId: ret.lines[0]!.id, outcome: "accepted" }));
    accepted(
      await inspectReturnLine(made.number, {
        lineId: ret.lines[1]!.id,
        outcome: "rejected",
        rejectReason: "Worn",
      }),
    );
    const done = accepted(await refundReturn(made.number, staffId));
    expect(done.ret).toMatchObject({ status: "partially_refunded", refundedCents: 3_000 });
    const mail = (await mails("partial@example.nl")).find((m) => m.template === "returnRefunded");
    // Dutch: the order was placed in nl.
    expect(mail?.text).toContain("Worn");
    expect(mail?.text).toMatch(/30,00/);
  });

  it("rejects a return when no line is accepted: nothing refunded, the rejection e-mailed with its reasons", async () => {
    const number = await shippedOrder("rejected@example.nl", { quantities: [1, 0] });
    const [first] = await lineIds(number);
    const made = accepted(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 1 }]), guest("rejected@example.nl")),
    );
    accepted(await receiveReturn(made.number, staffId));
    const ret = (await returnByNumber(made.number))!;
    accepted(
      await inspectReturnLine(made.number, {
        lineId: ret.lines[0]!.id,
        outcome: "rejected",
        rejectReason: "Label removed",
      }),
    );
    const done = accepted(await refundReturn(made.number, staffId));
    expect(done.ret).toMatchObject({ status: "rejected", refundedCents: 0 });
    expect((await refundsOf(number)).rows).toHaveLength(0);
    const templates = (await mails("rejected@example.nl")).map((m) => m.template);
    expect(templates).toContain("returnRejected");
    expect(templates).not.toContain("returnRefunded");
    const mail = (await mails("rejected@example.nl")).find((m) => m.template === "returnRejected");
    expect(mail?.text).toContain("Label removed");
  });

  it("draws the printable label: a one-page PDF with the return number, behind a key", async () => {
    const number = await shippedOrder("label@example.nl");
    const [first] = await lineIds(number);
    const made = accepted(
      await requestReturn(
        ask(number, [{ orderLineId: first!, quantity: 1 }], { method: "label" }),
        guest("label@example.nl"),
      ),
    );
    const pdf = await returnLabelPdf((await returnByNumber(made.number))!);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    expect(isReturnLabelKey(made.number, returnLabelKey(made.number))).toBe(true);
    expect(isReturnLabelKey(made.number, returnLabelKey("R000000001"))).toBe(false);
    const mail = (await mails("label@example.nl")).find((m) => m.template === "returnRequested");
    expect(mail?.html).toContain(`/api/v1/returns/${made.number}/label?locale=nl&amp;key=`);
  });

  it("closes the order once every unit came back refunded", async () => {
    const number = await shippedOrder("close@example.nl", { quantities: [1, 0] });
    const [first] = await lineIds(number);
    const made = accepted(
      await requestReturn(ask(number, [{ orderLineId: first!, quantity: 1 }]), guest("close@example.nl")),
    );
    accepted(await receiveReturn(made.number, staffId));
    const ret = (await returnByNumber(made.number))!;
    accepted(await inspectReturnLine(made.number, { lineId: ret.lines[0]!.id, outcome: "accepted" }));
    accepted(await refundReturn(made.number, staffId));
    expect((await orderByNumber(number))!.status).toBe("closed");
  });
});

describe("the withdrawal function", () => {
  it("prefills the statement, confirms in a second step and sends the receipt with date and time", async () => {
    const number = await shippedOrder("withdraw@example.nl", { quantities: [1, 0] });
    const draft = accepted(await withdrawalDraft(number, guest("withdraw@example.nl")));
    expect(draft.statement).toMatchObject({
      name: "Anna de Boer",
      email: "withdraw@example.nl",
      orderNumber: number,
    });
    expect((await mails("withdraw@example.nl")).filter((m) => m.template === "withdrawalReceipt")).toEqual(
      [],
    );
    const key = randomUUID();
    const done = accepted(
      await withdrawFromOrder({ number, idempotencyKey: key }, guest("withdraw@example.nl")),
    );
    expect(
      accepted(await withdrawFromOrder({ number, idempotencyKey: key }, guest("withdraw@example.nl"))).number,
    ).toBe(done.number);
    const ret = (await returnByNumber(done.number))!;
    const order = (await orderByNumber(number))!;
    expect(ret).toMatchObject({
      kind: "withdrawal",
      feeCents: 0,
      shippingRefundCents: order.totals.shippingCents,
    });
    expect(ret.shippingRefundCents).toBeGreaterThan(0);
    const receipts = (await mails("withdraw@example.nl")).filter((m) => m.template === "withdrawalReceipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(number);
    expect(receipts[0]!.text).toMatch(/\d{1,2}:\d{2}/);
    expect(
      await withdrawFromOrder({ number, idempotencyKey: randomUUID() }, guest("withdraw@example.nl")),
    ).toMatchObject({
      messageKey: "returns:errors.nothingLeft",
    });
  });

  it("refunds the delivery cost with the whole order", async () => {
    const number = await shippedOrder("withdraw-refund@example.nl", { quantities: [1, 0] });
    const done = accepted(
      await withdrawFromOrder({ number, idempotencyKey: randomUUID() }, guest("withdraw-refund@example.nl")),
    );
    accepted(await receiveReturn(done.number, staffId));
    const ret = (await returnByNumber(done.number))!;
    accepted(await inspectReturnLine(done.number, { lineId: ret.lines[0]!.id, outcome: "accepted" }));
    const refunded = accepted(await refundReturn(done.number, staffId));
    const order = (await orderByNumber(number))!;
    expect(refunded.ret.refundedCents).toBe(order.totals.totalCents);
  });

  it("is closed 14 days after delivery", async () => {
    const number = await shippedOrder("withdraw-late@example.nl", { quantities: [1, 0] });
    const late = new Date(Date.now() + 20 * 24 * 3600 * 1000);
    expect(await withdrawalDraft(number, guest("withdraw-late@example.nl"), { now: late })).toMatchObject({
      messageKey: "returns:errors.withdrawalClosed",
    });
  });
});
