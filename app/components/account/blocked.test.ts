import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { isBlockedRefusal } from "./blocked";

describe("blocked customers", () => {
  it("recognises requireMayOrder's refusal and nothing else", () => {
    const refusal = (status: number, body: unknown) => {
      try {
        throw data(body, { status });
      } catch (thrown) {
        const { init, data: payload } = thrown as { init: { status: number }; data: unknown };
        return { status: init.status, statusText: "", internal: false, data: payload };
      }
    };
    expect(isBlockedRefusal(refusal(403, { reason: "blocked" }))).toBe(true);
    expect(isBlockedRefusal(refusal(403, { message: "You need the support role" }))).toBe(false);
    expect(isBlockedRefusal(refusal(404, { reason: "blocked" }))).toBe(false);
    expect(isBlockedRefusal(new Error("blocked"))).toBe(false);
  });
});
