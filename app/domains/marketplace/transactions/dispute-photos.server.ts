// A dispute's photos (the contact form's pattern, decision 0041), kept by the platform's private photo
// store under <DATA_DIR>/dispute-photos/ (re-encoded without EXIF); only the two parties and support see them.
import {
  chosenFiles,
  discardPrivatePhotos,
  readPrivatePhoto,
  storePrivatePhotos,
} from "../../../platform/media/private-photos.server";
import { type Refusal, refuse } from "../../../platform/refusal";
import { MAX_PHOTO_BYTES } from "../attributes";
import type { DisputePhoto } from "./tables.server";
import { MAX_DISPUTE_PHOTOS } from "./validation";

const FOLDER = "dispute-photos";

export { chosenFiles };

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
  const stored = await storePrivatePhotos(FOLDER, files);
  return stored === "not-a-photo" ? refuse.invalid("trade:dispute.notAPhoto", undefined, "photos") : stored;
}

export const discardDisputePhotos = (photos: readonly DisputePhoto[]) => discardPrivatePhotos(FOLDER, photos);

/** A stored photo's bytes (WebP), or null when the file is gone. */
export const readDisputePhoto = (file: string) => readPrivatePhoto(FOLDER, file);
