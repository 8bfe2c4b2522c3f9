import { ChevronLeft, ChevronRight, ZoomIn, ZoomOut } from "lucide-react";
import { type KeyboardEvent, type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { clampOrigin, type GalleryImage, stepIndex, stepZoom, ZOOM_LEVELS } from "./image-gallery";
import { buildSrcSet, fallbackSrc } from "./lazy-image";
import { Modal } from "./modal";

const PAN_STEP = 10;

/**
 * The gallery's zoom view, in its own module so the dialog code loads on the first zoom, not with the page.
 * Controlled: the gallery opens it and hears when it closes.
 */
export default function Lightbox({
  id,
  title,
  open,
  onOpenChange,
  images,
  index,
  onIndexChange,
}: {
  id?: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  images: readonly GalleryImage[];
  index: number;
  onIndexChange: (index: number) => void;
}) {
  const { t } = useTranslation("ui");
  const [zoom, setZoom] = useState(1);
  const [origin, setOrigin] = useState({ x: 50, y: 50 });
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // A fresh zoom view each time it opens.
    setWasOpen(open);
    if (open) {
      setZoom(1);
      setOrigin({ x: 50, y: 50 });
    }
  }
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
      open={open}
      onOpenChange={onOpenChange}
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
