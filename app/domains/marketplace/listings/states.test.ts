import { describe, expect, it } from "vitest";
import { availableTransitions, listingStates, listingTransitions, nextListingState } from "./states";

describe("listing states", () => {
  it("publishes a draft, and nothing else", () => {
    expect(nextListingState("draft", "publish", "provider")).toEqual({ to: "published" });
    for (const state of listingStates.filter((s) => s !== "draft"))
      expect(nextListingState(state, "publish", "provider")).toEqual({
        refused: "marketplace:errors.transition.publish",
      });
  });

  it("lets only an operator remove, and only the system reserve", () => {
    expect(nextListingState("published", "remove", "provider")).toEqual({
      refused: "marketplace:errors.notAllowed",
    });
    expect(nextListingState("published", "remove", "operator")).toEqual({ to: "removed" });
    expect(nextListingState("published", "reserve", "provider")).toEqual({
      refused: "marketplace:errors.notAllowed",
    });
    expect(nextListingState("published", "reserve", "system")).toEqual({ to: "reserved" });
  });

  it("has no way out of sold for a seller", () => {
    expect(availableTransitions("sold", "provider")).toEqual([]);
    expect(availableTransitions("published", "provider").sort()).toEqual(["close", "mark-sold"]);
  });

  it("leads every transition to a known state", () => {
    for (const rule of Object.values(listingTransitions)) expect(listingStates).toContain(rule.to);
  });
});
