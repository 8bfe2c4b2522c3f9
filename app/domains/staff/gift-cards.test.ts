import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { isRefusal, refuse } from "../../platform/refusal";
import { createAccount } from "../customers/customers.server";
import {
  findGiftCards,
  giftCardForStaff,
  giftCardsOfOrder,
  holdGiftCard,
  issueGiftCard,
  issueOrderGiftCards,
  recogniseGiftCard,
  recordGiftCardPurchases,
  settleGiftCardHolds,
} from "../gift-cards/gift-cards.server";
import { outboxMessages } from "../notifications/tables.server";
import { walletOf } from "../wallet/wallet.server";
import {
  auditTrail,
  creditWalletByStaff,
  issueGoodwillGiftCard,
  printGiftCardByStaff,
  resendGiftCardByStaff,
  type StaffActor,
  setGiftCardBlockedByStaff,
} from "./staff.server";

// The gift-card back office and goodwill wallet credit (docs/decisions/0039): search, detail with its
// ledger, block / unblock, goodwill cards, resend, wallet credit; every command audited.
let connection: Connection;
let support: StaffActor;
let customerId: string;
beforeAll(async () => {
  connection = await freshDatabase();
  const staff = await createAccount({
    email: "desk@giftcards.test",
    password: "support-password-1",
    firstName: "Des",
    lastName: "Desk",
    locale: "en",
    role: "support",
  });
  support = { id: staff.id, email: "desk@giftcards.test", role: "support" };
  customerId = (
    await createAccount({
      email: "klant@giftcards.test",
      password: "customer-password-1",
      firstName: "Kim",
      lastName: "Klant",
      locale: "nl",
    })
  ).id;
});
afterAll(() => connection.close());

/** A card sold in order `orderReference` to `recipientEmail`, paid (issued, not sent yet). */
async function soldCard(orderReference: string, recipientEmail: string | null) {
  await transaction(async (tx) => {
    await recordGiftCardPurchases(
      {
        orderReference,
        buyerEmail: "koper@giftcards.test",
        locale: "en",
        cards: [
          {
            // Without a recipient's address: a card by post, packed with the order.
            kind: recipientEmail ? "egift" : "physical",
            amountCents: 60_00,
            toName: "Rosa",
            fromName: "Gea",
            message: null,
            recipientEmail,
            dispatchDate: recipientEmail ? "2099-06-01" : null,
          },
        ],
      },
      { tx },
    );
    await issueOrderGiftCards({ orderReference, orderUrl: "https://shop.test/o" }, { tx });
  });
  const [purchase] = await giftCardsOfOrder(orderReference);
  const [row] = await findGiftCards(orderReference);
  return { purchaseId: purchase!.id, cardId: row!.id, last4: row!.last4 };
}

describe("finding gift cards", () => {
  it("by the last 4 digits, by an order that sold or spent it, and by the buyer's or recipient's e-mail", async () => {
    const sold = await soldCard("610000001", "rosa.search@example.nl");
    const other = await issueGiftCard({
      amountCents: 25_00,
      source: "goodwill",
      idempotencyKey: "find-other",
    });
    await holdGiftCard({ cardId: other.id, amountCents: 5_00, orderReference: "610000002" });

    const ids = async (q: string) => (await findGiftCards(q)).map((r) => r.id);
    expect(await ids(sold.last4)).toContain(sold.cardId);
    expect(await ids(other.last4)).toContain(other.id);
    expect(await ids(other.last4)).not.toContain(sold.last4 === other.last4 ? -1 : sold.cardId);
    expect(await ids("610000001")).toEqual([sold.cardId]);
    // Paid with it (a hold for the order), not sold in it.
    expect(await ids("610000002")).toEqual([other.id]);
    expect(await ids("ROSA.search@")).toEqual([sold.cardId]);
    expect(await ids("koper@giftcards")).toEqual([sold.cardId]);
    expect(await ids("nobody@example.nl")).toEqual([]);
    // A LIKE wildcard is a character, not "anything".
    expect(await ids("%")).toEqual([]);
    const [row] = await findGiftCards("610000001");
    expect(row).toMatchObject({ initialCents: 60_00, availableCents: 60_00, status: "active" });
    expect(JSON.stringify(row)).not.toMatch(/\d{19}/);
  });

  it("shows one card with its ledger (newest first) and the purchase that sold it", async () => {
    const sold = await soldCard("610000003", "ledger@example.nl");
    await holdGiftCard({ cardId: sold.cardId, amountCents: 15_00, orderReference: "610000004" });
    await settleGiftCardHolds({ orderReference: "610000004", outcome: "spent" });
    const card = await giftCardForStaff(sold.cardId);
    expect(card).toMatchObject({
      balanceCents: 45_00,
      heldCents: 0,
      availableCents: 45_00,
      purchase: { id: sold.purchaseId, recipientEmail: "ledger@example.nl", status: "issued" },
    });
    expect(card?.entries.map((e) => [e.kind, e.amountCents, e.reference])).toEqual([
      ["spend", 15_00, "610000004"],
      ["hold", 15_00, "610000004"],
      ["issue", 60_00, "610000003"],
    ]);
    expect(await giftCardForStaff(9_999_999)).toBeNull();
  });
});

describe("staff commands on a card", () => {
  it("block and unblock, each audited with the reason; a blocked card cannot be held for an order", async () => {
    const card = await issueGiftCard({ amountCents: 20_00, source: "goodwill", idempotencyKey: "block-1" });
    expect(
      await setGiftCardBlockedByStaff(support, card.id, { blocked: true, reason: "Reported stolen" }),
    ).toBe(true);
    expect((await giftCardForStaff(card.id))?.status).toBe("blocked");
    expect(await holdGiftCard({ cardId: card.id, amountCents: 1_00, orderReference: "620000001" })).toEqual(
      refuse.conflict("giftcard:errors.blocked"),
    );
    expect(await setGiftCardBlockedByStaff(support, card.id, { blocked: false })).toBe(true);
    expect(
      isRefusal(await holdGiftCard({ cardId: card.id, amountCents: 1_00, orderReference: "620000001" })),
    ).toBe(false);
    const trail = await auditTrail("gift-card", card.id);
    expect(trail.map((e) => [e.action, e.actorEmail, e.summary])).toEqual([
      ["gift-card.block", "desk@giftcards.test", "Blocked: Reported stolen"],
      ["gift-card.unblock", "desk@giftcards.test", "Unblocked"],
    ]);
    expect(
      isRefusal(await setGiftCardBlockedByStaff(support, 9_999_999, { blocked: true, reason: "x" })),
    ).toBe(true);
  });

  it("issue a goodwill card once per key: e-mailed with its number and PIN to the recipient, audited", async () => {
    const input = {
      amountCents: 35_00,
      recipientEmail: "sorry@example.nl",
      toName: "Sam",
      reason: "Parcel arrived late",
      idempotencyKey: "goodwill-1",
    };
    const issued = await issueGoodwillGiftCard(support, input);
    if (isRefusal(issued)) throw new Error(issued.messageKey);
    expect(await issueGoodwillGiftCard(support, input)).toEqual(issued);
    const mails = await connection.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "sorry@example.nl"));
    expect(mails).toHaveLength(1);
    const { number, pin } = mails[0]!.payload as { number: string; pin: string };
    expect(number.slice(-4)).toBe(issued.last4);
    expect(await recogniseGiftCard({ number, pin })).toMatchObject({ id: issued.id, availableCents: 35_00 });
    expect(await giftCardForStaff(issued.id)).toMatchObject({ source: "goodwill" });
    const trail = await auditTrail("gift-card", issued.id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: "gift-card.issue" });
    expect(trail[0]!.summary).toContain("Parcel arrived late");
    expect(JSON.stringify(trail[0])).not.toContain(number);
  });

  it("resend an e-gift card (sent now while it waits for its date, a copy afterwards), audited", async () => {
    const sold = await soldCard("630000001", "resend.staff@example.nl");
    expect(await resendGiftCardByStaff(support, sold.cardId, sold.purchaseId)).toBe(
      "Sent to the recipient now.",
    );
    expect(await resendGiftCardByStaff(support, sold.cardId, sold.purchaseId)).toBe(
      "Sent again to the recipient.",
    );
    const mails = await connection.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "resend.staff@example.nl"));
    expect(mails.map((m) => m.template)).toEqual(["giftCard", "giftCard"]);
    expect((await auditTrail("gift-card", sold.cardId)).map((e) => e.action)).toEqual([
      "gift-card.resend",
      "gift-card.resend",
    ]);
    // A purchase that is not this card's.
    expect(isRefusal(await resendGiftCardByStaff(support, sold.cardId, sold.purchaseId + 1000))).toBe(true);
  });

  it("prints a card sold by post for the parcel, each print audited; an e-gift card has nothing to print", async () => {
    const posted = await soldCard("630000002", null);
    const printed = await printGiftCardByStaff(support, posted.purchaseId);
    expect(!isRefusal(printed) && Buffer.from(printed.pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    expect((await auditTrail("gift-card", posted.cardId)).map((e) => e.action)).toEqual(["gift-card.print"]);
    const emailed = await soldCard("630000003", "print.staff@example.nl");
    expect(isRefusal(await printGiftCardByStaff(support, emailed.purchaseId))).toBe(true);
    expect(await auditTrail("gift-card", emailed.cardId)).toEqual([]);
  });
});

describe("goodwill wallet credit", () => {
  it("credits the customer once per key with the reason they see, audited on the customer", async () => {
    const input = { amountCents: 12_50, reason: "Sorry for the wait", idempotencyKey: "credit-1" };
    expect(await creditWalletByStaff(support, customerId, input)).toBe(12_50);
    expect(await creditWalletByStaff(support, customerId, input)).toBe(12_50);
    const wallet = await walletOf(customerId);
    expect(wallet.balanceCents).toBe(12_50);
    expect(wallet.entries.map((e) => [e.kind, e.amountCents, e.note])).toEqual([
      ["goodwill", 12_50, "Sorry for the wait"],
    ]);
    const trail = await auditTrail("customer", customerId);
    expect(trail.filter((e) => e.action === "customer.wallet-credit")).toHaveLength(1);
    expect(trail.at(-1)?.summary).toContain("Sorry for the wait");
    expect(
      await creditWalletByStaff(support, "00000000-0000-4000-8000-000000000000", {
        ...input,
        idempotencyKey: "x",
      }),
    ).toEqual(refuse.notFound("This customer no longer exists."));
  });
});
