/** An image in one width; `url` is served by the app (local disk) or a CDN (S3). Client-safe. */
export interface ImageVariant {
  url: string;
  width: number;
  height: number;
}

/** The spec's image set: the original plus the five widths. */
export interface ImageSet {
  original: ImageVariant;
  w200: ImageVariant;
  w400: ImageVariant;
  w600: ImageVariant;
  w900: ImageVariant;
  w1000: ImageVariant;
}

/**
 * What a card or a tile needs of an image set: one `srcset` string, a fallback `src` and the box size.
 * Pages send this instead of the whole set, so the hydration data does not repeat every variant.
 */
export interface ResponsiveImage {
  src: string;
  srcSet: string;
  width: number;
  height: number;
}

/** Every distinct width once, narrowest first; the original only when wider than the largest variant. */
export function imageCandidates(image: ImageSet, maxWidth = Number.POSITIVE_INFINITY): ImageVariant[] {
  const variants = [image.w200, image.w400, image.w600, image.w900, image.w1000, image.original];
  const byWidth = new Map<number, ImageVariant>();
  for (const variant of variants) {
    if (variant.width > 0 && variant.width <= maxWidth && !byWidth.has(variant.width))
      byWidth.set(variant.width, variant);
  }
  return [...byWidth.values()].sort((a, b) => a.width - b.width);
}

/**
 * The set as a `ResponsiveImage`, without variants wider than `maxWidth` (a card is never shown wider than
 * about 500 CSS px, so 1000 px covers a 2x screen).
 */
export function responsiveImage(image: ImageSet, maxWidth = 1000): ResponsiveImage {
  const candidates = imageCandidates(image, maxWidth);
  return {
    src: image.w600.url || image.original.url,
    srcSet: (candidates.length ? candidates : imageCandidates(image))
      .map((variant) => `${variant.url} ${variant.width}w`)
      .join(", "),
    width: image.w600.width,
    height: image.w600.height,
  };
}
