import { describe, expect, it } from "vitest";
import { lineProblem } from "./line-problems";

const now = new Date("2026-06-01T10:00:00Z");
const fine = { isActive: true, appOnly: false, onlineFrom: null, stock: 3 };

describe("lineProblem", () => {
  it("is null for an active product with enough stock", () => {
    expect(lineProblem(fine, 3, "web", now)).toBeNull();
  });

  it("names the first reason in order: unavailable, app-only, sold out, not enough stock", () => {
    expect(lineProblem({ ...fine, stock: 2 }, 3, "web", now)).toBe("not-enough-stock");
    expect(lineProblem({ ...fine, stock: 0 }, 1, "web", now)).toBe("sold-out");
    expect(lineProblem({ ...fine, stock: 0, appOnly: true }, 1, "web", now)).toBe("app-only");
    expect(lineProblem({ ...fine, appOnly: true }, 1, "app", now)).toBeNull();
    expect(lineProblem({ ...fine, appOnly: true, isActive: false }, 1, "web", now)).toBe(
      "no-longer-available",
    );
    expect(lineProblem({ ...fine, onlineFrom: "2026-06-02T00:00:00Z" }, 1, "web", now)).toBe(
      "no-longer-available",
    );
    expect(lineProblem({ ...fine, onlineFrom: "2026-05-01T00:00:00Z" }, 1, "web", now)).toBeNull();
  });
});
