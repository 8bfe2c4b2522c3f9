import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase, testDriver } from "../../../tests/support/database";
import { user } from "../../platform/auth/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { isRefusal } from "../../platform/refusal";
import { createAccount } from "../customers/customers.server";
import { changeStaffRole, type StaffActor } from "./staff.server";

let connection: Connection;
afterAll(() => connection.close());
beforeAll(async () => {
  connection = await freshDatabase();
}, 60_000);

async function admin(email: string): Promise<StaffActor> {
  const created = await createAccount({
    email,
    password: "admin-password-1",
    firstName: "A",
    lastName: "Admin",
    locale: "en",
    role: "admin",
  });
  return { id: created.id, email, role: "admin" };
}

async function adminsLeft(): Promise<number> {
  return (await connection.db.select({ id: user.id }).from(user).where(eq(user.role, "admin"))).length;
}

describe("the last admin", () => {
  // Only PostgreSQL runs two transactions at once (PGlite has one connection and runs them in turn).
  it.runIf(testDriver === "postgres")(
    "stays an admin when the only two admins demote each other at the same moment: exactly one succeeds",
    async () => {
      for (let round = 0; round < 5; round++) {
        // Every round starts from exactly two admins.
        await connection.db.update(user).set({ role: "support" }).where(eq(user.role, "admin"));
        const [a, b] = await Promise.all([admin(`a${round}@race.test`), admin(`b${round}@race.test`)]);
        expect(await adminsLeft()).toBe(2);
        const outcomes = await Promise.all([
          changeStaffRole(a, b.id, "support"),
          changeStaffRole(b, a.id, "customer"),
        ]);
        expect(
          outcomes.filter((o) => !isRefusal(o)),
          `round ${round}`,
        ).toHaveLength(1);
        expect(outcomes.find(isRefusal)?.messageKey).toBe("admin:accounts.lastAdmin");
        expect(await adminsLeft()).toBe(1);
      }
    },
  );

  it("keeps the last admin when the other one was demoted first", async () => {
    await connection.db.update(user).set({ role: "support" }).where(eq(user.role, "admin"));
    const [a, b] = await Promise.all([admin("one@last.test"), admin("two@last.test")]);
    await changeStaffRole(a, b.id, "customer");
    expect(await changeStaffRole(b, a.id, "support")).toMatchObject({
      kind: "conflict",
      messageKey: "admin:accounts.lastAdmin",
    });
    expect(await adminsLeft()).toBe(1);
  });
});
