import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from "lucide-react";
import { type KeyboardEvent, type MouseEvent, type ReactElement, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buildSrcSet, fallbackSrc, type ImageSet, LazyImage } from "./lazy-image";
import { Modal } from "./modal";

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
const PAN_STEP = 10;

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
      <Lightbox
        id={lightboxId}
        title={t("gallery.zoomTitle", { label })}
        images={images}
        index={index}
        onIndexChange={setIndex}
        trigger={
          <button
            type="button"
            aria-label={t("gallery.open", { alt: current.alt })}
            className="group relative block w-full cursor-zoom-in desktop:col-start-2 desktop:row-start-1"
          >
            <LazyImage image={current.image} alt="" sizes={sizes} priority={index === 0} />
            <span className="absolute right-3 bottom-3 inline-flex size-10 items-center justify-center border border-line bg-paper/90 text-ink transition-colors group-hover:border-ink">
              <ZoomIn aria-hidden="true" className="size-5" strokeWidth={1.5} />
            </span>
          </button>
        }
      />
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

function Lightbox({
  id,
  title,
  trigger,
  images,
  index,
  onIndexChange,
}: {
  id?: string;
  title: string;
  trigger: ReactElement;
  images: readonly GalleryImage[];
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const { t } = useTranslation("ui");
  const [zoom, setZoom] = useState(1);
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  const total = images.length;
  const current = images[index] ?? images[0];
  if (!current) return null;

  const reset = () => {
    setZoom(1);
    setOrigin({ x: 50, y: 50 });
  };
  const turn = (step: number) => {
    onIndexChange(stepIndex(index, step, total));
    reset();
  };
  const zoomBy = (direction: 1 | -1) => setZoom((level) => stepZoom(level, direction));
  const pointAt = (event: MouseEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: clampOrigin(((event.clientX - box.left) / box.width) * 100),
      y: clampOrigin(((event.clientY - box.top) / box.height) * 100),
    };
  };

  // Shortcuts work wherever focus is in the zoom view, the close button included.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [-PAN_STEP, 0],
      ArrowRight: [PAN_STEP, 0],
      ArrowUp: [0, -PAN_STEP],
      ArrowDown: [0, PAN_STEP],
    };
    if (event.key === "+" || event.key === "=") zoomBy(1);
    else if (event.key === "-" || event.key === "_") zoomBy(-1);
    else if (event.key === "0") setZoom(1);
    else if (event.key in pan && zoom > 1) {
      const [dx, dy] = pan[event.key] ?? [0, 0];
      setOrigin((point) => ({ x: clampOrigin(point.x + dx), y: clampOrigin(point.y + dy) }));
    } else if (event.key === "ArrowLeft") turn(-1);
    else if (event.key === "ArrowRight") turn(1);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const toolClass =
    "inline-flex size-10 shrink-0 items-center justify-center border border-line bg-paper text-ink transition-colors hover:border-ink aria-disabled:cursor-default aria-disabled:opacity-40";
  const maxZoom = ZOOM_LEVELS[ZOOM_LEVELS.length - 1] ?? 1;

  return (
    <Modal
      id={id}
      size="full"
      title={title}
      trigger={trigger}
      onOpenChange={(open) => {
        if (open) reset();
      }}
      onKeyDown={onKeyDown}
      bodyClassName="flex flex-col p-0!"
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: click-to-zoom is a pointer shortcut for the zoom buttons and + / − keys */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
      <div
        data-zoom={zoom}
        onClick={(event) => {
          if (zoom > 1) setZoom(1);
          else {
            setOrigin(pointAt(event));
            setZoom(2);
          }
        }}
        onPointerMove={(event) => {
          if (zoom > 1 && event.pointerType === "mouse") setOrigin(pointAt(event));
        }}
        className={`relative min-h-0 flex-1 overflow-hidden bg-sand ${zoom > 1 ? "cursor-zoom-out" : "cursor-zoom-in"}`}
      >
        <img
          src={fallbackSrc(current.image)}
          srcSet={buildSrcSet(current.image)}
          sizes={`${Math.round(100 * zoom)}vw`}
          alt={current.alt}
          className="absolute inset-0 size-full object-contain motion-safe:transition-transform motion-safe:duration-200"
          style={{ transform: `scale(${zoom})`, transformOrigin: `${origin.x}% ${origin.y}%` }}
        />
      </div>
      <div className="flex items-center gap-2 border-t border-line px-4 py-3">
        <button
          type="button"
          aria-label={t("gallery.previous")}
          onClick={() => turn(-1)}
          className={toolClass}
        >
          <ChevronLeft aria-hidden="true" className="size-5" strokeWidth={1.5} />
        </button>
        <p
          aria-live="polite"
          aria-atomic="true"
          className="px-1 text-xs whitespace-nowrap text-muted tabular-nums"
        >
          {t("gallery.status", { current: index + 1, total })}
        </p>
        <button type="button" aria-label={t("gallery.next")} onClick={() => turn(1)} className={toolClass}>
          <ChevronRight aria-hidden="true" className="size-5" strokeWidth={1.5} />
        </button>
        <span className="flex-1" />
        <p className="hidden text-xs text-muted desktop:block">{t("gallery.keys")}</p>
        <button
          type="button"
          aria-label={t("gallery.zoomOut")}
          aria-disabled={zoom <= 1}
          onClick={() => zoomBy(-1)}
          className={toolClass}
        >
          <ZoomOut aria-hidden="true" className="size-5" strokeWidth={1.5} />
        </button>
        <output aria-live="polite" className="w-11 text-center text-xs tabular-nums">
          {t("gallery.zoomLevel", { percent: zoom * 100 })}
        </output>
        <button
          type="button"
          aria-label={t("gallery.zoomIn")}
          aria-disabled={zoom >= maxZoom}
          onClick={() => zoomBy(1)}
          className={toolClass}
        >
          <ZoomIn aria-hidden="true" className="size-5" strokeWidth={1.5} />
        </button>
      </div>
    </Modal>
  );
}
