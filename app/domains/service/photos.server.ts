// Photos attached to a contact form, kept by the platform's private photo store under
// <DATA_DIR>/service-photos/ (re-encoded without EXIF, at most 1600 px, outside the public media folder).
import {
  chosenFiles,
  discardPrivatePhotos,
  type PrivatePhoto,
  readPrivatePhoto,
  storePrivatePhotos,
} from "../../platform/media/private-photos.server";
import { type Refusal, refuse } from "../../platform/refusal";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "./validation";

const FOLDER = "service-photos";

export type StoredPhoto = PrivatePhoto;

/** The files a shopper picked, without the empty entry a form sends when none was chosen. */
export const chosenPhotos = chosenFiles;

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
  const stored = await storePrivatePhotos(FOLDER, files);
  return stored === "not-a-photo"
    ? refuse.invalid("service:contact.photoInvalid", undefined, "photos")
    : stored;
}

export const discardPhotos = (photos: readonly StoredPhoto[]) => discardPrivatePhotos(FOLDER, photos);

/** A stored photo's bytes (WebP), or null when the file is gone. */
export const readPhoto = (file: string) => readPrivatePhoto(FOLDER, file);
