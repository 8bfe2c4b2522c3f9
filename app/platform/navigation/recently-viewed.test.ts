import { describe, expect, it } from "vitest";
import { RECENTLY_VIEWED_LIMIT, remember, slugIn } from "./recently-viewed";

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

describe("slugIn", () => {
  it("links an entry with its slug in the shopper's locale when it knows one", () => {
    const item = {
      slug: "wool-blazer",
      name: "Wool blazer",
      slugs: { en: "wool-blazer", nl: "wollen-blazer" },
    };
    expect(slugIn(item, "nl")).toBe("wollen-blazer");
    expect(slugIn(item, "fr")).toBe("wool-blazer");
    expect(slugIn({ slug: "old-entry", name: "Old" }, "nl")).toBe("old-entry");
  });
});
