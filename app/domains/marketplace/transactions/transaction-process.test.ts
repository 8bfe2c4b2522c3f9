import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyMoney,
  bundleDiscount,
  buyerProtectionFee,
  checkTransition,
  commissionOf,
  DEFAULT_DURATIONS,
  deadlineOf,
  EMPTY_LEDGER,
  FINAL_STATES,
  isConserved,
  type TransactionActor,
  type TransactionAmounts,
  type TransactionState,
  type TransactionTransition,
  timersOf,
  transactionActors,
  transactionStates,
  transactionTransitions,
  transitionNames,
  transitionsFrom,
} from "./transaction-process";

// PRODUCT.md "Marketplace", the transaction process, copied as it stands: the tests below are generated
// from this text, so a change to PRODUCT.md's table is pasted here and the code must follow.
const PRODUCT_TABLE = `
| enquire | — | pending-payment | customer | reserves the item, creates the payment |
| confirm-payment | pending-payment | payment-complete | system (PSP) | |
| failed-payment | pending-payment | canceled | system | also 15 min after enquire when unpaid |
| cancel-purchase | payment-complete | canceled | customer or provider | before sending; full refund |
| cancel-payment-by-operator | pending-payment | canceled | operator | |
| cancel-purchase-by-operator | payment-complete, item-sent | canceled | operator | full refund |
| send-item | payment-complete | item-sent | provider | carrier + tracking code |
| item-not-sent | payment-complete | not-delivered | system | 5 days after payment-complete *(setting)* |
| delivered | item-sent | delivered | customer, operator or carrier webhook | |
| not-delivered | item-sent | not-delivered | customer (after 14 days) or system (21 days) | |
| refund-not-delivered | not-delivered | refunded | system, at once | full refund |
| dispute-by-customer | delivered | dispute | customer | within 2 days of delivery *(setting)*, with reason + photos |
| complete-by-customer | delivered | completed | customer | |
| complete-by-operator | delivered | completed | operator / system | system: 2 days after delivered without dispute |
| dispute-resolved-by-customer | dispute | completed | customer | withdraws the dispute |
| dispute-resolved-by-operator | dispute | completed | operator | decided for the provider |
| refund-after-dispute | dispute | refunded | provider | provider accepts the refund |
| refund-after-dispute-by-operator | dispute | refunded | operator | decided for the customer |
| review-by-customer | completed | completed-and-reviewed | customer | 1–5 stars + text, within 30 days |
`;

interface ProductRow {
  transition: string;
  from: (TransactionState | null)[];
  to: string;
  by: TransactionActor[];
  notes: string;
}

function parseProductTable(): ProductRow[] {
  return PRODUCT_TABLE.trim()
    .split("\n")
    .map((line) => {
      const [transition, from, to, by, notes] = line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim());
      // Parenthesised notes ("(PSP)", "(after 14 days)") are not actors; a carrier webhook is the system.
      const actors = new Set<TransactionActor>(
        [...by!.replace(/\([^)]*\)/g, "").matchAll(/customer|provider|operator|system|carrier webhook/g)].map(
          ([word]) => (word === "carrier webhook" ? "system" : word) as TransactionActor,
        ),
      );
      return {
        transition: transition!,
        from: from === "—" ? [null] : from!.split(",").map((s) => s.trim() as TransactionState),
        to: to!,
        by: [...actors],
        notes: notes!,
      };
    });
}

const rows = parseProductTable();
const DAY = 86_400_000;
const t0 = new Date("2026-06-01T10:00:00Z");

/** A time at which the actor's guard (if any) lets the move through. */
function passingTimes(transition: TransactionTransition, actor: TransactionActor) {
  const guard = (transactionTransitions[transition].by as Record<string, unknown>)[actor] as
    | { after: string }
    | { within: string }
    | null
    | undefined;
  return { enteredAt: t0, now: new Date(t0.getTime() + (guard && "after" in guard ? 40 * DAY : 1000)) };
}

describe("the transaction process table", () => {
  it("has PRODUCT.md's 10 states and 19 transitions, each leading where the table says", () => {
    expect(transactionStates).toHaveLength(10);
    expect(transitionNames).toHaveLength(19);
    expect(rows.map((r) => r.transition).sort()).toEqual([...transitionNames].sort());
    for (const row of rows) {
      const rule = transactionTransitions[row.transition as TransactionTransition];
      expect(rule.to, row.transition).toBe(row.to);
      expect(rule.from === null ? [null] : [...rule.from], row.transition).toEqual(row.from);
      expect(Object.keys(rule.by).sort(), row.transition).toEqual([...row.by].sort());
    }
  });

  // Every (state, transition, actor) combination: allowed exactly when PRODUCT.md's row says so.
  const states: (TransactionState | null)[] = [null, ...transactionStates];
  for (const row of rows) {
    const transition = row.transition as TransactionTransition;
    for (const state of states)
      for (const actor of transactionActors) {
        const allowed = row.from.includes(state) && row.by.includes(actor);
        it(`${transition} from ${state ?? "—"} by ${actor}: ${allowed ? "allowed" : "refused"}`, () => {
          const result = checkTransition(state, transition, actor, passingTimes(transition, actor));
          if (allowed) expect(result).toEqual({ to: row.to });
          else {
            expect(result).toMatchObject({
              refused: row.from.includes(state) ? "wrong-actor" : "wrong-state",
            });
            expect((result as { messageKey: string }).messageKey).toMatch(/^trade:refused\./);
          }
        });
      }
  }

  it("keeps the guards of the table's notes, to the minute", () => {
    const at = (ms: number) => ({ enteredAt: t0, now: new Date(t0.getTime() + ms) });
    const check = (t: TransactionTransition, s: TransactionState, a: TransactionActor, ms: number) =>
      "to" in checkTransition(s, t, a, at(ms));
    // customer (after 14 days) or system (21 days)
    expect(check("not-delivered", "item-sent", "customer", 14 * DAY - 60_000)).toBe(false);
    expect(check("not-delivered", "item-sent", "customer", 14 * DAY)).toBe(true);
    expect(check("not-delivered", "item-sent", "system", 21 * DAY - 60_000)).toBe(false);
    expect(check("not-delivered", "item-sent", "system", 21 * DAY)).toBe(true);
    // within 2 days of delivery; within 30 days (review)
    expect(check("dispute-by-customer", "delivered", "customer", 2 * DAY)).toBe(true);
    expect(check("dispute-by-customer", "delivered", "customer", 2 * DAY + 1)).toBe(false);
    expect(check("review-by-customer", "completed", "customer", 30 * DAY)).toBe(true);
    expect(check("review-by-customer", "completed", "customer", 30 * DAY + 1)).toBe(false);
    // 5 days after payment-complete; system: 2 days after delivered; the operator at any time
    expect(check("item-not-sent", "payment-complete", "system", 5 * DAY - 1)).toBe(false);
    expect(check("item-not-sent", "payment-complete", "system", 5 * DAY)).toBe(true);
    expect(check("complete-by-operator", "delivered", "system", 2 * DAY - 1)).toBe(false);
    expect(check("complete-by-operator", "delivered", "operator", 0)).toBe(true);
    // The PSP may fail a payment at once; the timer fails it 15 minutes after enquire.
    expect(check("failed-payment", "pending-payment", "system", 0)).toBe(true);
  });

  it("plans the table's timers: 15 min, 5 days, 21 days, at once, 2 days", () => {
    const due = (s: TransactionState) =>
      timersOf(s, t0).map((t) => [t.transition, (t.dueAt.getTime() - t0.getTime()) / 60_000]);
    expect(due("pending-payment")).toEqual([["failed-payment", 15]]);
    expect(due("payment-complete")).toEqual([["item-not-sent", 5 * 24 * 60]]);
    expect(due("item-sent")).toEqual([["not-delivered", 21 * 24 * 60]]);
    expect(due("not-delivered")).toEqual([["refund-not-delivered", 0]]);
    expect(due("delivered")).toEqual([["complete-by-operator", 2 * 24 * 60]]);
    for (const s of ["dispute", "completed", ...FINAL_STATES] as TransactionState[])
      expect(due(s)).toEqual([]);
    // A setting changes the timer: 7 days unsent.
    expect(timersOf("payment-complete", t0, { ...DEFAULT_DURATIONS, itemNotSentDays: 7 })[0]!.dueAt).toEqual(
      new Date(t0.getTime() + 7 * DAY),
    );
  });

  it("tells each side its deadline", () => {
    expect(deadlineOf("delivered", "customer", t0)).toEqual(new Date(t0.getTime() + 2 * DAY));
    expect(deadlineOf("payment-complete", "provider", t0)).toEqual(new Date(t0.getTime() + 5 * DAY));
    expect(deadlineOf("completed", "customer", t0)).toEqual(new Date(t0.getTime() + 30 * DAY));
    expect(deadlineOf("item-sent", "provider", t0)).toBeNull();
  });

  it("leaves only the final states without a way out, and every state reachable from enquire", () => {
    for (const state of transactionStates)
      expect(transitionsFrom(state).length === 0, state).toBe(FINAL_STATES.includes(state));
    const seen = new Set<TransactionState>(["pending-payment"]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const s of [...seen])
        for (const t of transitionsFrom(s)) {
          const to = transactionTransitions[t].to;
          if (!seen.has(to)) {
            seen.add(to);
            grew = true;
          }
        }
    }
    expect([...seen].sort()).toEqual([...transactionStates].sort());
  });
});

describe("money along random walks", () => {
  const amounts = fc
    .record({
      priceCents: fc.integer({ min: 100, max: 500_000 }),
      shippingCents: fc.integer({ min: 0, max: 2_000 }),
      commissionPercent: fc.integer({ min: 0, max: 50 }),
    })
    .map(
      ({ priceCents, shippingCents, commissionPercent }): TransactionAmounts => ({
        priceCents,
        shippingCents,
        feeCents: buyerProtectionFee(priceCents, { fixedCents: 70, percent: 5 }),
        commissionCents: commissionOf(priceCents, commissionPercent),
      }),
    );

  it("conserves money at every step and ends only in a final state", () => {
    fc.assert(
      fc.property(amounts, fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), (money, choices) => {
        let state: TransactionState = "pending-payment";
        let ledger = applyMoney(EMPTY_LEDGER, "enquire", money);
        for (const choice of choices) {
          const ways = transitionsFrom(state);
          if (ways.length === 0) {
            expect(FINAL_STATES).toContain(state);
            break;
          }
          const transition = ways[choice % ways.length]!;
          ledger = applyMoney(ledger, transition, money);
          state = transactionTransitions[transition].to;
          expect(isConserved(ledger), `${transition} ${JSON.stringify(ledger)}`).toBe(true);
          if (state === "refunded" || state === "canceled")
            expect(ledger.earningsPendingCents + ledger.earningsAvailableCents).toBe(0);
          if (state === "completed") expect(ledger.earningsPendingCents).toBe(0);
        }
        // A paid transaction that ended shares the payment out exactly.
        if (ledger.paidCents > 0 && FINAL_STATES.includes(state) && state !== "completed-and-reviewed")
          expect(ledger.refundedCents).toBe(ledger.paidCents);
      }),
      { numRuns: 500 },
    );
  });

  it("prices a bundle with the store's discount only from its number of items", () => {
    expect(bundleDiscount([1000, 2000], { percent: 10, fromItems: 3 })).toBe(0);
    expect(bundleDiscount([1000, 2000, 999], { percent: 10, fromItems: 3 })).toBe(399);
    expect(bundleDiscount([1000, 2000], null)).toBe(0);
    expect(buyerProtectionFee(2000, { fixedCents: 70, percent: 5 })).toBe(170);
  });
});
