import { describe, expect, it } from "vitest";
import { RECENTLY_VIEWED_LIMIT, remember } from "./recently-viewed";

describe("recently viewed", () => {
  it("keeps the newest first, once each, at most twelve", () => {
    let list = remember([], { slug: "a", name: "A" });
    list = remember(list, { slug: "b", name: "B" });
    list = remember(list, { slug: "a", name: "A" });
    expect(list.map((p) => p.slug)).toEqual(["a", "b"]);
    for (let i = 0; i < 20; i++) list = remember(list, { slug: `p${i}`, name: `P${i}` });
    expect(list).toHaveLength(RECENTLY_VIEWED_LIMIT);
    expect(list[0]?.slug).toBe("p19");
  });
});
