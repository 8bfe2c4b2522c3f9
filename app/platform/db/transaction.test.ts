import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import { categories } from "../../domains/catalog/tables.server";
import { isRefusal, refuse } from "../refusal";
import { type Connection, selectRows } from "./db.server";
import { afterCommit, inTransaction, transaction } from "./transaction.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

describe("transaction", () => {
  it("commits every change together or none of them", async () => {
    await expect(
      transaction(async (tx) => {
        await tx.insert(categories).values({ position: 901 });
        await tx.insert(categories).values({ position: 902 });
        throw new Error("second thoughts");
      }),
    ).rejects.toThrow("second thoughts");
    expect(await connection.db.select().from(categories).where(eq(categories.position, 901))).toHaveLength(0);

    await transaction(async (tx) => {
      await tx.insert(categories).values({ position: 903 });
      await tx.insert(categories).values({ position: 904 });
    });
    const [count] = await selectRows<{ n: number }>(
      connection.db,
      sql`select count(*)::int as n from categories where position in (903, 904)`,
    );
    expect(count?.n).toBe(2);
  });

  it("joins an open transaction instead of committing on its own", async () => {
    await expect(
      transaction(async (outer) => {
        await transaction(
          async (inner) => {
            await inner.insert(categories).values({ position: 905 });
          },
          { on: outer },
        );
        throw new Error("outer fails");
      }),
    ).rejects.toThrow("outer fails");
    expect(await connection.db.select().from(categories).where(eq(categories.position, 905))).toHaveLength(0);
  });
});

describe("a refusal returned by the work", () => {
  it("rolls back what the work wrote and is returned, not thrown; its effects never run", async () => {
    let effectRan = false;
    const result = await transaction(async (tx) => {
      await tx.insert(categories).values({ position: 911 });
      afterCommit(tx, () => {
        effectRan = true;
      });
      return refuse.conflict("checkout:errors.soldOut", { product: "Dress" });
    });
    expect(isRefusal(result) && result.messageKey).toBe("checkout:errors.soldOut");
    expect(effectRan).toBe(false);
    expect(await connection.db.select().from(categories).where(eq(categories.position, 911))).toHaveLength(0);
  });

  it("in a savepoint rolls back only the savepoint; the outer work decides what to do with it", async () => {
    const outcome = await transaction(async (outer) => {
      await outer.insert(categories).values({ position: 912 });
      const inner = await transaction(
        async (tx) => {
          await tx.insert(categories).values({ position: 913 });
          return refuse.invalid("forms:validation.required");
        },
        { on: outer },
      );
      return isRefusal(inner) ? "went on without the inner part" : "inner committed";
    });
    expect(outcome).toBe("went on without the inner part");
    expect(await connection.db.select().from(categories).where(eq(categories.position, 912))).toHaveLength(1);
    expect(await connection.db.select().from(categories).where(eq(categories.position, 913))).toHaveLength(0);
  });
});

describe("transaction retries", () => {
  it("runs the work again after a serialization failure, and gives up on other errors", async () => {
    let calls = 0;
    const result = await transaction(
      async () => {
        calls++;
        if (calls === 1) throw Object.assign(new Error("could not serialize access"), { code: "40001" });
        return "second time lucky";
      },
      { isolationLevel: "serializable" },
    );
    expect(result).toBe("second time lucky");
    expect(calls).toBe(2);

    let failures = 0;
    await expect(
      transaction(
        async () => {
          failures++;
          throw Object.assign(new Error("unique violation"), { code: "23505" });
        },
        { isolationLevel: "serializable" },
      ),
    ).rejects.toThrow("unique violation");
    expect(failures).toBe(1);
  });
});

describe("afterCommit", () => {
  it("runs once the outermost transaction has committed, never after a rollback", async () => {
    const seen: string[] = [];
    const committed = async () =>
      (await connection.db.select().from(categories).where(eq(categories.position, 911))).length;
    await transaction(async (tx) => {
      await tx.insert(categories).values({ position: 911 });
      afterCommit(tx, () => seen.push("outer"));
      await transaction(async (inner) => afterCommit(inner, () => seen.push("inner")), { on: tx });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(["outer", "inner"]);
    expect(await committed()).toBe(1);

    await expect(
      transaction(async (tx) => {
        afterCommit(tx, () => seen.push("rolled back"));
        throw new Error("second thoughts");
      }),
    ).rejects.toThrow("second thoughts");
    afterCommit(connection.db, () => seen.push("no transaction"));
    expect(seen).toEqual(["outer", "inner", "no transaction"]);
  });

  it("drops the effects of a savepoint that rolled back inside a transaction that commits", async () => {
    const seen: string[] = [];
    await transaction(async (tx) => {
      afterCommit(tx, () => seen.push("outer"));
      await transaction(
        async (inner) => {
          afterCommit(inner, () => seen.push("rolled-back savepoint"));
          throw new Error("this part failed");
        },
        { on: tx },
      ).catch(() => {});
    });
    expect(seen).toEqual(["outer"]);
  });

  it("runs the effects of the attempt that committed only", async () => {
    let calls = 0;
    let effects = 0;
    await transaction(
      async (tx) => {
        calls++;
        afterCommit(tx, () => effects++);
        if (calls === 1) throw Object.assign(new Error("could not serialize access"), { code: "40001" });
      },
      { isolationLevel: "serializable" },
    );
    expect({ calls, effects }).toEqual({ calls: 2, effects: 1 });
  });
});

describe("inTransaction (a command composed into another)", () => {
  it("runs in its own transaction without one, rolling back its refusal", async () => {
    const result = await inTransaction(undefined, async (tx) => {
      await tx.insert(categories).values({ position: 921 });
      return refuse.conflict("checkout:errors.soldOut");
    });
    expect(isRefusal(result)).toBe(true);
    expect(await connection.db.select().from(categories).where(eq(categories.position, 921))).toHaveLength(0);
  });

  it("joins the caller's transaction without a savepoint: the caller's refusal rolls back both", async () => {
    const result = await transaction(async (outer) => {
      await outer.insert(categories).values({ position: 922 });
      const inner = await inTransaction(outer, async (tx) => {
        expect(tx).toBe(outer);
        await tx.insert(categories).values({ position: 923 });
        return refuse.conflict("checkout:errors.soldOut");
      });
      return inner;
    });
    expect(isRefusal(result)).toBe(true);
    const rows = await connection.db
      .select()
      .from(categories)
      .where(inArray(categories.position, [922, 923]));
    expect(rows).toHaveLength(0);
  });
});
