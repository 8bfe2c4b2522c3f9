import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../../tests/support/database";
import { tradeFixtures } from "../../../../tests/support/marketplace-trade";
import { accepted } from "../../../../tests/support/refusals";
import type { Connection } from "../../../platform/db/db.server";
import { env } from "../../../platform/env.server";
import { isRefusal } from "../../../platform/refusal";
import { createAccount } from "../../customers/customers.server";
import { outboxMessages } from "../../notifications/tables.server";
import { paymentById } from "../../payments/payments.server";
import { paymentRefunds } from "../../payments/tables.server";
import { hideReviewAsStaff, moveTransactionAsStaff, type StaffActor } from "../../staff/staff.server";
import { staffAuditLog } from "../../staff/tables.server";
import { walletBalance } from "../../wallet/wallet.server";
import { marketplaceDisputes } from "./tables.server";
import {
  disputeOf,
  disputePhoto,
  disputeQueue,
  moveTransaction,
  myBundle,
  openDispute,
  postDisputeMessage,
  saveBundle,
  storeRating,
  transactionFor,
} from "./transactions.server";

let connection: Connection;
let support: StaffActor;
let photo: Blob;
beforeAll(async () => {
  connection = await freshDatabase();
  const created = await createAccount({
    email: "help@shop.test",
    password: "support-password-1",
    firstName: "Sam",
    lastName: "Support",
    locale: "en",
    role: "support",
  });
  support = { id: created.id, email: "help@shop.test", role: "support" };
  photo = new Blob([
    new Uint8Array(
      await sharp({ create: { width: 900, height: 600, channels: 3, background: "#a4262c" } })
        .jpeg()
        .toBuffer(),
    ),
  ]);
}, 120_000);
afterAll(() => connection.close());

const { person, storeWith, buy, row, pay } = tradeFixtures(() => connection);
const key = (value: unknown) => (isRefusal(value) ? value.messageKey : null);
const DAY = 86_400_000;
const storedPhotos = async () =>
  (await readdir(path.join(env().DATA_DIR, "dispute-photos")).catch(() => [] as string[])).length;

/** A paid purchase the carrier delivered at `deliveredAt` (now by default). */
async function delivered(price = 30_00, deliveredAt?: Date) {
  const { seller, listingIds } = await storeWith([price]);
  const buyer = await person();
  const { transactionId: id } = await buy(buyer, listingIds);
  await pay(id);
  accepted(
    await moveTransaction(id, "send-item", { role: "provider", userId: seller }, { trackingCode: `D-${id}` }),
  );
  accepted(await moveTransaction(id, "delivered", { role: "system" }, {}, { now: deliveredAt }));
  return { id, buyer, seller, listingIds };
}

async function mailsTo(...people: string[]) {
  const rows = await connection.db
    .select({ to: outboxMessages.recipient, payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(eq(outboxMessages.template, "marketplaceTransaction"));
  return rows.filter((r) => people.some((p) => r.to === `${p}@example.nl`));
}

describe("opening a dispute", () => {
  it("refuses the wrong actor, the wrong state, a late buyer and a missing photo, and changes nothing", async () => {
    const { id, buyer, seller } = await delivered(30_00, new Date(Date.now() - 3 * DAY));
    const before = await storedPhotos();
    const input = { reason: "Torn sleeve", photos: [photo] };
    // The provider is not the buyer: a 404 that says nothing; through the writer, the table's wrong actor.
    expect(key(await openDispute(seller, id, input))).toBe("common:errors.notFound");
    expect(
      key(
        await moveTransaction(id, "dispute-by-customer", { role: "provider", userId: seller }, { note: "x" }),
      ),
    ).toBe("trade:refused.wrongActor");
    // Three days after delivery: the 2-day window is over.
    expect(key(await openDispute(buyer, id, input))).toBe("trade:refused.tooLate");
    expect((await row(id)).state).toBe("delivered");
    expect(await disputeOf(id)).toBeNull();
    expect(await storedPhotos()).toBe(before);

    const fresh = await delivered();
    expect(key(await openDispute(fresh.buyer, fresh.id, { reason: "x", photos: [] }))).toBe(
      "trade:dispute.photosCount",
    );
    expect(key(await openDispute(fresh.buyer, fresh.id, { reason: "x", photos: Array(6).fill(photo) }))).toBe(
      "trade:dispute.photosCount",
    );
    expect(
      key(await openDispute(fresh.buyer, fresh.id, { reason: "x", photos: [new Blob(["not an image"])] })),
    ).toBe("trade:dispute.notAPhoto");
    expect((await row(fresh.id)).state).toBe("delivered");
    expect(await storedPhotos()).toBe(before);

    // Before delivery there is nothing to dispute.
    const { listingIds } = await storeWith([12_00]);
    const early = await person();
    const { transactionId } = await buy(early, listingIds);
    await pay(transactionId);
    expect(key(await openDispute(early, transactionId, input))).toBe("trade:refused.wrongState");
    expect((await row(transactionId)).state).toBe("payment-complete");
  });

  it("opens within the window with a reason and a photo only the parties and support see", async () => {
    const { id, buyer, seller } = await delivered();
    accepted(await openDispute(buyer, id, { reason: "  Stain on the front  ", photos: [photo] }));
    expect((await row(id)).state).toBe("dispute");
    const dispute = await disputeOf(id);
    expect(dispute).toMatchObject({ reason: "Stain on the front", open: true, outcome: null, messages: [] });
    expect(dispute?.photos).toHaveLength(1);
    const bytes = await disputePhoto(id, 0, { userId: seller });
    expect((await sharp(bytes!).metadata()).format).toBe("webp");
    expect(await disputePhoto(id, 0, { userId: buyer })).not.toBeNull();
    expect(await disputePhoto(id, 0, { asOperator: true })).not.toBeNull();
    expect(await disputePhoto(id, 0, { userId: await person() })).toBeNull();
    expect(await disputePhoto(id, 1, { userId: buyer })).toBeNull();
    const opened = (await mailsTo(buyer, seller)).filter(
      (m) => (m.payload as { transition?: string }).transition === "dispute-by-customer",
    );
    expect(opened.map((m) => m.to).sort()).toEqual([`${buyer}@example.nl`, `${seller}@example.nl`].sort());
    // The parties see it on the purchase page; the provider may accept the refund.
    expect((await transactionFor(buyer, id))?.dispute?.reason).toBe("Stain on the front");
    expect((await transactionFor(seller, id))?.actions).toEqual(["refund-after-dispute"]);
    // Only once: the process enters `dispute` once.
    expect(key(await openDispute(buyer, id, { reason: "Again", photos: [photo] }))).toBe(
      "trade:refused.wrongState",
    );
  });
});

describe("the dispute's conversation and queue", () => {
  it("lets buyer, provider and support write while it is open, e-mailing the other side", async () => {
    const { id, buyer, seller } = await delivered();
    accepted(await openDispute(buyer, id, { reason: "Wrong size", photos: [photo] }));
    const mailsBefore = (await mailsTo(buyer, seller)).length;
    accepted(await postDisputeMessage({ author: "provider", userId: seller }, id, "It was labelled M."));
    accepted(await postDisputeMessage({ author: "customer", userId: buyer }, id, "The label says S."));
    accepted(
      await postDisputeMessage({ author: "operator", userId: support.id }, id, "Please send a photo."),
    );
    expect(key(await postDisputeMessage({ author: "customer", userId: seller }, id, "x"))).toBe(
      "common:errors.notFound",
    );
    expect(key(await postDisputeMessage({ author: "customer", userId: buyer }, id, "  "))).toBe(
      "trade:dispute.messageRequired",
    );
    expect((await disputeOf(id))?.messages.map((m) => m.author)).toEqual([
      "provider",
      "customer",
      "operator",
    ]);
    // The provider's message to the buyer, the buyer's to the provider, support's to both.
    const mails = await mailsTo(buyer, seller);
    expect(mails).toHaveLength(mailsBefore + 4);
    const about = (text: string) =>
      mails
        .filter((m) => JSON.stringify(m.payload).includes(text))
        .map((m) => m.to)
        .sort();
    expect(about("It was labelled M.")).toEqual([`${buyer}@example.nl`]);
    expect(about("The label says S.")).toEqual([`${seller}@example.nl`]);
    expect(about("Please send a photo.")).toEqual([`${buyer}@example.nl`, `${seller}@example.nl`].sort());
    const queue = await disputeQueue();
    const mine = queue.find((q) => q.id === id);
    expect(mine).toMatchObject({ reason: "Wrong size", messages: 3, lastAuthor: "operator" });
    // Oldest first.
    const opened = queue.map((q) => q.openedAt);
    expect([...opened].sort()).toEqual(opened);
  });

  it("the provider accepts the refund: the buyer gets everything back and the dispute takes no message", async () => {
    const { id, buyer, seller } = await delivered(22_00);
    accepted(await openDispute(buyer, id, { reason: "Broken zip", photos: [photo] }));
    accepted(await moveTransaction(id, "refund-after-dispute", { role: "provider", userId: seller }));
    const done = await row(id);
    expect([done.state, done.refundedCents, done.earnings]).toEqual([
      "refunded",
      done.totalCents,
      "reversed",
    ]);
    expect((await disputeOf(id))?.outcome?.transition).toBe("refund-after-dispute");
    expect(key(await postDisputeMessage({ author: "customer", userId: buyer }, id, "Thanks"))).toBe(
      "trade:dispute.closed",
    );
    expect((await disputeQueue()).map((q) => q.id)).not.toContain(id);
  });
});

describe("support decides", () => {
  it("for the buyer: a full refund through the payments domain, once, and the earnings taken back (audited)", async () => {
    const { id, buyer, seller } = await delivered(40_00);
    accepted(await openDispute(buyer, id, { reason: "Not as described", photos: [photo] }));
    // The statement is required; nothing moves without it.
    expect(key(await moveTransactionAsStaff(support, id, "refund-after-dispute-by-operator", " "))).toBe(
      "trade:errors.noteRequired",
    );
    expect((await row(id)).state).toBe("dispute");
    accepted(
      await moveTransactionAsStaff(
        support,
        id,
        "refund-after-dispute-by-operator",
        "The photos show a stain.",
      ),
    );
    const done = await row(id);
    expect([done.state, done.refundedCents, done.earnings]).toEqual([
      "refunded",
      done.totalCents,
      "reversed",
    ]);
    const refunds = await connection.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.paymentId, done.paymentId!));
    expect(refunds.map((r) => [r.amountCents, r.idempotencyKey])).toEqual([
      [done.totalCents, `marketplace:${id}:refund`],
    ]);
    expect((await paymentById(done.paymentId!))?.refundedCents).toBe(done.totalCents);
    expect(await walletBalance(seller)).toBe(0);
    // Deciding again is refused by the table and refunds nothing more.
    expect(key(await moveTransactionAsStaff(support, id, "refund-after-dispute-by-operator", "again"))).toBe(
      "trade:refused.wrongState",
    );
    expect(
      await connection.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, done.paymentId!)),
    ).toHaveLength(1);
    const [audit] = await connection.db
      .select()
      .from(staffAuditLog)
      .where(
        and(eq(staffAuditLog.targetType, "marketplace-transaction"), eq(staffAuditLog.targetId, String(id))),
      );
    expect(audit).toMatchObject({
      action: "marketplace.transaction.refund-after-dispute-by-operator",
      actorRole: "support",
    });
    const dispute = await disputeOf(id);
    expect(dispute?.outcome).toMatchObject({
      transition: "refund-after-dispute-by-operator",
      note: "The photos show a stain.",
    });
    const statements = (await mailsTo(buyer, seller)).filter((m) =>
      JSON.stringify(m.payload).includes("The photos show a stain."),
    );
    expect(statements).toHaveLength(2);
  });

  it("for the seller: the purchase completes and the earnings reach the wallet", async () => {
    const { id, buyer, seller } = await delivered(50_00);
    accepted(await openDispute(buyer, id, { reason: "Smells", photos: [photo] }));
    accepted(
      await moveTransactionAsStaff(support, id, "dispute-resolved-by-operator", "Washed before sending."),
    );
    expect((await row(id)).state).toBe("completed");
    expect(await walletBalance(seller)).toBe(45_00);
    expect(
      (
        await connection.db
          .select()
          .from(marketplaceDisputes)
          .where(eq(marketplaceDisputes.transactionId, id))
      ).length,
    ).toBe(1);
  });
});

describe("reviews and the bundle discount", () => {
  it("staff hide a review with a reason: it leaves the store's rating and count, audited", async () => {
    const { id, buyer, seller } = await delivered(25_00);
    accepted(await moveTransaction(id, "complete-by-customer", { role: "customer", userId: buyer }));
    accepted(
      await moveTransaction(
        id,
        "review-by-customer",
        { role: "customer", userId: buyer },
        { review: { rating: 1, body: "Rude seller, call me on 0612345678" } },
      ),
    );
    const storeId = (await row(id)).storeId;
    expect(await storeRating(storeId)).toEqual({ average: 1, count: 1 });
    expect(key(await hideReviewAsStaff(support, id, " "))).toBe("trade:errors.noteRequired");
    accepted(await hideReviewAsStaff(support, id, "Personal data in the text"));
    expect(await storeRating(storeId)).toEqual({ average: null, count: 0 });
    expect((await transactionFor(seller, id))?.review).toMatchObject({ hidden: true, body: "" });
    expect((await transactionFor(null, id, { asOperator: true }))?.review).toMatchObject({
      hidden: true,
      hiddenReason: "Personal data in the text",
    });
    expect(key(await hideReviewAsStaff(support, id, "again"))).toBe("trade:review.hiddenAlready");
    expect(key(await hideReviewAsStaff(support, 999_999, "none"))).toBe("common:errors.notFound");
    const entries = await connection.db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.action, "marketplace.review.hide"));
    expect(entries.map((e) => e.targetId)).toEqual([String(id)]);
    // The reviewer is told why, in their language; the provider is not e-mailed about it.
    const told = (await mailsTo(buyer, seller)).filter(
      (m) => (m.payload as { transition?: string }).transition === "review-hidden",
    );
    expect(told.map((m) => m.to)).toEqual([`${buyer}@example.nl`]);
    expect(JSON.stringify(told[0]!.payload)).toContain("Personal data in the text");
  });

  it("the store owner sets the bundle discount buying applies; 0 % removes it", async () => {
    const { seller, listingIds } = await storeWith([10_00, 30_00]);
    expect(await myBundle(seller)).toBeNull();
    expect(key(await saveBundle(seller, { percent: 10, fromItems: 4 }))).toBe("trade:bundle.invalid");
    expect(key(await saveBundle(await person(), { percent: 10, fromItems: 2 }))).toBe(
      "common:errors.notFound",
    );
    expect(await saveBundle(seller, { percent: 20, fromItems: 2 })).toEqual({ percent: 20, fromItems: 2 });
    expect(await myBundle(seller)).toEqual({ percent: 20, fromItems: 2 });
    const { transactionId } = await buy(await person(), listingIds);
    expect((await row(transactionId)).bundleDiscountCents).toBe(8_00);
    expect(await saveBundle(seller, { percent: 0, fromItems: 2 })).toBeNull();
    expect(await myBundle(seller)).toBeNull();
  });
});
