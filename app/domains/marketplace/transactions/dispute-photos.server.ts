// A dispute's photos (the contact form's pattern, decision 0041): checked, turned upright and re-encoded
// by sharp (which drops EXIF, so no phone's location leaks), at most 1600 px, stored outside the public
// media folder under <DATA_DIR>/dispute-photos/; only the two parties and support see them.
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { env } from "../../../platform/env.server";
import { type Refusal, refuse } from "../../../platform/refusal";
import { MAX_PHOTO_BYTES } from "../attributes";
import type { DisputePhoto } from "./tables.server";
import { MAX_DISPUTE_PHOTOS } from "./validation";

const ACCEPTED = new Set(["jpeg", "png", "webp", "avif", "heif", "tiff"]);

function photoDir(): string {
  return path.join(env().DATA_DIR, "dispute-photos");
}

/** The files a person picked, without the empty entry a form sends when none was chosen. */
export function chosenFiles(files: readonly unknown[]): Blob[] {
  return files.filter((f): f is Blob => f instanceof Blob && f.size > 0);
}

/** The refusal for a batch before anything is read: none, more than five, or one over 15 MB. */
export function disputePhotosRefusal(files: readonly Blob[]): Refusal | null {
  if (files.length < 1 || files.length > MAX_DISPUTE_PHOTOS)
    return refuse.invalid("trade:dispute.photosCount", { count: MAX_DISPUTE_PHOTOS }, "photos");
  for (const file of files)
    if (file.size > MAX_PHOTO_BYTES)
      return refuse.invalid(
        "trade:dispute.photoTooLarge",
        { megabytes: MAX_PHOTO_BYTES / 1024 / 1024 },
        "photos",
      );
  return null;
}

/** Checks and stores 1–5 photos; nothing is kept when one of them is refused. */
export async function storeDisputePhotos(files: readonly Blob[]): Promise<DisputePhoto[] | Refusal> {
  const refused = disputePhotosRefusal(files);
  if (refused) return refused;
  const decoded = await Promise.all(
    files.map(async (file) => {
      const input = Buffer.from(await file.arrayBuffer());
      const meta = await sharp(input)
        .metadata()
        .catch(() => null);
      return meta?.format && ACCEPTED.has(meta.format) ? input : null;
    }),
  );
  if (decoded.some((input) => input === null))
    return refuse.invalid("trade:dispute.notAPhoto", undefined, "photos");
  await mkdir(photoDir(), { recursive: true });
  const stored: DisputePhoto[] = [];
  try {
    for (const input of decoded as Buffer[]) {
      const { data, info } = await sharp(input)
        .rotate()
        .resize({ width: 1600, height: 1600, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const file = `${randomUUID()}.webp`;
      await writeFile(path.join(photoDir(), file), data);
      stored.push({ file, width: info.width, height: info.height });
    }
  } catch (error) {
    await discardDisputePhotos(stored);
    throw error;
  }
  return stored;
}

export async function discardDisputePhotos(photos: readonly DisputePhoto[]): Promise<void> {
  await Promise.all(photos.map((p) => rm(path.join(photoDir(), p.file), { force: true })));
}

/** A stored photo's bytes (WebP), or null when the file is gone. */
export async function readDisputePhoto(file: string): Promise<Buffer | null> {
  if (!/^[0-9a-f-]{36}\.webp$/.test(file)) return null;
  return readFile(path.join(photoDir(), file)).catch(() => null);
}
