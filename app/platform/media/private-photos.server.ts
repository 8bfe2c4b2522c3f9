// Photos people attach that only a few may see (contact forms, marketplace disputes): checked to be an
// image, turned upright and re-encoded by sharp (which drops EXIF, so no phone's location leaks), at most
// 1600 px, stored as WebP under <DATA_DIR>/<folder>/, outside the public media folder.
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { env } from "../env.server";

const ACCEPTED = new Set(["jpeg", "png", "webp", "avif", "heif", "tiff"]);

export interface PrivatePhoto {
  file: string;
  width: number;
  height: number;
}

const folderOf = (folder: string) => path.join(env().DATA_DIR, folder);

/** The files a person picked, without the empty entry a form sends when none was chosen. */
export function chosenFiles(files: readonly unknown[]): Blob[] {
  return files.filter((f): f is Blob => f instanceof Blob && f.size > 0);
}

/**
 * Stores the photos in `folder`, or answers "not-a-photo" (nothing stored) when one of them is not an
 * image sharp can read; a failure half-way removes what it had written.
 */
export async function storePrivatePhotos(
  folder: string,
  files: readonly Blob[],
): Promise<PrivatePhoto[] | "not-a-photo"> {
  const decoded = await Promise.all(
    files.map(async (file) => {
      const input = Buffer.from(await file.arrayBuffer());
      const meta = await sharp(input)
        .metadata()
        .catch(() => null);
      return meta?.format && ACCEPTED.has(meta.format) ? input : null;
    }),
  );
  if (decoded.some((input) => input === null)) return "not-a-photo";
  await mkdir(folderOf(folder), { recursive: true });
  const stored: PrivatePhoto[] = [];
  try {
    for (const input of decoded as Buffer[]) {
      const { data, info } = await sharp(input)
        .rotate()
        .resize({ width: 1600, height: 1600, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const file = `${randomUUID()}.webp`;
      await writeFile(path.join(folderOf(folder), file), data);
      stored.push({ file, width: info.width, height: info.height });
    }
  } catch (error) {
    await discardPrivatePhotos(folder, stored);
    throw error;
  }
  return stored;
}

export async function discardPrivatePhotos(folder: string, photos: readonly PrivatePhoto[]): Promise<void> {
  await Promise.all(photos.map((p) => rm(path.join(folderOf(folder), p.file), { force: true })));
}

/** A stored photo's bytes (WebP), or null when the name is not one this store makes or the file is gone. */
export async function readPrivatePhoto(folder: string, file: string): Promise<Buffer | null> {
  if (!/^[0-9a-f-]{36}\.webp$/.test(file)) return null;
  return readFile(path.join(folderOf(folder), file)).catch(() => null);
}
