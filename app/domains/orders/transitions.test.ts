import { describe, expect, it } from "vitest";
import { isRefusal, refuse } from "../../platform/refusal";
import type { OrderActor } from "./tables.server";
import { checkTransition, nextStatuses, orderStatuses, orderTransitions } from "./transitions";

const actors: OrderActor[] = ["customer", "payment", "system", "staff"];

/** PRODUCT.md: who may move an order from one status to the next. */
const whoMay: Record<string, OrderActor[]> = {
  "pending→processing": ["payment"],
  "pending→canceled": ["payment", "system", "staff"],
  "processing→holded": ["staff"],
  "processing→complete": ["staff", "system"],
  "processing→canceled": ["staff"],
  "holded→processing": ["staff"],
  "holded→canceled": ["staff"],
  "complete→closed": ["staff", "system"],
};

describe("the order state machine (PRODUCT.md's transition table)", () => {
  it("allows exactly the table's transitions", () => {
    const allowed = orderTransitions.map((t) => `${t.from}→${t.to}`).sort();
    expect(allowed).toEqual(
      [
        "complete→closed",
        "holded→canceled",
        "holded→processing",
        "pending→canceled",
        "pending→processing",
        "processing→canceled",
        "processing→complete",
        "processing→holded",
      ].sort(),
    );
    for (const from of orderStatuses)
      for (const to of orderStatuses) {
        const check = checkTransition(from, to, "staff", "3SABCD123");
        const listed = allowed.includes(`${from}→${to}`);
        if (!listed) expect(check).toEqual(refuse.conflict("orders:errors.transitionNotAllowed"));
      }
  });

  it("lets only the payment mark an order paid, and needs a track & trace code to ship", () => {
    expect(checkTransition("pending", "processing", "staff", null)).toMatchObject({
      kind: "forbidden",
      messageKey: "orders:errors.notYours",
    });
    expect(isRefusal(checkTransition("pending", "processing", "payment", null))).toBe(false);
    expect(checkTransition("processing", "complete", "staff", " ")).toMatchObject({
      kind: "invalid",
      messageKey: "orders:errors.trackAndTraceRequired",
      field: "trackAndTrace",
    });
    expect(nextStatuses("processing", "staff").sort()).toEqual(["canceled", "complete", "holded"]);
    expect(nextStatuses("canceled", "staff")).toEqual([]);
  });

  it("lets each move be made by exactly the actors the table names, and no one else", () => {
    for (const from of orderStatuses)
      for (const to of orderStatuses)
        for (const actor of actors) {
          const check = checkTransition(from, to, actor, "3SABCD123");
          const may = whoMay[`${from}→${to}`];
          if (!may) expect(check).toEqual(refuse.conflict("orders:errors.transitionNotAllowed"));
          else if (may.includes(actor)) expect(check).toMatchObject({ from, to });
          else expect(check).toEqual(refuse.forbidden("orders:errors.notYours"));
        }
  });

  it("offers each actor exactly the moves it may make from a status", () => {
    for (const from of orderStatuses)
      for (const actor of actors) {
        const expected = orderStatuses.filter((to) => whoMay[`${from}→${to}`]?.includes(actor));
        expect(nextStatuses(from, actor).sort()).toEqual([...expected].sort());
      }
  });

  it("returns the stock on every cancel and only then; needs a track & trace code only to ship", () => {
    const key = (t: { from: string; to: string }) => `${t.from}→${t.to}`;
    expect(orderTransitions.filter((t) => t.returnsStock).map(key)).toEqual([
      "pending→canceled",
      "processing→canceled",
      "holded→canceled",
    ]);
    expect(orderTransitions.filter((t) => t.needsTrackAndTrace).map(key)).toEqual(["processing→complete"]);
    expect(checkTransition("processing", "complete", "system", null)).toMatchObject({
      messageKey: "orders:errors.trackAndTraceRequired",
    });
    expect(checkTransition("processing", "canceled", "staff", null)).toMatchObject({ returnsStock: true });
  });
});
