// Photos attached to a contact form: re-encoded by sharp (which drops EXIF, so no phone's location leaks
// into the shop's files), at most 1600 px wide, stored outside the public media folder.
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { env } from "../../platform/env.server";
import { type Refusal, refuse } from "../../platform/refusal";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "./validation";

const ACCEPTED = new Set(["jpeg", "png", "webp", "avif", "heif", "tiff"]);

function photoDir(): string {
  return path.join(env().DATA_DIR, "service-photos");
}

export interface StoredPhoto {
  file: string;
  width: number;
  height: number;
}

/** The files a shopper picked, without the empty entry a form sends when none was chosen. */
export function chosenPhotos(files: readonly unknown[]): Blob[] {
  return files.filter((f): f is Blob => f instanceof Blob && f.size > 0);
}

/** Checks and stores up to three photos; nothing is kept when one of them is refused. */
export async function storePhotos(files: readonly Blob[]): Promise<StoredPhoto[] | Refusal> {
  if (files.length > MAX_PHOTOS)
    return refuse.invalid("service:contact.photosTooMany", { count: MAX_PHOTOS }, "photos");
  for (const file of files)
    if (file.size > MAX_PHOTO_BYTES)
      return refuse.invalid(
        "service:contact.photoTooLarge",
        { megabytes: MAX_PHOTO_BYTES / 1024 / 1024 },
        "photos",
      );
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
    return refuse.invalid("service:contact.photoInvalid", undefined, "photos");
  await mkdir(photoDir(), { recursive: true });
  const stored: StoredPhoto[] = [];
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
    await discardPhotos(stored);
    throw error;
  }
  return stored;
}

export async function discardPhotos(photos: readonly StoredPhoto[]): Promise<void> {
  await Promise.all(photos.map((p) => rm(path.join(photoDir(), p.file), { force: true })));
}

/** A stored photo's bytes (WebP), or null when the file is gone. */
export async function readPhoto(file: string): Promise<Buffer | null> {
  if (!/^[0-9a-f-]{36}\.webp$/.test(file)) return null;
  return readFile(path.join(photoDir(), file)).catch(() => null);
}
