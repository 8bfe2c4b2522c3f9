import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderingDatabase } from "../../../tests/support/ordering";
import { isRefusal } from "../../platform/refusal";
import { addGiftCardToCart, addToCart, checkoutCart } from "../cart/cart.server";
import { createAccount } from "../customers/customers.server";
import { dispatchDueGiftCards, issueGiftCard, recogniseGiftCard } from "../gift-cards/gift-cards.server";
import { giftCardHolds, giftCardPurchases, giftCards } from "../gift-cards/tables.server";
import { outboxMessages } from "../notifications/tables.server";
import { expireUnpaidOrders, orderByNumber } from "../orders/orders.server";
import { orders } from "../orders/tables.server";
import { cancelOrder, refundOrder, type StaffActor } from "../staff/staff.server";
import { bookWalletEntry, walletBalance } from "../wallet/wallet.server";
import { addCheckoutGiftCard, placeOrder, quoteCheckout } from "./checkout.server";

// Gift cards sold in the bag and spent at checkout (docs/decisions/0039), end to end in the domains.
const { state, cartWith, order, settle } = orderingDatabase();
const meta = { ip: "198.51.100.7" };
let customer: { userId: string; email: string };
let support: StaffActor;

beforeAll(async () => {
  const made = await createAccount({
    email: "giver@example.nl",
    password: "a-good-password",
    firstName: "Gea",
    lastName: "Giver",
    locale: "nl",
  });
  customer = { userId: made.id, email: "giver@example.nl" };
  const staff = await createAccount({
    email: "desk@shop.test",
    password: "support-password",
    firstName: "Des",
    lastName: "Desk",
    locale: "en",
    role: "support",
  });
  support = { id: staff.id, email: "desk@shop.test", role: "support" };
});

const egift = (over: Partial<Parameters<typeof addGiftCardToCart>[1]> = {}) => ({
  kind: "egift" as const,
  amountCents: 50_00,
  toName: "Rosa",
  fromName: "Gea",
  message: "Veel plezier!",
  recipientEmail: "rosa@example.nl",
  dispatchDate: "2026-01-01",
  ...over,
});

async function newCard(cents: number) {
  const card = await issueGiftCard({
    amountCents: cents,
    source: "goodwill",
    idempotencyKey: crypto.randomUUID(),
  });
  return { id: card.id, number: card.number!, pin: card.pin! };
}

const cardRow = async (id: number) =>
  (await state.connection.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!;

describe("gift cards in the bag", () => {
  it("never discounts them, charges no VAT on them, leaves them out of free shipping, and ships e-gift cards for free", async () => {
    const cart = await cartWith([]);
    expect(isRefusal(await addGiftCardToCart(cart, egift({ amountCents: 100_00 })))).toBe(false);
    const quote = await quoteCheckout({ ...order(cart), delivery: { methodId: "nl-home" } });
    expect(quote.giftCardLines).toHaveLength(1);
    expect(quote.totals).toMatchObject({
      subtotalCents: 100_00,
      shippingCents: 0,
      totalCents: 100_00,
      vat: { exemptCents: 100_00, vatCents: 0 },
    });
    // With goods, the card does not bring the bag over the free-shipping threshold.
    await addToCart(cart, { variantId: state.size.id, quantity: 1 }, "web");
    const withGoods = await quoteCheckout({ ...order(cart), delivery: { methodId: "nl-home" } });
    expect(withGoods.totals.shippingCents).toBeGreaterThan(0);
    expect(withGoods.totals.toFreeShippingCents).toBeGreaterThan(0);
  });

  it("issues the card when the order is paid, sends the buyer a receipt, and e-mails the card once on its date with two runners", async () => {
    const cart = await cartWith([]);
    await addGiftCardToCart(cart, egift({ dispatchDate: "2099-06-01" }));
    const placed = await placeOrder(order(cart));
    if (isRefusal(placed)) throw new Error(placed.messageKey);
    const [ordered] = await state.connection.db
      .select()
      .from(giftCardPurchases)
      .where(eq(giftCardPurchases.orderReference, placed.number));
    expect(ordered).toMatchObject({ status: "ordered", cardId: null });
    await settle(placed.number, "paid");
    const [issued] = await state.connection.db
      .select()
      .from(giftCardPurchases)
      .where(eq(giftCardPurchases.orderReference, placed.number));
    expect(issued).toMatchObject({ status: "issued" });
    expect(issued!.sealed).not.toBeNull();
    expect((await cardRow(issued!.cardId!)).balanceCents).toBe(50_00);
    const mails = await state.connection.db.select().from(outboxMessages);
    expect(mails.map((m) => m.template).sort()).toEqual(["giftCardReceipt", "orderConfirmation"]);
    expect((await checkoutCart(cart, "nl", "web"))?.giftCards).toEqual([]);

    // Not before its date (Europe/Amsterdam); on it, two runners send it once.
    expect(await dispatchDueGiftCards({ now: new Date("2099-05-31T21:59:00Z") })).toBe(0);
    const day = new Date("2099-05-31T22:30:00Z"); // 00:30 on 1 June in Amsterdam
    const runs = await Promise.all([dispatchDueGiftCards({ now: day }), dispatchDueGiftCards({ now: day })]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await dispatchDueGiftCards({ now: day })).toBe(0);
    const sent = await state.connection.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "giftCard"));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ recipient: "rosa@example.nl", locale: "nl" });
    const { number, pin } = sent[0]!.payload as { number: string; pin: string };
    expect(sent[0]!.text).toContain(pin);
    const recognised = await recogniseGiftCard({ number, pin });
    expect(recognised).toMatchObject({ availableCents: 50_00, last4: number.slice(-4) });
    const [done] = await state.connection.db
      .select()
      .from(giftCardPurchases)
      .where(eq(giftCardPurchases.orderReference, placed.number));
    expect(done).toMatchObject({ status: "sent", sealed: null });
  });

  it("never issues the cards of an order that is not paid", async () => {
    const cart = await cartWith([]);
    await addGiftCardToCart(cart, egift());
    const placed = await placeOrder(order(cart));
    if (isRefusal(placed)) throw new Error(placed.messageKey);
    await settle(placed.number, "failed");
    const [row] = await state.connection.db
      .select()
      .from(giftCardPurchases)
      .where(eq(giftCardPurchases.orderReference, placed.number));
    expect(row).toMatchObject({ status: "canceled", cardId: null });
    expect(await dispatchDueGiftCards()).toBe(0);
  });
});

describe("paying with gift cards and wallet credit", () => {
  it("holds a card at place-order, spends it when paid, and the provider collects the rest", async () => {
    const card = await newCard(20_00);
    const cart = await cartWith([{ variantId: state.size.id, quantity: 2 }]);
    const added = await addCheckoutGiftCard(cart, card, meta);
    expect(added).toMatchObject({ cardId: card.id, availableCents: 20_00 });
    const placed = await placeOrder(order(cart));
    if (isRefusal(placed)) throw new Error(placed.messageKey);
    const row = (await orderByNumber(placed.number))!;
    expect(row.totals.giftCardCents).toBe(20_00);
    expect(row.totals.amountDueCents).toBe(row.totals.totalCents - 20_00);
    expect(await cardRow(card.id)).toMatchObject({ balanceCents: 20_00, heldCents: 20_00 });
    await settle(placed.number, "paid");
    expect(await cardRow(card.id)).toMatchObject({ balanceCents: 0, heldCents: 0 });
  });

  it("releases the hold when the payment fails or the order expires", async () => {
    const card = await newCard(20_00);
    for (const end of ["failed", "expiry"] as const) {
      const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
      await addCheckoutGiftCard(cart, card, meta);
      const placed = await placeOrder(order(cart));
      if (isRefusal(placed)) throw new Error(placed.messageKey);
      expect((await cardRow(card.id)).heldCents).toBe(20_00);
      if (end === "failed") await settle(placed.number, "failed");
      else await expireUnpaidOrders({ now: new Date(Date.now() + 31 * 60_000) });
      expect(await cardRow(card.id)).toMatchObject({ balanceCents: 20_00, heldCents: 0 });
      const [hold] = await state.connection.db
        .select()
        .from(giftCardHolds)
        .where(and(eq(giftCardHolds.cardId, card.id), eq(giftCardHolds.orderReference, placed.number)));
      expect(hold?.state).toBe("released");
    }
  });

  it("refuses a gift card with Klarna with the spec's message, holding nothing", async () => {
    const card = await newCard(10_00);
    const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
    await addCheckoutGiftCard(cart, card, meta);
    expect(await placeOrder(order(cart, { paymentMethod: "klarna" }))).toMatchObject({
      messageKey: "payments:errors.giftCardWithKlarna",
      field: "paymentMethod",
    });
    expect(await state.connection.db.select().from(orders)).toHaveLength(0);
    expect((await cardRow(card.id)).heldCents).toBe(0);
  });

  it("pays an order with a card and wallet credit in full: no payment page, paid at once; a cancel gives both back", async () => {
    await bookWalletEntry({
      userId: customer.userId,
      amountCents: 50_00,
      kind: "goodwill",
      idempotencyKey: "test-goodwill",
    });
    const card = await newCard(10_00);
    const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }], { userId: customer.userId });
    await addCheckoutGiftCard(cart, card, meta);
    const placed = await placeOrder(order(cart, { customer, useWallet: true, paymentMethod: null }));
    if (isRefusal(placed)) throw new Error(placed.messageKey);
    expect(placed.checkoutUrl).toContain(`order=${placed.number}`);
    const row = (await orderByNumber(placed.number))!;
    expect(row).toMatchObject({ status: "processing", paymentId: null, paymentMethod: "gift-card" });
    expect(row.totals.giftCardCents + row.totals.walletCents).toBe(row.totals.totalCents);
    expect(row.totals.amountDueCents).toBe(0);
    expect((await cardRow(card.id)).balanceCents).toBe(0);
    const walletAfter = await walletBalance(customer.userId);
    expect(walletAfter).toBe(50_00 - row.totals.walletCents);

    const canceled = await cancelOrder(support, placed.number, {
      reason: "Customer asked",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(isRefusal(canceled)).toBe(false);
    expect((await cardRow(card.id)).balanceCents).toBe(10_00);
    expect(await walletBalance(customer.userId)).toBe(50_00);
  });

  it("refunds the provider's share first, then the card: never more than each paid", async () => {
    const card = await newCard(15_00);
    const cart = await cartWith([{ variantId: state.size.id, quantity: 1 }]);
    await addCheckoutGiftCard(cart, card, meta);
    const placed = await placeOrder(order(cart));
    if (isRefusal(placed)) throw new Error(placed.messageKey);
    await settle(placed.number, "paid");
    const row = (await orderByNumber(placed.number))!;
    const psp = row.totals.amountDueCents;
    const key = crypto.randomUUID();
    const refund = await refundOrder(support, placed.number, {
      amountCents: psp + 5_00,
      reason: "Damaged",
      idempotencyKey: key,
    });
    expect(refund).toMatchObject({ amountCents: psp + 5_00, giftCards: [{ amountCents: 5_00 }] });
    expect((await cardRow(card.id)).balanceCents).toBe(5_00);
    // The same key again: nothing moves twice.
    await refundOrder(support, placed.number, {
      amountCents: psp + 5_00,
      reason: "Damaged",
      idempotencyKey: key,
    });
    expect((await cardRow(card.id)).balanceCents).toBe(5_00);
    expect(
      await refundOrder(support, placed.number, {
        amountCents: 10_01,
        reason: "Too much",
        idempotencyKey: crypto.randomUUID(),
      }),
    ).toMatchObject({ field: "amount" });
    expect((await cardRow(card.id)).balanceCents).toBe(5_00);
  });
});
