import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { parseShopForm } from "../../platform/forms/submission";
import { isRefusal } from "../../platform/refusal";
import { authThrottle } from "../../platform/throttle/tables.server";
import { writeSetting } from "../content/content.server";
import { createAccount } from "../customers/customers.server";
import { outboxMessages } from "../notifications/tables.server";
import { orderStatusHistory, orders } from "../orders/tables.server";
import { redeemDiscountCode } from "../promotions/promotions.server";
import { discountCodes, discountRedemptions } from "../promotions/tables.server";
import { walletOf } from "../wallet/wallet.server";
import { referAFriend, referralsOf, rewardReferrals } from "./marketing.server";
import { referrals } from "./tables.server";
import { marketingMessageKeys, type ReferAFriendInput, ReferAFriendSchema } from "./validation";

let connection: Connection;
const meta = { locale: "nl" as const, ip: "203.0.113.9" };

beforeAll(async () => {
  connection = await freshDatabase();
}, 180_000);
afterAll(() => connection.close());
beforeEach(async () => {
  await connection.db.delete(referrals);
  await connection.db.delete(discountRedemptions);
  await connection.db.delete(discountCodes);
  await connection.db.delete(outboxMessages);
  await connection.db.delete(authThrottle);
});

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return parseShopForm(data, ReferAFriendSchema);
};

async function invite(over: Partial<ReferAFriendInput> = {}) {
  return referAFriend(
    {
      name: "Anna de Vries",
      email: "anna@example.nl",
      friendFirstName: "Bo",
      friendEmail: "bo@example.nl",
      terms: true,
      message: "Dit vind je mooi!",
      captcha: await solvedCaptcha(),
      ...over,
    },
    meta,
  );
}

let orderSeq = 0;
/** A paid first order of `email`, shipped `shippedDaysAgo` days ago when its status is complete. */
async function firstOrder(email: string, status: "processing" | "complete" | "closed", shippedDaysAgo = 0) {
  orderSeq++;
  const [order] = await connection.db
    .insert(orders)
    .values({
      number: String(500_000_000 + orderSeq),
      status,
      email,
      locale: "nl",
      channel: "web",
      country: "NL",
      subtotalCents: 5_000,
      shippingCents: 0,
      totalCents: 5_000,
      amountDueCents: 5_000,
      vat: { lines: [], exemptCents: 0, vatCents: 0 },
      shippingMethod: "standard",
      carrier: "postnl",
      deliveryType: "home",
      paymentMethod: "ideal",
      idempotencyKey: `test-${orderSeq}`,
      expiresAt: new Date(),
      paidAt: new Date(Date.now() - (shippedDaysAgo + 2) * 86_400_000),
    })
    .returning({ id: orders.id });
  if (status !== "processing") {
    await connection.db.insert(orderStatusHistory).values({
      orderId: order!.id,
      fromStatus: "processing",
      toStatus: "complete",
      actor: "staff",
      at: new Date(Date.now() - shippedDaysAgo * 86_400_000),
    });
  }
}

describe("refer-a-friend form", () => {
  it("refuses the referrer's own address as the friend's, in the browser as on the server", async () => {
    const parsed = form({
      name: "Anna",
      email: "anna@example.nl",
      friendFirstName: "Anna",
      friendEmail: "ANNA@example.nl ",
      terms: "on",
    });
    expect(parsed.status === "error" && parsed.error?.friendEmail).toEqual([marketingMessageKeys.ownEmail]);
    expect(await invite({ friendEmail: "Anna@Example.nl" })).toMatchObject({ field: "friendEmail" });
  });

  it("needs the terms accepted and the fields filled", () => {
    const parsed = form({ name: "", email: "x", friendFirstName: "", friendEmail: "", terms: "" });
    expect(parsed.status).toBe("error");
    const errors = parsed.status === "error" ? parsed.error : {};
    expect(Object.keys(errors ?? {}).sort()).toEqual([
      "email",
      "friendEmail",
      "friendFirstName",
      "name",
      "terms",
    ]);
  });
});

describe("referAFriend", () => {
  it("mails the friend a personal single-use welcome code and records the invitation", async () => {
    const outcome = await invite();
    expect(outcome).toEqual({ friendEmail: "bo@example.nl" });
    const [referral] = await connection.db.select().from(referrals);
    expect(referral).toMatchObject({ referrerEmail: "anna@example.nl", friendEmail: "bo@example.nl" });
    const [code] = await connection.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, referral!.welcomeCode));
    expect(code).toMatchObject({
      percent: 15,
      usageLimit: 1,
      perCustomerLimit: 1,
      firstOrderOnly: true,
      source: "referral",
    });
    const [mail] = await connection.db.select().from(outboxMessages);
    expect(mail).toMatchObject({ recipient: "bo@example.nl", template: "referralInvitation" });
    expect(mail?.text).toContain(referral!.welcomeCode);
    expect(mail?.text).toContain("Dit vind je mooi!");
  });

  it("refuses a captcha that is missing or spent, and changes nothing", async () => {
    expect(await invite({ captcha: undefined })).toMatchObject({ messageKey: "account:captcha.missing" });
    const captcha = await solvedCaptcha();
    expect(await invite({ captcha })).toEqual({ friendEmail: "bo@example.nl" });
    expect(await invite({ captcha, friendEmail: "cas@example.nl" })).toMatchObject({
      messageKey: "account:captcha.invalid",
    });
    expect(await connection.db.select().from(referrals)).toHaveLength(1);
  });

  it("refuses a friend who is a customer already, or was invited before", async () => {
    await createAccount({
      email: "klant@example.nl",
      password: "a-long-password",
      firstName: "K",
      lastName: "L",
      locale: "nl",
    });
    expect(await invite({ friendEmail: "klant@example.nl" })).toMatchObject({
      kind: "conflict",
      messageKey: "marketing:refer.errors.existingCustomer",
    });
    await invite();
    expect(await invite({ email: "someone@else.nl" })).toMatchObject({
      messageKey: "marketing:refer.errors.alreadyInvited",
    });
    // The refused invitation issued no code: its transaction rolled back.
    expect(
      await connection.db.select().from(discountCodes).where(eq(discountCodes.source, "referral")),
    ).toHaveLength(await connection.db.$count(referrals));
  });

  it("holds the monthly limit per referrer, also for invitations sent at once", async () => {
    await writeSetting("referral", {
      welcomePercent: 15,
      rewardCents: 1_000,
      perMonth: 3,
      returnWindowDays: 30,
    });
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => invite({ friendEmail: `friend${i}@example.nl` })),
    );
    expect(outcomes.filter((o) => !isRefusal(o))).toHaveLength(3);
    expect(outcomes.filter((o) => isRefusal(o) && o.kind === "too-many")).toHaveLength(3);
    await writeSetting("referral", {
      welcomePercent: 15,
      rewardCents: 1_000,
      perMonth: 5,
      returnWindowDays: 30,
    });
  });
});

describe("the welcome code", () => {
  it("serves one order only, also when two orders use it at once", async () => {
    await invite();
    const [referral] = await connection.db.select().from(referrals);
    const redeem = (n: number) =>
      transaction(async (tx) =>
        redeemDiscountCode(
          {
            code: referral!.welcomeCode,
            orderNumber: String(600_000_000 + n),
            email: n === 1 ? "bo@example.nl" : "other@example.nl",
            amountCents: 750,
            lines: [{ productId: 1, unitPriceCents: 5_000, quantity: 1 }],
            firstOrder: true,
          },
          { tx },
        ),
      );
    const results = await Promise.all([redeem(1), redeem(2)]);
    expect(results.filter((r) => !isRefusal(r))).toHaveLength(1);
  });
});

describe("rewardReferrals", () => {
  it("pays wallet credit once, only after the return window, and not for a returned first order", async () => {
    const { id } = await createAccount({
      email: "anna@example.nl",
      password: "a-long-password",
      firstName: "Anna",
      lastName: "de Vries",
      locale: "nl",
    });
    await invite();
    await invite({ friendEmail: "cas@example.nl", friendFirstName: "Cas" });
    await invite({ friendEmail: "dirk@example.nl", friendFirstName: "Dirk" });
    await firstOrder("bo@example.nl", "complete", 10);
    await firstOrder("cas@example.nl", "closed", 40);
    await firstOrder("dirk@example.nl", "processing");
    expect(await rewardReferrals()).toEqual({ rewarded: 0, forfeited: 1 });

    await firstOrder("eve@example.nl", "complete", 31);
    await connection.db
      .update(referrals)
      .set({ friendEmail: "eve@example.nl" })
      .where(eq(referrals.friendEmail, "bo@example.nl"));
    const [first, again] = await Promise.all([rewardReferrals(), rewardReferrals()]);
    expect(first.rewarded + again.rewarded).toBe(1);
    expect(await rewardReferrals()).toEqual({ rewarded: 0, forfeited: 0 });
    expect((await walletOf(id)).balanceCents).toBe(1_000);
    const states = (await referralsOf({ userId: id, email: "anna@example.nl" })).map((r) => r.state).sort();
    expect(states).toEqual(["forfeited", "invited", "rewarded"]);
    const mails = await connection.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "referralReward"));
    expect(mails).toHaveLength(1);
  });

  it("sends a referrer without an account a reward code instead", async () => {
    await invite({ email: "guest@example.nl" });
    await firstOrder("bo@example.nl", "complete", 45);
    await connection.db.delete(orders).where(eq(orders.email, "eve@example.nl"));
    expect(await rewardReferrals()).toMatchObject({ rewarded: 1 });
    const [referral] = await connection.db.select().from(referrals);
    expect(referral?.rewardCode).toMatch(/^THANKS-/);
    const [code] = await connection.db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, referral!.rewardCode!));
    expect(code).toMatchObject({ kind: "fixed", amountCents: 1_000, usageLimit: 1 });
  });
});
