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
