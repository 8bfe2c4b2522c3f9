import { describe, expect, it } from "vitest";
import { buildSrcSet, fallbackSrc, type ImageSet, imageCandidates, rememberLoaded } from "./lazy-image";

const variant = (width: number) => ({ url: `/media/products/p1/${width}.webp`, width, height: width * 1.5 });
const image: ImageSet = {
  original: variant(1600),
  w200: variant(200),
  w400: variant(400),
  w600: variant(600),
  w900: variant(900),
  w1000: variant(1000),
};

describe("buildSrcSet", () => {
  it("lists every width once, narrowest first, with w descriptors", () => {
    expect(buildSrcSet(image)).toBe(
      [200, 400, 600, 900, 1000, 1600]
        .map((width) => `/media/products/p1/${width}.webp ${width}w`)
        .join(", "),
    );
  });

  it("leaves out an original that is no wider than a variant (small uploads are not upscaled twice)", () => {
    const small = { ...image, original: { ...variant(600), url: "/media/products/p1/original.webp" } };
    expect(imageCandidates(small).map((candidate) => candidate.width)).toEqual([200, 400, 600, 900, 1000]);
  });

  it("uses the 600px variant as the plain src", () => {
    expect(fallbackSrc(image)).toBe("/media/products/p1/600.webp");
  });
});

describe("rememberLoaded", () => {
  it("keeps each URL once, newest last, and forgets the oldest beyond the cap", () => {
    expect(rememberLoaded(["a", "b"], "a")).toEqual(["b", "a"]);
    expect(rememberLoaded(["a", "b", "c"], "d", 3)).toEqual(["b", "c", "d"]);
  });
});
