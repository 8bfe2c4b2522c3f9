/** The widths an uploaded content picture is stored at (client-safe: pages build their `srcset` from it). */
export const CONTENT_IMAGE_WIDTHS = [600, 1200, 1800] as const;

const uploaded = /^\/media\/content\/([0-9a-f-]{36})\/\d+\.webp$/;

/** The `srcset` of an uploaded content picture, or undefined for any other path (a seeded product photo). */
export function contentImageSrcSet(src: string): string | undefined {
  const match = uploaded.exec(src);
  if (!match) return undefined;
  return CONTENT_IMAGE_WIDTHS.map((w) => `/media/content/${match[1]}/${w}.webp ${w}w`).join(", ");
}
