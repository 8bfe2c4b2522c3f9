// The public product photos under <DATA_DIR>/media, served at /media/, and the placeholder answered for
// a photo that is still being drawn. A fresh shop's rows point at their photos before the files exist
// (the seed draws a few hundred sets in the background, which takes minutes on a small machine): the
// readiness probe does not wait for them, and until a set is on disk its URLs answer with a light
// placeholder instead of a 404, so the first pages after `npm start` show no broken images.
import { access } from "node:fs/promises";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";

/** Image keys (folders under media/products/) promised but not on disk yet, with a way to draw one sooner. */
const pending = new Map<string, () => void>();

/** A photo set that will be drawn: its URLs answer with the placeholder until `photoSetDrawn`. */
export function photoSetPending(key: string, hurry: () => void = () => {}): void {
  pending.set(key, hurry);
}

/** A set that will be drawn later by a pool not made yet: placeholder until then, without replacing a pool's own hurry. */
export function photoSetPromised(key: string): void {
  if (!pending.has(key)) pending.set(key, () => {});
}

/** The set's files are all on disk (or drawing it failed): its URLs are plain files again. */
export function photoSetDrawn(key: string): void {
  pending.delete(key);
}

/** How many promised photo sets are not drawn yet. */
export function photoSetsPending(): number {
  return pending.size;
}

/** Real photos: a day in browsers (an uploaded set gets a new folder, so a day is safe). */
const PHOTO_CACHE = "public, max-age=86400";
/** The placeholder must not outlive the drawing: a few seconds, never `immutable`. */
export const PLACEHOLDER_CACHE = "public, max-age=5";

/** A flat, light frame in the photos' 2:3 shape with a garment's outline (the page gives the size); ~250 bytes. */
const PLACEHOLDER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1500" width="1000" height="1500">' +
  '<rect width="1000" height="1500" fill="#efebe6"/>' +
  '<path d="M410 520h180l110 120-70 60-40-40v360H410V660l-40 40-70-60z" fill="#e2dcd4"/></svg>';

const PRODUCT_PHOTO = /^\/media\/products\/([A-Za-z0-9-]+)\/[A-Za-z0-9]+\.webp$/;

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * `/media/*` from `<dataDir>/media`: files as they are; a missing file of a product photo set that is
 * still being drawn answers 200 with the placeholder (and asks for that set to be drawn next), anything
 * else missing falls through (404).
 */
export function mediaFiles(dataDir: string): MiddlewareHandler {
  const files = serveStatic({ root: path.relative(process.cwd(), dataDir) });
  return async (c, next) => {
    const key = PRODUCT_PHOTO.exec(c.req.path)?.[1];
    const hurry = key === undefined ? undefined : pending.get(key);
    if (hurry && !(await exists(path.join(dataDir, c.req.path)))) {
      hurry();
      return c.body(PLACEHOLDER_SVG, 200, {
        "content-type": "image/svg+xml",
        "cache-control": PLACEHOLDER_CACHE,
        "x-content-type-options": "nosniff",
      });
    }
    // serveStatic's `onFound` sets headers after the answer is made, where they are lost: set here.
    const found = await files(c, next);
    if (found instanceof Response) found.headers.set("cache-control", PHOTO_CACHE);
    return found;
  };
}
