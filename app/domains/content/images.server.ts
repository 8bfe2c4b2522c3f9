// Pictures merchandisers upload for content blocks (heroes, images, video posters): checked with sharp,
// turned upright and written as WebP at the widths `contentImageSrcSet` names, under
// <DATA_DIR>/media/content/<uuid>/. A block stores the 1200 px file's path.
import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { env } from "../../platform/env.server";
import { type Refusal, refuse } from "../../platform/refusal";
import { CONTENT_IMAGE_WIDTHS } from "./images";

export const MAX_CONTENT_IMAGE_BYTES = 15 * 1024 * 1024;
const MIN_WIDTH = 600;
const ACCEPTED = new Set(["jpeg", "png", "webp", "avif", "tiff"]);

/** Stores an uploaded picture and answers the path a block keeps; a file that is no picture is refused. */
export async function storeContentImage(file: Blob): Promise<{ src: string } | Refusal> {
  if (file.size === 0) return refuse.invalid("admin:catalogue.photoMissing", undefined, "image");
  if (file.size > MAX_CONTENT_IMAGE_BYTES)
    return refuse.invalid(
      "admin:catalogue.photoTooLarge",
      { megabytes: MAX_CONTENT_IMAGE_BYTES / 1024 / 1024 },
      "image",
    );
  const input = Buffer.from(await file.arrayBuffer());
  const meta = await sharp(input)
    .metadata()
    .catch(() => null);
  if (!meta?.format || !ACCEPTED.has(meta.format) || !meta.width)
    return refuse.invalid("admin:catalogue.notAPhoto", undefined, "image");
  const upright = await sharp(input).rotate().toBuffer({ resolveWithObject: true });
  if (upright.info.width < MIN_WIDTH)
    return refuse.invalid("admin:catalogue.photoTooNarrow", { width: MIN_WIDTH }, "image");
  const key = randomUUID();
  const dir = path.join(env().DATA_DIR, "media", "content", key);
  await mkdir(dir, { recursive: true });
  try {
    await Promise.all(
      CONTENT_IMAGE_WIDTHS.map(async (width) => {
        const data = await sharp(upright.data)
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        await writeFile(path.join(dir, `${width}.webp`), data);
      }),
    );
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { src: `/media/content/${key}/1200.webp` };
}
