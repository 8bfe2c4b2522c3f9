import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseShopForm } from "~/platform/forms/submission";
import { BODY_LIMITS } from "./body";
import { recommendSize } from "./recommend";
import { sizeChartFor } from "./size-charts";
import { SizeAdviceSchema, sizingMessageKeys } from "./validation";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

const errors = (entries: Record<string, string>) => {
  const submission = parseShopForm(form(entries), SizeAdviceSchema);
  return submission.status === "error" ? submission.error : null;
};

describe("SizeAdviceSchema", () => {
  it("parses form data into numbers", () => {
    const submission = parseShopForm(
      form({ heightCm: "168", weightKg: "60", profile: "women" }),
      SizeAdviceSchema,
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") {
      expect(submission.value).toEqual({ heightCm: 168, weightKg: 60, profile: "women" });
    }
  });

  it("answers with the sizing translation keys", () => {
    expect(errors({})).toEqual({
      heightCm: ["sizing.heightRequired"],
      weightKg: ["sizing.weightRequired"],
      profile: ["sizing.profileRequired"],
    });
    expect(errors({ heightCm: "139", weightKg: "161", profile: "kids" })).toEqual({
      heightCm: ["sizing.heightRange"],
      weightKg: ["sizing.weightRange"],
      profile: ["sizing.profileRequired"],
    });
    expect(errors({ heightCm: "168.5", weightKg: "sixty", profile: "men" })).toEqual({
      heightCm: ["sizing.heightRange"],
      weightKg: ["sizing.weightRange"],
    });
  });

  it("calls an empty or null JSON value missing, and anything else out of range", () => {
    const messages = (input: Record<string, unknown>) =>
      SizeAdviceSchema.safeParse({ profile: "women", ...input }).error?.issues.map((issue) => issue.message);
    expect(messages({ heightCm: null, weightKg: "" })).toEqual([
      "sizing.heightRequired",
      "sizing.weightRequired",
    ]);
    expect(messages({ heightCm: 170.5, weightKg: 34 })).toEqual(["sizing.heightRange", "sizing.weightRange"]);
    expect(messages({ heightCm: 211, weightKg: " " })).toEqual(["sizing.heightRange", "sizing.weightRange"]);
  });

  it("validates JSON (an API call, remembered inputs) the same way", () => {
    expect(SizeAdviceSchema.safeParse({ heightCm: 210, weightKg: 35, profile: "men" }).success).toBe(true);
    const result = SizeAdviceSchema.safeParse({ heightCm: 211, weightKg: "60", profile: "men" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "sizing.heightRange",
      "sizing.weightRange",
    ]);
    for (const issue of result.error?.issues ?? []) {
      expect(sizingMessageKeys).toContain(issue.message);
    }
  });

  it("accepts exactly the inputs the recommendation is not out of range for", () => {
    const chart = sizeChartFor("women", "tops");
    const availableSizes = chart?.sizes.map((entry) => entry.size) ?? [];
    fc.assert(
      fc.property(
        fc.integer({ min: BODY_LIMITS.heightCm.min - 20, max: BODY_LIMITS.heightCm.max + 20 }),
        fc.integer({ min: BODY_LIMITS.weightKg.min - 20, max: BODY_LIMITS.weightKg.max + 20 }),
        (heightCm, weightKg) => {
          const valid = SizeAdviceSchema.safeParse({ heightCm, weightKg, profile: "women" }).success;
          const result = recommendSize({ heightCm, weightKg, profile: "women", chart, availableSizes });
          expect(valid).toBe(!(!result.ok && result.reason === "out-of-range"));
        },
      ),
    );
  });
});
