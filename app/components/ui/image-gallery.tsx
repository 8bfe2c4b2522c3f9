import { ZoomIn } from "lucide-react";
import { type KeyboardEvent, lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type ImageSet, LazyImage } from "./lazy-image";

const loadLightbox = () => import("./image-gallery-lightbox");
const Lightbox = lazy(loadLightbox);

export interface GalleryImage {
  /** Stable key. */
  id: string;
  image: ImageSet;
  alt: string;
}

export interface ImageGalleryProps {
  images: readonly GalleryImage[];
  /** Names the gallery, e.g. the product name. */
  label: string;
  /** `sizes` of the main image. */
  sizes?: string;
  /** Id of the zoom modal, to open it with `useOverlay().open(id)`. */
  lightboxId?: string;
}

export const ZOOM_LEVELS = [1, 2, 3] as const;

/** Moves an index by `step` among `count` items, wrapping around. */
export function stepIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** The next zoom level up (`+1`) or down (`-1`), staying within the levels. */
export function stepZoom(level: number, direction: 1 | -1): number {
  const position = ZOOM_LEVELS.findIndex((candidate) => candidate >= level);
  const index = Math.min(ZOOM_LEVELS.length - 1, Math.max(0, (position === -1 ? 0 : position) + direction));
  return ZOOM_LEVELS[index] ?? 1;
}

/** Keeps a zoom focus point (percent of the image) inside the picture. */
export function clampOrigin(value: number): number {
  return Math.min(100, Math.max(0, value));
}

/**
 * Product images with thumbnails. Arrow keys move between images; the main image opens a zoom view
 * (a modal of the overlay manager) where a click, the zoom buttons or + and − zoom in and out, and
 * arrow keys pan a zoomed image or turn to the next one.
 */
export function ImageGallery({
  images,
  label,
  sizes = "(min-width: 1024px) 50vw, 100vw",
  lightboxId,
}: ImageGalleryProps) {
  const { t } = useTranslation("ui");
  const [index, setIndex] = useState(0);
  // The zoom view (and the dialog code under it) loads on the first zoom.
  const [zoomLoaded, setZoomLoaded] = useState(false);
  const [zoomOpen, setZoomOpen] = useState(false);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const total = images.length;
  const current = images[index] ?? images[0];
  if (!current) return null;

  const select = (next: number, moveFocus: boolean) => {
    setIndex(next);
    if (moveFocus) thumbnails.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Keys from the zoom view bubble here through the React tree; it handles its own.
    if (!event.currentTarget.contains(event.target as Node)) return;
    const onThumbnail = thumbnails.current.includes(event.target as HTMLButtonElement);
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (event.key in steps) select(stepIndex(index, steps[event.key] ?? 0, total), onThumbnail);
    else if (event.key === "Home") select(0, onThumbnail);
    else if (event.key === "End") select(total - 1, onThumbnail);
    else return;
    event.preventDefault();
  };

  return (
    <section
      aria-label={label}
      onKeyDown={onKeyDown}
      className="grid gap-3 desktop:grid-cols-[5rem_minmax(0,1fr)] desktop:gap-4"
    >
      <button
        type="button"
        aria-label={t("gallery.open", { alt: current.alt })}
        aria-haspopup="dialog"
        onPointerEnter={() => void loadLightbox()}
        onFocus={() => void loadLightbox()}
        onClick={() => {
          setZoomLoaded(true);
          setZoomOpen(true);
        }}
        className="group relative block w-full cursor-zoom-in desktop:col-start-2 desktop:row-start-1"
      >
        <LazyImage image={current.image} alt="" sizes={sizes} priority={index === 0} />
        <span className="absolute right-3 bottom-3 inline-flex size-10 items-center justify-center border border-line bg-paper/90 text-ink transition-colors group-hover:border-ink">
          <ZoomIn aria-hidden="true" className="size-5" strokeWidth={1.5} />
        </span>
      </button>
      {zoomLoaded ? (
        <Suspense fallback={null}>
          <Lightbox
            id={lightboxId}
            title={t("gallery.zoomTitle", { label })}
            open={zoomOpen}
            onOpenChange={setZoomOpen}
            images={images}
            index={index}
            onIndexChange={setIndex}
          />
        </Suspense>
      ) : null}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {t("gallery.status", { current: index + 1, total })}
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a named group of buttons, not a form fieldset */}
      <div
        role="group"
        aria-label={t("gallery.thumbnails")}
        className="flex gap-2 overflow-x-auto desktop:col-start-1 desktop:row-start-1 desktop:flex-col desktop:overflow-visible"
      >
        {images.map((item, position) => (
          <button
            key={item.id}
            ref={(button) => {
              thumbnails.current[position] = button;
            }}
            type="button"
            aria-label={t("gallery.show", { current: position + 1, total })}
            aria-current={position === index ? "true" : undefined}
            onClick={() => setIndex(position)}
            className="w-16 shrink-0 border border-transparent p-0.5 transition-colors hover:border-line aria-[current=true]:border-ink desktop:w-full"
          >
            <LazyImage image={item.image} alt="" sizes="80px" />
          </button>
        ))}
      </div>
    </section>
  );
}
