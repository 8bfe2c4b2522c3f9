import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { jobs } from "../../jobs.server";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { refuse } from "../../platform/refusal";
import { outboxMessages } from "../notifications/tables.server";
import {
  changeGiftCardDispatch,
  dispatchDateWindow,
  dispatchDueGiftCards,
  expireGiftCardsJob,
  giftCardsOfOrder,
  issueGiftCard,
  issueOrderGiftCards,
  recordGiftCardPurchases,
  resendGiftCard,
} from "./gift-cards.server";
import { giftCardEntries, giftCardPurchases, giftCards } from "./tables.server";

// The buyer's change of an e-gift card until it is sent, staff resend, and expiry as a scheduled job
// (docs/decisions/0039, 0049).
let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

let orderSeq = 500_000_000;

/** An order that sold one e-gift card for `dispatchDate`, paid (`issued`) unless told otherwise. */
async function soldCard(dispatchDate: string, options: { paid?: boolean } = {}) {
  const orderReference = String(++orderSeq);
  await transaction(async (tx) => {
    await recordGiftCardPurchases(
      {
        orderReference,
        buyerEmail: "Buyer@Example.nl",
        locale: "nl",
        cards: [
          {
            kind: "egift",
            amountCents: 40_00,
            toName: "Rosa",
            fromName: "Gea",
            message: null,
            recipientEmail: "rosa@example.nl",
            dispatchDate,
          },
        ],
      },
      { tx },
    );
    if (options.paid !== false)
      await issueOrderGiftCards({ orderReference, orderUrl: "https://shop.test/order" }, { tx });
  });
  const [purchase] = await giftCardsOfOrder(orderReference);
  return { orderReference, purchaseId: purchase!.id };
}

const purchaseRow = async (id: number) =>
  (await connection.db.select().from(giftCardPurchases).where(eq(giftCardPurchases.id, id)))[0]!;

const cardMails = async (to: string) =>
  (await connection.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))).filter(
    (m) => m.template === "giftCard",
  );

describe("the buyer changes an e-gift card until it is sent", () => {
  it("changes the recipient and the date of a card not sent yet, paid or not; the job sends it there", async () => {
    const unpaid = await soldCard("2099-01-01", { paid: false });
    const { first } = dispatchDateWindow();
    expect(
      await changeGiftCardDispatch({
        ...unpaid,
        recipientEmail: " Noor@Example.NL ",
        dispatchDate: first,
      }),
    ).toEqual({ recipientEmail: "noor@example.nl", dispatchDate: first });
    expect(await purchaseRow(unpaid.purchaseId)).toMatchObject({ status: "ordered", dispatchDate: first });

    const paid = await soldCard("2099-06-01");
    expect(await dispatchDueGiftCards()).toBe(0);
    expect(
      await changeGiftCardDispatch({ ...paid, recipientEmail: "bram@example.nl", dispatchDate: first }),
    ).toEqual({ recipientEmail: "bram@example.nl", dispatchDate: first });
    // Due today now: the dispatch sends it to the new address, once.
    expect(await dispatchDueGiftCards()).toBe(1);
    expect(await cardMails("bram@example.nl")).toHaveLength(1);
    expect(await cardMails("rosa@example.nl")).toHaveLength(0);
    const [view] = await giftCardsOfOrder(paid.orderReference);
    expect(view).toMatchObject({ status: "sent", changeable: false, recipientEmail: "bram@example.nl" });

    // Once sent, it is refused and nothing changes.
    expect(
      await changeGiftCardDispatch({ ...paid, recipientEmail: "other@example.nl", dispatchDate: first }),
    ).toEqual(refuse.conflict("giftcard:errors.alreadySent"));
    expect(await purchaseRow(paid.purchaseId)).toMatchObject({ recipientEmail: "bram@example.nl" });
  });

  it("keeps the date within today … +1 year on the shop's clock (Europe/Amsterdam)", async () => {
    const sold = await soldCard("2099-06-01");
    // 23:30 UTC on 31 December is already 1 January in Amsterdam.
    const now = new Date("2030-12-31T23:30:00Z");
    expect(dispatchDateWindow(now)).toEqual({ first: "2031-01-01", last: "2032-01-01" });
    const change = (dispatchDate: string) =>
      changeGiftCardDispatch({ ...sold, recipientEmail: "rosa@example.nl", dispatchDate }, { now });
    expect(await change("2030-12-31")).toEqual(
      refuse.invalid("giftcard:errors.dispatchPast", {}, "dispatchDate"),
    );
    expect(await change("2032-01-02")).toEqual(
      refuse.invalid("forms:validation.dateMax", { date: "2032-01-01" }, "dispatchDate"),
    );
    expect(await change("not a day")).toEqual(
      refuse.invalid("giftcard:errors.dispatchPast", {}, "dispatchDate"),
    );
    expect(await purchaseRow(sold.purchaseId)).toMatchObject({ dispatchDate: "2099-06-01" });
    expect(await change("2031-01-01")).toMatchObject({ dispatchDate: "2031-01-01" });
    expect(await change("2032-01-01")).toMatchObject({ dispatchDate: "2032-01-01" });
  });

  it("answers not-found for a card of another order, and for a card whose order was not paid", async () => {
    const sold = await soldCard("2099-06-01");
    const { first } = dispatchDateWindow();
    expect(
      await changeGiftCardDispatch({
        orderReference: "999999999",
        purchaseId: sold.purchaseId,
        recipientEmail: "x@example.nl",
        dispatchDate: first,
      }),
    ).toEqual(refuse.notFound("giftcard:errors.purchaseNotFound"));
    await connection.db
      .update(giftCardPurchases)
      .set({ status: "canceled" })
      .where(eq(giftCardPurchases.id, sold.purchaseId));
    expect(
      await changeGiftCardDispatch({ ...sold, recipientEmail: "x@example.nl", dispatchDate: first }),
    ).toEqual(refuse.notFound("giftcard:errors.purchaseNotFound"));
    expect(await purchaseRow(sold.purchaseId)).toMatchObject({ recipientEmail: "rosa@example.nl" });
  });
});

describe("staff resend", () => {
  it("sends a card still waiting for its date now, and copies the sent e-mail afterwards", async () => {
    const sold = await soldCard("2099-06-01");
    await connection.db
      .update(giftCardPurchases)
      .set({ recipientEmail: "resend@example.nl" })
      .where(eq(giftCardPurchases.id, sold.purchaseId));
    expect(await resendGiftCard(sold.purchaseId)).toBe("sent");
    expect(await purchaseRow(sold.purchaseId)).toMatchObject({ status: "sent", sealed: null });
    expect(await resendGiftCard(sold.purchaseId)).toBe("copied");
    const mails = await cardMails("resend@example.nl");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toBe(mails[0]!.text);
    // The dispatch job does not send it a third time.
    expect(await dispatchDueGiftCards()).toBe(0);
    expect(await resendGiftCard(987_654)).toEqual(refuse.notFound("giftcard:errors.purchaseNotFound"));
  });

  it("refuses a card whose order was never paid", async () => {
    const unpaid = await soldCard("2099-06-01", { paid: false });
    expect(await resendGiftCard(unpaid.purchaseId)).toEqual(refuse.conflict("giftcard:errors.notResendable"));
  });
});

describe("expiry", () => {
  it("runs as a scheduled job of the shop, nightly on the shop's clock", () => {
    const job = jobs.find((j) => j.name === "gift-cards.expire");
    expect(job).toBe(expireGiftCardsJob);
    expect(job?.schedule?.cron).toBe("20 0 * * *");
    expect(jobs.find((j) => j.name === "gift-cards.dispatch")?.schedule?.cron).toBe("* * * * *");
  });

  it("the job books what is left on cards past their end as `expire`, and leaves valid cards alone", async () => {
    const old = await issueGiftCard({
      amountCents: 30_00,
      source: "goodwill",
      idempotencyKey: "expire-job-old",
      now: new Date(Date.now() - 3 * 365 * 24 * 3600 * 1000),
    });
    const fresh = await issueGiftCard({
      amountCents: 30_00,
      source: "goodwill",
      idempotencyKey: "expire-job-new",
    });
    await expireGiftCardsJob.handle({ reason: "test" }, {} as never);
    const balance = async (id: number) =>
      (await connection.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!.balanceCents;
    expect(await balance(old.id)).toBe(0);
    expect(await balance(fresh.id)).toBe(30_00);
    const entries = await connection.db
      .select()
      .from(giftCardEntries)
      .where(eq(giftCardEntries.cardId, old.id));
    expect(entries.map((e) => [e.kind, e.amountCents])).toEqual([
      ["issue", 30_00],
      ["expire", 30_00],
    ]);
    // A second run finds nothing left.
    await expireGiftCardsJob.handle({ reason: "test" }, {} as never);
    expect(
      await connection.db.select().from(giftCardEntries).where(eq(giftCardEntries.cardId, old.id)),
    ).toHaveLength(2);
  });
});
