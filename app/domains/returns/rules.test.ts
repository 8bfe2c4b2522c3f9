import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isRefusal } from "../../platform/refusal";
import {
  deliveredBy,
  lineRefundCents,
  returnFeeCents,
  returnWindow,
  splitRefund,
  withdrawalWindow,
} from "./rules";
import { checkReturnTransition, outcomeStatus } from "./transitions";

const line = fc
  .record({ quantity: fc.integer({ min: 1, max: 20 }), totalCents: fc.integer({ min: 0, max: 1_000_000 }) })
  .chain((l) =>
    fc.record({
      line: fc.constant(l),
      // The units of the line returned in parts, in any order of part sizes.
      parts: fc.array(fc.integer({ min: 1, max: l.quantity }), { maxLength: 10 }),
    }),
  );

describe("what returned units refund", () => {
  it("never more than was paid for the line; all units together refund exactly the line's total", () => {
    fc.assert(
      fc.property(line, ({ line: l, parts }) => {
        let before = 0;
        let sum = 0;
        for (const part of parts) {
          const units = Math.min(part, l.quantity - before);
          if (units === 0) break;
          const cents = lineRefundCents(l, before, units);
          expect(cents).toBeGreaterThanOrEqual(0);
          sum += cents;
          before += units;
          expect(sum).toBeLessThanOrEqual(l.totalCents);
        }
        const rest = l.quantity - before;
        sum += lineRefundCents(l, before, rest);
        expect(sum).toBe(l.totalCents);
      }),
    );
  });

  it("refuses more units than the line has", () => {
    expect(() => lineRefundCents({ quantity: 2, totalCents: 100 }, 1, 2)).toThrow(RangeError);
  });
});

describe("the refund's way back", () => {
  it("provider first, the rest to the wallet; the parts always add up to the amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.boolean(),
        fc.boolean(),
        (amount, left, hasWallet, toWallet) => {
          const split = splitRefund(amount, { providerLeftCents: left, hasWallet, toWallet });
          expect(split.providerCents + split.walletCents + split.unplacedCents).toBe(amount);
          expect(split.providerCents).toBeLessThanOrEqual(left);
          if (!hasWallet) expect(split.walletCents).toBe(0);
          if (toWallet && hasWallet) expect(split.providerCents).toBe(0);
        },
      ),
    );
  });
});

describe("the fee rule", () => {
  const fees = { NL: 0, BE: 0, FR: 495, ES: 495 };
  it("charges FR/ES returns, never withdrawals or exchanges", () => {
    expect(returnFeeCents("return", "drop-off", "FR", fees)).toBe(495);
    expect(returnFeeCents("return", "label", "NL", fees)).toBe(0);
    expect(returnFeeCents("withdrawal", "drop-off", "ES", fees)).toBe(0);
    expect(returnFeeCents("return", "exchange", "ES", fees)).toBe(0);
  });
});

describe("the windows", () => {
  const shippedAt = new Date("2026-10-01T12:00:00Z");
  const day = 24 * 3600 * 1000;
  it("counts the return window from delivery", () => {
    const delivered = deliveredBy(shippedAt).getTime();
    const order = { status: "complete", shippedAt };
    expect(returnWindow(order, 30, new Date(delivered + 30 * day)).open).toBe(true);
    expect(returnWindow(order, 30, new Date(delivered + 30 * day + 1)).open).toBe(false);
    expect(returnWindow({ status: "processing", shippedAt: null }, 30, shippedAt).open).toBe(false);
  });
  it("opens the withdrawal at the contract and closes it 14 days after delivery", () => {
    const delivered = deliveredBy(shippedAt).getTime();
    expect(withdrawalWindow({ status: "processing", shippedAt: null }, shippedAt).open).toBe(true);
    expect(withdrawalWindow({ status: "complete", shippedAt }, new Date(delivered + 14 * day)).open).toBe(
      true,
    );
    expect(withdrawalWindow({ status: "complete", shippedAt }, new Date(delivered + 15 * day)).open).toBe(
      false,
    );
    expect(withdrawalWindow({ status: "canceled", shippedAt: null }, shippedAt).open).toBe(false);
  });
});

describe("the return transition table", () => {
  it("lets only staff receive, and the inspection decide the outcome", () => {
    expect(checkReturnTransition("requested", "received", "customer")).toMatchObject({ kind: "forbidden" });
    expect(checkReturnTransition("refunded", "received", "staff")).toMatchObject({
      messageKey: "returns:errors.transitionNotAllowed",
    });
    const pending = { pending: 1, accepted: 1, rejected: 0 };
    expect(checkReturnTransition("received", "refunded", "staff", pending)).toMatchObject({
      messageKey: "returns:errors.notInspected",
    });
    const mixed = { pending: 0, accepted: 1, rejected: 1 };
    expect(outcomeStatus(mixed)).toBe("partially_refunded");
    expect(isRefusal(checkReturnTransition("received", "partially_refunded", "staff", mixed))).toBe(false);
    expect(checkReturnTransition("received", "refunded", "staff", mixed)).toMatchObject({
      messageKey: "returns:errors.notAllAccepted",
    });
    expect(outcomeStatus({ pending: 0, accepted: 0, rejected: 2 })).toBe("rejected");
  });
});
