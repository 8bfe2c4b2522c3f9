import { describe, expect, it } from "vitest";
import { isRefusal, refuse } from "../../platform/refusal";
import {
  checkPaymentTransition,
  checkRefundTransition,
  isFinal,
  paymentStatuses,
  paymentTransitions,
  type RefundFacts,
  refundStatuses,
} from "./transitions";

describe("the payment transition table", () => {
  it("moves an open payment once, by the provider's report, to any final status", () => {
    for (const to of ["paid", "failed", "canceled", "expired"] as const)
      expect(checkPaymentTransition("open", to, "provider")).toMatchObject({ from: "open", to });
    expect(paymentTransitions).toHaveLength(4);
  });

  it("refuses every other move: a final status stays, and open to open is no move", () => {
    for (const from of paymentStatuses)
      for (const to of paymentStatuses) {
        if (from === "open" && to !== "open") continue;
        expect(checkPaymentTransition(from, to, "provider")).toMatchObject({
          kind: "conflict",
          messageKey: "payments:errors.transitionNotAllowed",
        });
      }
  });

  it("knows which statuses are final", () => {
    expect(paymentStatuses.filter(isFinal)).toEqual(["paid", "failed", "canceled", "expired"]);
  });
});

describe("the refund transition table", () => {
  const facts = (payment: Partial<RefundFacts["payment"]> = {}, amountCents = 1_000): RefundFacts => ({
    payment: { status: "paid", providerId: "tr_1", amountCents: 5_000, refundedCents: 0, ...payment },
    amountCents,
  });

  it("reserves a refund of a paid payment, up to what is left", () => {
    expect(checkRefundTransition(null, "pending", "shop", facts())).toMatchObject({ reservesAmount: true });
    expect(checkRefundTransition(null, "pending", "shop", facts({ refundedCents: 4_000 }))).toMatchObject({
      to: "pending",
    });
  });

  it("refuses a refund of a payment that is not paid, or that the provider does not know", () => {
    for (const status of ["open", "failed", "canceled", "expired"] as const)
      expect(checkRefundTransition(null, "pending", "shop", facts({ status }))).toMatchObject({
        kind: "conflict",
        messageKey: "payments:errors.refundNotPaid",
      });
    expect(checkRefundTransition(null, "pending", "shop", facts({ providerId: null }))).toMatchObject({
      messageKey: "payments:errors.refundNotPaid",
    });
  });

  it("refuses more than is left, saying how much is", () => {
    expect(checkRefundTransition(null, "pending", "shop", facts({ refundedCents: 4_500 }))).toMatchObject({
      kind: "invalid",
      messageKey: "payments:errors.refundTooMuch",
      values: { leftCents: 500 },
      field: "amountCents",
    });
  });

  it("lets only the provider settle a pending refund; a failed one gives its amount back", () => {
    expect(checkRefundTransition("pending", "refunded", "provider")).toMatchObject({ to: "refunded" });
    expect(checkRefundTransition("pending", "failed", "provider")).toMatchObject({ releasesAmount: true });
    expect(checkRefundTransition("pending", "refunded", "provider")).not.toHaveProperty("releasesAmount");
    expect(checkRefundTransition("pending", "refunded", "shop")).toEqual(
      refuse.forbidden("payments:errors.refundTransitionNotAllowed"),
    );
    expect(checkRefundTransition(null, "pending", "provider", facts())).toMatchObject({ kind: "forbidden" });
  });

  it("cannot reserve a refund without the payment and amount its guard checks", () => {
    expect(() => checkRefundTransition(null, "pending", "shop")).toThrow(
      "The refund move to pending needs its payment and amount",
    );
  });

  it("never moves a settled refund", () => {
    for (const from of ["refunded", "failed"] as const)
      for (const to of refundStatuses) {
        const move = checkRefundTransition(from, to, "provider");
        expect(isRefusal(move) && move.messageKey).toBe("payments:errors.refundTransitionNotAllowed");
      }
  });
});
