import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/database";
import { recogniseGiftCard } from "../domains/gift-cards/gift-cards.server";
import { walletOf } from "../domains/wallet/wallet.server";
import { auth } from "../platform/auth/auth.server";
import { account, user } from "../platform/auth/tables.server";
import type { Connection } from "../platform/db/db.server";
import { DEMO_WALLET_CREDIT_CENTS, demoAccounts, seedDemoAccounts } from "./demo-accounts.server";
import { demoGiftCard } from "./demo-gift-card";
import { seedDemoGiftCard } from "./demo-gift-card.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

describe("demo accounts", () => {
  it("creates one login per role once, with hashed passwords that sign in", async () => {
    expect(await seedDemoAccounts()).toBe(demoAccounts.length);
    expect(await seedDemoAccounts()).toBe(0);

    const rows = await connection.db.select({ email: user.email, role: user.role }).from(user);
    expect(rows).toEqual(
      expect.arrayContaining([
        { email: "demo@loomandlabel.test", role: "customer" },
        { email: "admin@loomandlabel.test", role: "admin" },
        { email: "support@loomandlabel.test", role: "support" },
        { email: "merch@loomandlabel.test", role: "merchandiser" },
      ]),
    );

    const [demo] = demoAccounts;
    const [stored] = await connection.db
      .select({ password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, demo!.email));
    expect(stored?.password).toBeTruthy();
    expect(stored?.password).not.toContain(demo!.password);

    const signedIn = await auth.api.signInEmail({ body: { email: demo!.email, password: demo!.password } });
    expect(signedIn.user.email).toBe(demo!.email);
    await expect(
      auth.api.signInEmail({ body: { email: demo!.email, password: "wrong-password" } }),
    ).rejects.toThrow();
  });
});

describe("demo wallet and gift card", () => {
  it("gives the demo customer wallet credit once, and issues the printed demo gift card once", async () => {
    const [row] = await connection.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "demo@loomandlabel.test"));
    expect((await walletOf(row!.id)).balanceCents).toBe(DEMO_WALLET_CREDIT_CENTS);
    expect(await seedDemoGiftCard()).toBe(true);
    expect(await seedDemoGiftCard()).toBe(false);
    expect(await recogniseGiftCard(demoGiftCard)).toMatchObject({ availableCents: demoGiftCard.amountCents });
  });
});
