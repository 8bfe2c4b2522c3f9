// Photos staff upload for a product: checked, turned into the spec's image set with sharp (original plus
// 200/400/600/900/1000 px wide WebP) and written under <DATA_DIR>/media/products/upload-<uuid>/.
import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { env } from "../../platform/env.server";
import { type Refusal, refuse } from "../../platform/refusal";
import type { ImageSet, ImageVariant } from "./image-set";

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
const MIN_WIDTH = 600;
/** Larger originals are scaled down: nobody needs a 6000 px photo, and it would cost disk and bandwidth. */
const MAX_ORIGINAL_WIDTH = 2400;
const WIDTHS = [200, 400, 600, 900, 1000] as const;
const ACCEPTED = new Set(["jpeg", "png", "webp", "avif", "tiff"]);

function mediaRoot(): string {
  return path.join(env().DATA_DIR, "media");
}

/**
 * Stores an uploaded photo as an image set and returns it. A file that is not a photo sharp can read, or
 * one narrower than 600 px, is refused (nothing is written then). The files exist before any database row points at them.
 */
export async function storeProductImage(file: Blob): Promise<ImageSet | Refusal> {
  if (file.size === 0) return refuse.invalid("admin:catalogue.photoMissing", undefined, "photo");
  if (file.size > MAX_UPLOAD_BYTES)
    return refuse.invalid(
      "admin:catalogue.photoTooLarge",
      { megabytes: MAX_UPLOAD_BYTES / 1024 / 1024 },
      "photo",
    );
  const input = Buffer.from(await file.arrayBuffer());
  const meta = await sharp(input)
    .metadata()
    .catch(() => null);
  if (!meta?.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height)
    return refuse.invalid("admin:catalogue.notAPhoto", undefined, "photo");
  // EXIF orientation is applied, so portrait phone photos stand upright.
  const upright = await sharp(input).rotate().toBuffer({ resolveWithObject: true });
  if (upright.info.width < MIN_WIDTH)
    return refuse.invalid("admin:catalogue.photoTooNarrow", { width: MIN_WIDTH }, "photo");

  const key = `upload-${randomUUID()}`;
  const dir = path.join(mediaRoot(), "products", key);
  await mkdir(dir, { recursive: true });
  try {
    const write = async (name: string, width: number): Promise<ImageVariant> => {
      const { data, info } = await sharp(upright.data)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      await writeFile(path.join(dir, `${name}.webp`), data);
      return { url: `/media/products/${key}/${name}.webp`, width: info.width, height: info.height };
    };
    const original = await write("original", Math.min(upright.info.width, MAX_ORIGINAL_WIDTH));
    const [w200, w400, w600, w900, w1000] = (await Promise.all(
      WIDTHS.map((width) => write(String(width), width)),
    )) as [ImageVariant, ImageVariant, ImageVariant, ImageVariant, ImageVariant];
    return { original, w200, w400, w600, w900, w1000 };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Removes the files of an uploaded set that no row uses any more (seeded sets are shared; left alone). */
export async function discardProductImage(set: ImageSet): Promise<void> {
  const match = /^\/media\/products\/(upload-[0-9a-f-]{36})\//.exec(set.original.url);
  if (!match) return;
  await rm(path.join(mediaRoot(), "products", match[1] as string), { recursive: true, force: true });
}
