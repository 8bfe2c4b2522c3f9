import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_GUARD_MS, shouldReloadAfterChunkError } from "./chunk-reload";
import { minimumDisplayLeft, prefetchAllowed } from "./hooks";

describe("chunk reload guard", () => {
  it("reloads at most once per minute", () => {
    expect(shouldReloadAfterChunkError(null, 1_000)).toBe(true);
    expect(shouldReloadAfterChunkError(1_000, 1_000 + CHUNK_RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReloadAfterChunkError(1_000, 1_000 + CHUNK_RELOAD_GUARD_MS)).toBe(true);
  });
});

describe("prefetch rules", () => {
  const nav = (onLine: boolean, connection?: { saveData?: boolean; effectiveType?: string }) =>
    ({ onLine, connection }) as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } };

  it("skips prefetching offline, on 2G and with Save-Data", () => {
    expect(prefetchAllowed(nav(true))).toBe(true);
    expect(prefetchAllowed(nav(true, { effectiveType: "4g" }))).toBe(true);
    expect(prefetchAllowed(nav(false))).toBe(false);
    expect(prefetchAllowed(nav(true, { effectiveType: "2g" }))).toBe(false);
    expect(prefetchAllowed(nav(true, { effectiveType: "slow-2g" }))).toBe(false);
    expect(prefetchAllowed(nav(true, { saveData: true, effectiveType: "4g" }))).toBe(false);
  });
});

describe("minimum loading display", () => {
  it("keeps a loading state 200 ms once shown, and no longer", () => {
    expect(minimumDisplayLeft(1_000, 1_050, 200)).toBe(150);
    expect(minimumDisplayLeft(1_000, 1_200, 200)).toBe(0);
    expect(minimumDisplayLeft(1_000, 5_000, 200)).toBe(0);
  });
});
