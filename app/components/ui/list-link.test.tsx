import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { inAppHref, type LinkClick, ListLink } from "./list-link";

const origin = "https://shop.test";
const click = (change: Partial<LinkClick> = {}): LinkClick => ({
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
  target: "",
  download: false,
  href: `${origin}/nl/linnen-blouse/?size=m#reviews`,
  ...change,
});

describe("a product card's plain link (decision 0057)", () => {
  it("is an ordinary anchor that route discovery and the root's listener find", () => {
    const html = renderToStaticMarkup(
      <ListLink href="/en/linen-shirt/" className="block">
        Linen shirt
      </ListLink>,
    );
    expect(html).toBe(
      '<a class="block" href="/en/linen-shirt/" data-discover="true" data-list-link="">Linen shirt</a>',
    );
  });

  it("navigates a plain main-button click in the app, with the query and the fragment", () => {
    expect(inAppHref(click(), origin)).toBe("/nl/linnen-blouse/?size=m#reviews");
    expect(inAppHref(click({ target: "_self" }), origin)).toBe("/nl/linnen-blouse/?size=m#reviews");
  });

  it("leaves to the browser what a <Link> leaves to it", () => {
    for (const change of [
      { button: 1 },
      { metaKey: true },
      { ctrlKey: true },
      { shiftKey: true },
      { altKey: true },
      { defaultPrevented: true },
      { target: "_blank" },
      { download: true },
      { href: "https://elsewhere.test/nl/linnen-blouse/" },
    ])
      expect(inAppHref(click(change), origin), JSON.stringify(change)).toBeNull();
  });
});
