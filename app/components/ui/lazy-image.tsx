import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from "react";
import { type ImageSet, imageCandidates, type ResponsiveImage } from "~/domains/catalog/image-set";

export type { ImageSet, ResponsiveImage };

/** SPEC §9: lazy images start loading this far before they scroll into view. */
export const LAZY_ROOT_MARGIN = "600px";
const LOADED_KEY = "ui.loaded-images";
const LOADED_MAX = 300;

export { imageCandidates };

/** The `srcset` value: `url 200w, url 400w, …`. */
export function buildSrcSet(image: ImageSet | ResponsiveImage): string {
  if ("srcSet" in image) return image.srcSet;
  return imageCandidates(image)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
}

/** The plain `src` for browsers without srcset support: a mid-size variant. */
export function fallbackSrc(image: ImageSet | ResponsiveImage): string {
  if ("srcSet" in image) return image.src;
  return image.w600.url || image.original.url;
}

/** The intrinsic size the `<img>` declares (its box keeps the aspect ratio either way). */
function intrinsicSize(image: ImageSet | ResponsiveImage): { width: number; height: number } {
  return "srcSet" in image ? image : image.w600;
}

/** Adds a URL to the remembered list of loaded images (newest last, capped). */
export function rememberLoaded(list: readonly string[], url: string, max = LOADED_MAX): string[] {
  const next = [...list.filter((known) => known !== url), url];
  return next.slice(Math.max(0, next.length - max));
}

function readLoaded(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(LOADED_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((url): url is string => typeof url === "string") : [];
  } catch {
    return [];
  }
}

function storeLoaded(url: string) {
  try {
    sessionStorage.setItem(LOADED_KEY, JSON.stringify(rememberLoaded(readLoaded(), url)));
  } catch {
    // Private mode or full storage: the list is only an optimisation.
  }
}

/** Set once the app has hydrated: images mounted later may render without `src` until they are near. */
let hydrated = false;

export interface LazyImageProps {
  image: ImageSet | ResponsiveImage;
  /** Describes the picture; `""` for a decorative one. */
  alt: string;
  /** Which width the image is shown at, e.g. `(min-width: 1024px) 25vw, 50vw`. */
  sizes: string;
  /** The likely LCP image: load at once with high priority (the first product images, a hero). */
  priority?: boolean;
  /** Box ratio reserved before the image loads (SPEC: 2:3); null when `className` sets it (per breakpoint). */
  aspectRatio?: string | null;
  fit?: "cover" | "contain";
  className?: string;
  imgClassName?: string;
  style?: CSSProperties;
  /** Drawn over the picture inside its box (labels), so a card needs no second positioned box. */
  children?: ReactNode;
}

/**
 * A responsive image in a fixed-ratio box, so nothing shifts while it loads. Native `loading="lazy"` does
 * the work where supported; elsewhere an IntersectionObserver starts it 600px before the viewport.
 * Images seen before in this session render eagerly (they are in the cache).
 */
export function LazyImage({
  image,
  alt,
  sizes,
  priority = false,
  aspectRatio = "2 / 3",
  fit = "cover",
  className = "",
  imgClassName = "",
  style,
  children,
}: LazyImageProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [deferred, setDeferred] = useState(() => !priority && hydrated && !supportsNativeLazy());
  const srcSet = buildSrcSet(image);
  const src = fallbackSrc(image);
  const [seenBefore] = useState(() => hydrated && readLoaded().includes(src));

  useEffect(() => {
    hydrated = true;
  }, []);

  useEffect(() => {
    const box = boxRef.current;
    if (!deferred || !box) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setDeferred(false);
          observer.disconnect();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [deferred]);

  return (
    <div
      ref={boxRef}
      className={`relative overflow-hidden bg-sand ${className}`}
      style={aspectRatio === null ? style : { aspectRatio, ...style }}
    >
      <img
        ref={(img) => {
          // An image that finished before hydration fires no load event React can see.
          if (img?.complete && img.naturalWidth > 0) markLoaded(img);
        }}
        alt={alt}
        src={deferred ? undefined : src}
        srcSet={deferred ? undefined : srcSet}
        sizes={sizes}
        width={intrinsicSize(image).width}
        height={intrinsicSize(image).height}
        loading={priority || seenBefore ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        onLoad={(event) => {
          markLoaded(event.currentTarget);
          storeLoaded(src);
        }}
        className={`absolute inset-0 size-full ${fit === "cover" ? "object-cover" : "object-contain"} ${imgClassName}`}
      />
      {children}
    </div>
  );
}

/**
 * `data-loaded` on the box once the picture is there (for styles). Set on the element, not through state:
 * a state update per image would re-render every card of a listing right after hydration.
 */
function markLoaded(img: HTMLImageElement) {
  if (img.parentElement) img.parentElement.dataset.loaded = "";
}

function supportsNativeLazy(): boolean {
  return typeof HTMLImageElement !== "undefined" && "loading" in HTMLImageElement.prototype;
}
