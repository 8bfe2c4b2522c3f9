import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../tests/support/database";
import { account, user } from "../domains/customers/tables.server";
import { auth } from "../platform/auth/auth.server";
import type { Connection } from "../platform/db/db.server";
import { demoAccounts, seedDemoAccounts } from "./demo-accounts.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

describe("demo accounts", () => {
  it("creates one login per role once, with hashed passwords that sign in", async () => {
    expect(await seedDemoAccounts(connection.db)).toBe(demoAccounts.length);
    expect(await seedDemoAccounts(connection.db)).toBe(0);

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
