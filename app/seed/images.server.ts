// Product photos for the seeded catalogue, rendered from the garment drawings with sharp.
//
// Layout (the server serves `<DATA_DIR>/media` at `/media/`):
//   <mediaDir>/products/<key>/{200,400,600,900,1000,original}.webp  →  /media/products/<key>/<name>.webp
// A key is garment + colour (+ print) + view, so products share images and the pool stays a few hundred
// sets whatever the number of products. `original.webp` is written last, under a temporary name, so its
// presence means the set is complete: existing sets are never rendered again.
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import type { ImageSet, ImageVariant } from "../domains/catalog/tables.server";
import { photoSetDrawn, photoSetPending } from "../platform/media/product-photos.server";
import { garmentSvg, HEIGHT, type Print, type Silhouette, type View, WIDTH } from "./garment-svg";

const IMAGE_WIDTHS = [200, 400, 600, 900, 1000] as const;

export interface ImageSpec {
  silhouette: Silhouette;
  /** Colour code, part of the key. */
  colour: string;
  hex: string;
  print: Print;
  view: View;
}

export function imageKey(spec: ImageSpec): string {
  const print = spec.print === "plain" ? "" : `-${spec.print}`;
  return `${spec.silhouette}-${spec.colour}${print}-${spec.view}`;
}

function variant(key: string, name: string, width: number): ImageVariant {
  return { url: `/media/products/${key}/${name}.webp`, width, height: Math.round((width * HEIGHT) / WIDTH) };
}

/** The URLs and sizes of a key's images; pure, so rows can be written before the files exist. */
export function imageSetFor(key: string): ImageSet {
  const [w200, w400, w600, w900, w1000] = IMAGE_WIDTHS.map((width) => variant(key, String(width), width)) as [
    ImageVariant,
    ImageVariant,
    ImageVariant,
    ImageVariant,
    ImageVariant,
  ];
  return { original: variant(key, "original", WIDTH), w200, w400, w600, w900, w1000 };
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function render(dir: string, spec: ImageSpec): Promise<void> {
  await mkdir(dir, { recursive: true });
  const svg = garmentSvg(spec.silhouette, spec.hex, spec.print, spec.view);
  const { data, info } = await sharp(Buffer.from(svg))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  let full: Buffer | undefined;
  for (const width of IMAGE_WIDTHS) {
    const image = sharp(data, raw);
    const encoded = await (width === WIDTH ? image : image.resize(width))
      .webp({ quality: 80, effort: 0 })
      .toBuffer();
    if (width === WIDTH) full = encoded;
    await writeFile(path.join(dir, `${width}.webp`), encoded);
  }
  // The drawing is resolution-free, so the original is the full-size rendering.
  const temporary = path.join(dir, "original.webp.tmp");
  await writeFile(temporary, full ?? Buffer.alloc(0));
  await rename(temporary, path.join(dir, "original.webp"));
}

/** Renders one image set unless it is already on disk. */
export async function ensureImageSet(mediaDir: string, spec: ImageSpec): Promise<ImageSet> {
  const key = imageKey(spec);
  const dir = path.join(mediaDir, "products", key);
  if (!(await exists(path.join(dir, "original.webp")))) await render(dir, spec);
  return imageSetFor(key);
}

/**
 * Renders image sets in the background, each key once, at most `concurrency` at a time (rendering is
 * CPU-bound: more workers than cores only slow the database down). `request` answers at once with the
 * set's URLs; `drain` waits until every requested file is written. Until a set is on disk, its URLs
 * answer with a placeholder (platform/media/product-photos.server.ts), and a request for one of them
 * moves its set to the front of the queue.
 */
export class ImagePool {
  private readonly sets = new Map<string, ImageSet>();
  private readonly queue: ImageSpec[] = [];
  private readonly running = new Set<Promise<void>>();
  private failure: unknown;

  constructor(
    private readonly mediaDir: string,
    private readonly concurrency = 2,
  ) {}

  request(spec: ImageSpec): ImageSet {
    const key = imageKey(spec);
    let set = this.sets.get(key);
    if (!set) {
      set = imageSetFor(key);
      this.sets.set(key, set);
      this.queue.push(spec);
      photoSetPending(key, () => this.hurry(key));
      this.pump();
    }
    return set;
  }

  get size(): number {
    return this.sets.size;
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.race(this.running);
    if (this.failure) throw this.failure;
  }

  /** Draws the set of `key` next, when it still waits in the queue (a shopper is looking at it). */
  private hurry(key: string): void {
    const at = this.queue.findIndex((spec) => imageKey(spec) === key);
    if (at > 0) this.queue.unshift(...this.queue.splice(at, 1));
  }

  private pump(): void {
    while (this.running.size < this.concurrency && this.queue.length > 0) {
      const spec = this.queue.shift() as ImageSpec;
      const job: Promise<void> = ensureImageSet(this.mediaDir, spec)
        .then(
          () => undefined,
          (error: unknown) => {
            this.failure ??= error;
          },
        )
        .finally(() => {
          photoSetDrawn(imageKey(spec));
          this.running.delete(job);
          this.pump();
        });
      this.running.add(job);
    }
  }
}
