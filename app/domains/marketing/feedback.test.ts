import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { parseShopForm } from "../../platform/forms/submission";
import { isRefusal } from "../../platform/refusal";
import { authThrottle } from "../../platform/throttle/tables.server";
import { createAccount } from "../customers/customers.server";
import { outboxMessages } from "../notifications/tables.server";
import { walletOf } from "../wallet/wallet.server";
import { pickWinner, previousMonth } from "./feedback.server";
import { drawFeedbackPrize, giveFeedback, replayFeedbackDraw } from "./marketing.server";
import { feedbackDraws, feedbackEntries } from "./tables.server";
import { FeedbackSchema } from "./validation";

let connection: Connection;
const meta = { locale: "nl" as const, ip: "203.0.113.40" };

beforeAll(async () => {
  connection = await freshDatabase();
}, 180_000);
afterAll(() => connection.close());
beforeEach(async () => {
  await connection.db.delete(feedbackDraws);
  await connection.db.delete(feedbackEntries);
  await connection.db.delete(outboxMessages);
  await connection.db.delete(authThrottle);
});

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return parseShopForm(data, FeedbackSchema);
};

/** Entries of November 2026 (Amsterdam), straight into the table. */
async function entries(rows: { email: string | null; enterDraw: boolean }[]) {
  await connection.db.insert(feedbackEntries).values(
    rows.map((row, n) => ({
      text: `Feedback ${n}`,
      rating: (n % 5) + 1,
      email: row.email,
      enterDraw: row.enterDraw,
      locale: "nl",
      createdAt: new Date(Date.UTC(2026, 10, 1 + (n % 28), 12)),
    })),
  );
}

describe("feedback form", () => {
  it("needs a text and a rating 1–5, and an e-mail address to enter the draw", () => {
    expect(form({ text: "Mooi!", rating: "5" }).status).toBe("success");
    expect(form({ text: "Mooi!", rating: "6" }).status).toBe("error");
    expect(form({ text: "", rating: "3" }).status).toBe("error");
    const noEmail = form({ text: "Mooi!", rating: "4", enterDraw: "on" });
    expect(noEmail.status === "error" && noEmail.error?.email).toEqual([
      "marketing:feedback.errors.drawNeedsEmail",
    ]);
    expect(form({ text: "Mooi!", rating: "4", email: "nope", enterDraw: "on" }).status).toBe("error");
  });

  it("stores an entry, in the draw only with the box ticked", async () => {
    expect(
      await giveFeedback({ text: "Snel!", rating: "5", email: "A@x.nl", enterDraw: true }, meta),
    ).toMatchObject({
      enteredDraw: true,
    });
    expect(
      await giveFeedback({ text: "Ok", rating: "3", email: "b@x.nl", enterDraw: false }, meta),
    ).toMatchObject({
      enteredDraw: false,
    });
    const rows = await connection.db.select().from(feedbackEntries).orderBy(feedbackEntries.id);
    expect(rows.map((r) => [r.email, r.enterDraw, r.rating])).toEqual([
      ["a@x.nl", true, 5],
      ["b@x.nl", false, 3],
    ]);
  });
});

describe("the monthly draw", () => {
  it("is the previous month in Amsterdam, on the 1st", () => {
    expect(previousMonth(new Date("2026-12-01T06:00:00Z"))).toBe("2026-11");
    expect(previousMonth(new Date("2026-01-01T00:30:00+01:00"))).toBe("2025-12");
    // 23:30 UTC on 30 November is already 1 December in Amsterdam.
    expect(previousMonth(new Date("2026-11-30T23:30:00Z"))).toBe("2026-11");
  });

  it("never picks an address that did not opt in, whatever the seed", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.uniqueArray(fc.emailAddress(), { minLength: 1 }),
        (seed, list) => {
          const winner = pickWinner(seed, "2026-11", list);
          return winner !== null && list.includes(winner);
        },
      ),
    );
    expect(pickWinner("seed", "2026-11", [])).toBeNull();
  });

  it("draws once among the opted-in entrants, reproducibly from its seed, credits the wallet and e-mails the winner", async () => {
    const { id } = await createAccount({
      email: "winner@x.nl",
      password: "a-long-password",
      firstName: "Wim",
      lastName: "Winner",
      locale: "nl",
    });
    await entries([
      { email: "winner@x.nl", enterDraw: true },
      { email: "winner@x.nl", enterDraw: true },
      { email: "nope@x.nl", enterDraw: false },
      { email: null, enterDraw: false },
    ]);
    const draw = await drawFeedbackPrize({ month: "2026-11" });
    expect(draw).toMatchObject({ entrants: 1, winnerEmail: "winner@x.nl", prizeCents: 25_000 });
    expect(draw.seed).toMatch(/^[0-9a-f]{64}$/);
    expect((await walletOf(id)).balanceCents).toBe(25_000);
    const [mail] = await connection.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, "winner@x.nl"));
    expect(mail!.template).toBe("feedbackPrize");

    // Run again (a retry, a second replica): the same draw, no second prize.
    expect((await drawFeedbackPrize({ month: "2026-11" })).id).toBe(draw.id);
    expect((await walletOf(id)).balanceCents).toBe(25_000);
    expect(await replayFeedbackDraw("2026-11")).toEqual({
      winner: "winner@x.nl",
      sameEntrants: true,
      recordedWinner: "winner@x.nl",
    });
  });

  it("gives the same winner for the same seed and entrants, and records a win without an account", async () => {
    await entries(Array.from({ length: 40 }, (_, n) => ({ email: `p${n}@x.nl`, enterDraw: n % 3 !== 0 })));
    const seed = "a".repeat(64);
    const draw = await drawFeedbackPrize({ month: "2026-11", seed });
    expect(draw.entrants).toBe(26);
    const optedIn = Array.from({ length: 40 }, (_, n) => n)
      .filter((n) => n % 3 !== 0)
      .map((n) => `p${n}@x.nl`)
      .sort();
    expect(draw.winnerEmail).toBe(pickWinner(seed, "2026-11", optedIn));
    expect(optedIn).toContain(draw.winnerEmail);
    expect(draw.walletKey).toBeNull();
    const replay = await replayFeedbackDraw("2026-11");
    expect(replay?.winner).toBe(draw.winnerEmail);
  });

  it("records an empty month without a winner", async () => {
    const draw = await drawFeedbackPrize({ month: "2026-10" });
    expect(draw).toMatchObject({ entrants: 0, winnerEmail: null });
    expect(await connection.db.select().from(outboxMessages)).toHaveLength(0);
    expect(isRefusal(draw)).toBe(false);
  });
});
