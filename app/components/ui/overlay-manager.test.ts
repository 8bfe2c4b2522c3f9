import { describe, expect, it } from "vitest";
import { closeOverlay, firstFocusable, type OverlayEntry, openOverlay, topOverlay } from "./overlay-manager";

const entry = (id: string, kind: OverlayEntry["kind"], opener = `${id}-opener`): OverlayEntry<string> => ({
  id,
  kind,
  returnFocus: [opener],
});

describe("openOverlay", () => {
  it("stacks modals on top of each other and of a fly-in", () => {
    let { stack } = openOverlay<string>([], entry("cart", "fly-in"));
    ({ stack } = openOverlay(stack, entry("confirm", "modal")));
    ({ stack } = openOverlay(stack, entry("really", "modal")));
    expect(stack.map((open) => open.id)).toEqual(["cart", "confirm", "really"]);
    expect(topOverlay(stack)?.id).toBe("really");
  });

  it("keeps one fly-in open: a second replaces the first and what was stacked on it", () => {
    let { stack } = openOverlay<string>([], entry("menu", "fly-in"));
    ({ stack } = openOverlay(stack, entry("size-help", "modal")));
    const change = openOverlay(stack, entry("cart", "fly-in", "button-in-menu"));
    expect(change.stack.map((open) => open.id)).toEqual(["cart"]);
    expect(change.closed.map((open) => open.id)).toEqual(["menu", "size-help"]);
    // The button that opened the cart lived in the menu; focus falls back to the menu's opener.
    expect(change.stack[0]?.returnFocus).toEqual(["button-in-menu", "menu-opener"]);
  });

  it("keeps one bottom tray open, independently of fly-ins", () => {
    let { stack } = openOverlay<string>([], entry("filters", "fly-in"));
    ({ stack } = openOverlay(stack, entry("sizes", "tray")));
    const change = openOverlay(stack, entry("sort", "tray"));
    expect(change.stack.map((open) => open.id)).toEqual(["filters", "sort"]);
    expect(change.closed.map((open) => open.id)).toEqual(["sizes"]);
  });

  it("ignores opening what is already open", () => {
    const { stack } = openOverlay<string>([], entry("cart", "fly-in"));
    const change = openOverlay(stack, entry("cart", "fly-in"));
    expect(change.stack).toBe(stack);
    expect(change.closed).toEqual([]);
  });
});

describe("closeOverlay", () => {
  it("closes an overlay together with everything stacked on it", () => {
    let { stack } = openOverlay<string>([], entry("cart", "fly-in"));
    ({ stack } = openOverlay(stack, entry("confirm", "modal")));
    const change = closeOverlay(stack, "cart");
    expect(change.stack).toEqual([]);
    expect(change.closed.map((open) => open.id)).toEqual(["cart", "confirm"]);
  });

  it("closes only the top when the top is closed", () => {
    let { stack } = openOverlay<string>([], entry("cart", "fly-in"));
    ({ stack } = openOverlay(stack, entry("confirm", "modal")));
    expect(closeOverlay(stack, "confirm").stack.map((open) => open.id)).toEqual(["cart"]);
  });

  it("ignores an id that is not open", () => {
    const { stack } = openOverlay<string>([], entry("cart", "fly-in"));
    expect(closeOverlay(stack, "nope").stack).toBe(stack);
  });
});

describe("firstFocusable", () => {
  const node = (name: string, isConnected: boolean, inert = false) => ({
    name,
    isConnected,
    closest: (selector: string) => (selector === "[inert]" && inert ? {} : null),
  });

  it("skips targets that left the document or sit in an inert part", () => {
    const gone = node("gone", false);
    const hidden = node("hidden", true, true);
    const trigger = node("trigger", true);
    expect(firstFocusable([gone, hidden, trigger])?.name).toBe("trigger");
    expect(firstFocusable([gone])).toBeUndefined();
  });
});
