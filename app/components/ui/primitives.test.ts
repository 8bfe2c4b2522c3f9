import { describe, expect, it } from "vitest";
import { clampOrigin, stepIndex, stepZoom } from "./image-gallery";
import { isClamped } from "./notification";
import { percentOf } from "./progress-bar";
import { starFills } from "./rating-stars";
import { addToast, dismissToast, type ToastItem } from "./toast";
import { mayAutoplay } from "./video-player";

describe("rating stars", () => {
  it("fills to the nearest half star", () => {
    expect(starFills(4.5)).toEqual([1, 1, 1, 1, 0.5]);
    expect(starFills(3.2)).toEqual([1, 1, 1, 0, 0]);
    expect(starFills(3.3)).toEqual([1, 1, 1, 0.5, 0]);
    expect(starFills(0)).toEqual([0, 0, 0, 0, 0]);
    expect(starFills(7)).toEqual([1, 1, 1, 1, 1]);
  });
});

describe("progress", () => {
  it("is a whole percentage within 0–100", () => {
    expect(percentOf(35, 100)).toBe(35);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(150, 100)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe("gallery", () => {
  it("wraps around the images", () => {
    expect(stepIndex(0, -1, 4)).toBe(3);
    expect(stepIndex(3, 1, 4)).toBe(0);
    expect(stepIndex(1, 1, 4)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it("zooms in steps and stops at both ends", () => {
    expect(stepZoom(1, 1)).toBe(2);
    expect(stepZoom(2, 1)).toBe(3);
    expect(stepZoom(3, 1)).toBe(3);
    expect(stepZoom(2, -1)).toBe(1);
    expect(stepZoom(1, -1)).toBe(1);
  });

  it("keeps the zoom point on the picture", () => {
    expect(clampOrigin(-10)).toBe(0);
    expect(clampOrigin(110)).toBe(100);
    expect(clampOrigin(42)).toBe(42);
  });
});

describe("toasts", () => {
  const item = (id: string): ToastItem => ({ id, title: id, open: true });

  it("shows at most three, pushing out the oldest", () => {
    let list: ToastItem[] = [];
    for (const id of ["a", "b", "c", "d"]) list = addToast(list, item(id));
    expect(list.filter((toast) => toast.open).map((toast) => toast.id)).toEqual(["b", "c", "d"]);
    expect(list.find((toast) => toast.id === "a")?.open).toBe(false);
  });

  it("replaces a toast with the same id instead of stacking it", () => {
    const list = addToast(addToast([], item("bag")), { ...item("bag"), title: "again" });
    expect(list).toEqual([{ id: "bag", title: "again", open: true }]);
  });

  it("drops closed toasts when the next one comes", () => {
    const list = addToast(dismissToast(addToast([], item("a")), "a"), item("b"));
    expect(list.map((toast) => toast.id)).toEqual(["b"]);
  });
});

describe("notification", () => {
  it("knows when text is clamped", () => {
    expect(isClamped({ scrollHeight: 60, clientHeight: 40 })).toBe(true);
    expect(isClamped({ scrollHeight: 40.5, clientHeight: 40 })).toBe(false);
  });
});

describe("video", () => {
  it("autoplays only when asked and motion is welcome (and then always muted)", () => {
    expect(mayAutoplay(true, false)).toBe(true);
    expect(mayAutoplay(true, true)).toBe(false);
    expect(mayAutoplay(false, false)).toBe(false);
  });
});
