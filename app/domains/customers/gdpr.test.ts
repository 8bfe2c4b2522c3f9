import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, registeredCustomer } from "../../../tests/support/customers";
import { freshDatabase } from "../../../tests/support/database";
import { amsterdamAddress } from "../../../tests/support/factories";
import { user, verification } from "../../platform/auth/tables.server";
import { spentCaptchas } from "../../platform/captcha/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { authThrottle } from "../../platform/throttle/tables.server";
import { bookWalletEntry } from "../wallet/wallet.server";
import {
  createAddress,
  deleteCustomerAccount,
  exportCustomerData,
  forgetOldAuthAttemptsJob,
} from "./customers.server";
import { addresses } from "./tables.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

const register = registeredCustomer;

describe("my data", () => {
  it("exports everything held on the customer, and deletes it all after the password", async () => {
    const { userId, setCookies } = await register("leaving@example.nl", "leaving-password");
    await createAddress(userId, amsterdamAddress);
    await bookWalletEntry({ userId, amountCents: 500, kind: "goodwill", idempotencyKey: "leaving-1" });
    const data = await exportCustomerData(userId);
    expect(data).toMatchObject({
      account: { email: "leaving@example.nl", firstName: "Anna", birthDate: "1990-05-17" },
      addresses: [{ street: "Damrak" }],
      wallet: { balanceCents: 500 },
    });
    expect(JSON.stringify(data)).not.toMatch(/password|scrypt/i);
    expect(data!.sessions.length).toBeGreaterThan(0);

    const headers = new Headers({ cookie: cookieOf(setCookies) });
    expect(await deleteCustomerAccount(headers, userId, "not-my-password")).toMatchObject({
      messageKey: "account:password.wrongCurrent",
    });
    expect(await deleteCustomerAccount(headers, userId, "leaving-password")).toBeUndefined();
    expect(await connection.db.select().from(user).where(eq(user.id, userId))).toEqual([]);
    expect(await connection.db.select().from(addresses).where(eq(addresses.userId, userId))).toEqual([]);
    expect(await exportCustomerData(userId)).toBeNull();
  });
});

describe("the daily clean-up", () => {
  it("drops counters of ended windows, spent captchas of expired challenges and expired links, and nothing else", async () => {
    await connection.db.insert(authThrottle).values([
      { key: "login:ip:old", attempts: 9, windowStartedAt: new Date(Date.now() - 2 * 86_400_000) },
      { key: "login:ip:fresh", attempts: 1 },
    ]);
    await connection.db.insert(spentCaptchas).values([
      { signature: "old", expiresAt: new Date(Date.now() - 60_000) },
      { signature: "fresh", expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await connection.db.insert(verification).values([
      { identifier: "confirm-email:old", value: "u1", expiresAt: new Date(Date.now() - 60_000) },
      { identifier: "reset-password:old", value: "u1", expiresAt: new Date(Date.now() - 60_000) },
      { identifier: "confirm-email:fresh", value: "u1", expiresAt: new Date(Date.now() + 60_000) },
      { identifier: "reset-password:fresh", value: "u1", expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await forgetOldAuthAttemptsJob.handle({ reason: "test" }, {} as never);
    const links = (await connection.db.select().from(verification)).map((r) => r.identifier);
    expect(links).toEqual(expect.arrayContaining(["confirm-email:fresh", "reset-password:fresh"]));
    expect(links).not.toContain("confirm-email:old");
    expect(links).not.toContain("reset-password:old");
    const keys = (await connection.db.select({ key: authThrottle.key }).from(authThrottle)).map((r) => r.key);
    expect(keys).toContain("login:ip:fresh");
    expect(keys).not.toContain("login:ip:old");
    expect((await connection.db.select().from(spentCaptchas)).map((r) => r.signature)).toContain("fresh");
    expect((await connection.db.select().from(spentCaptchas)).map((r) => r.signature)).not.toContain("old");
  });
});
