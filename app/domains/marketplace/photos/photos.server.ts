// Sellers' photos: checked, turned upright, stripped of their metadata (EXIF location, camera serials) and
// written as the spec's image set (original plus 200/400/600/900/1000 px WebP) under
// <DATA_DIR>/media/marketplace/<key>/. sharp writes no metadata unless asked to, so every stored file is
// clean; the original upload is never kept.
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { env } from "../../../platform/env.server";
import { type Refusal, refuse } from "../../../platform/refusal";
import type { ImageSet, ImageVariant } from "../../catalog/image-set";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "../attributes";

const MIN_WIDTH = 400;
const MAX_ORIGINAL_WIDTH = 2000;
const WIDTHS = [200, 400, 600, 900, 1000] as const;
const ACCEPTED = new Set(["jpeg", "png", "webp", "avif", "heif", "tiff"]);
const KEY = /^\/media\/marketplace\/(p-[0-9a-f-]{36})\//;

function folder(key: string): string {
  return path.join(env().DATA_DIR, "media", "marketplace", key);
}

/** The refusal for a batch before anything is read: more than 20 photos in all, or one over 15 MB. */
export function photoBatchRefusal(files: readonly File[], alreadyHeld: number): Refusal | null {
  if (files.length + alreadyHeld > MAX_PHOTOS)
    return refuse.invalid("marketplace:errors.tooManyPhotos", { count: MAX_PHOTOS }, "photos");
  for (const file of files) {
    if (file.size > MAX_PHOTO_BYTES)
      return refuse.invalid(
        "marketplace:errors.photoTooLarge",
        { name: file.name || "photo", megabytes: MAX_PHOTO_BYTES / 1024 / 1024 },
        "photos",
      );
  }
  return null;
}

async function writeSet(upright: Buffer, width: number): Promise<ImageSet> {
  const key = `p-${randomUUID()}`;
  const dir = folder(key);
  await mkdir(dir, { recursive: true });
  try {
    const write = async (name: string, w: number): Promise<ImageVariant> => {
      const { data, info } = await sharp(upright)
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      await writeFile(path.join(dir, `${name}.webp`), data);
      return { url: `/media/marketplace/${key}/${name}.webp`, width: info.width, height: info.height };
    };
    const original = await write("original", Math.min(width, MAX_ORIGINAL_WIDTH));
    const [w200, w400, w600, w900, w1000] = (await Promise.all(WIDTHS.map((w) => write(String(w), w)))) as [
      ImageVariant,
      ImageVariant,
      ImageVariant,
      ImageVariant,
      ImageVariant,
    ];
    return { original, w200, w400, w600, w900, w1000 };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Stores one uploaded photo as an image set. Refused (nothing written): an empty file, one over 15 MB,
 * anything sharp cannot read as a photo, a photo narrower than 400 px.
 */
export async function storeListingPhoto(file: Blob & { name?: string }): Promise<ImageSet | Refusal> {
  const name = file.name || "photo";
  if (file.size > MAX_PHOTO_BYTES)
    return refuse.invalid(
      "marketplace:errors.photoTooLarge",
      { name, megabytes: MAX_PHOTO_BYTES / 1024 / 1024 },
      "photos",
    );
  const input = Buffer.from(await file.arrayBuffer());
  const meta =
    file.size === 0
      ? null
      : await sharp(input)
          .metadata()
          .catch(() => null);
  if (!meta?.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height)
    return refuse.invalid("marketplace:errors.notAPhoto", { name }, "photos");
  const upright = await sharp(input)
    .rotate()
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  if (!upright) return refuse.invalid("marketplace:errors.notAPhoto", { name }, "photos");
  if (upright.info.width < MIN_WIDTH)
    return refuse.invalid("marketplace:errors.photoTooSmall", { name, width: MIN_WIDTH }, "photos");
  return writeSet(upright.data, upright.info.width);
}

/** A new image set of the photo turned a quarter clockwise (or back); the old files are removed. */
export async function rotateListingPhoto(set: ImageSet, direction: "left" | "right"): Promise<ImageSet> {
  const match = KEY.exec(set.original.url);
  if (!match) return set; // seeded pictures are shared and drawn upright
  const source = await readFile(path.join(folder(match[1] as string), "original.webp"));
  const turned = await sharp(source)
    .rotate(direction === "right" ? 90 : 270)
    .toBuffer({ resolveWithObject: true });
  const rotated = await writeSet(turned.data, turned.info.width);
  await discardListingPhoto(set);
  return rotated;
}

/** Removes an uploaded set's files (seeded sets are shared; left alone). */
export async function discardListingPhoto(set: ImageSet): Promise<void> {
  const match = KEY.exec(set.original.url);
  if (match) await rm(folder(match[1] as string), { recursive: true, force: true });
}
