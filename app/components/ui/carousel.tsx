import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useReducedMotion } from "./use-reduced-motion";

/** Embla's options, taken from the hook so the core package need not be a direct dependency. */
export type CarouselOptions = NonNullable<Parameters<typeof useEmblaCarousel>[0]>;

export interface CarouselSlide {
  /** Stable key for the slide. */
  id: string;
  content: ReactNode;
}

export interface CarouselProps {
  /** Names the carousel, e.g. "New this week". */
  label: string;
  slides: readonly CarouselSlide[];
  /** Tailwind width of one slide; default one slide per view. */
  slideClassName?: string;
  /** Show "go to slide n" dots below. */
  showDots?: boolean;
  options?: CarouselOptions;
  className?: string;
}

/**
 * A swipeable row of slides (embla) following the APG carousel pattern: named previous/next buttons,
 * "Slide x of y" announced politely, arrow keys inside the carousel, no autoplay.
 */
export function Carousel({
  label,
  slides,
  slideClassName = "basis-full",
  showDots = true,
  options,
  className = "",
}: CarouselProps) {
  const { t } = useTranslation("ui");
  const reducedMotion = useReducedMotion();
  const [viewportRef, embla] = useEmblaCarousel({ align: "start", ...options });
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(slides.length);
  const [canPrev, setCanPrev] = useState(Boolean(options?.loop));
  const [canNext, setCanNext] = useState(slides.length > 1);
  // Slides out of view are inert, so Tab goes from the visible slide to the controls, not through every slide.
  const [inView, setInView] = useState<ReadonlySet<number> | null>(null);

  useEffect(() => {
    if (!embla) return;
    const sync = () => {
      setSelected(embla.selectedScrollSnap());
      setSnapCount(embla.scrollSnapList().length);
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    const syncInView = () => setInView(new Set(embla.slidesInView()));
    sync();
    syncInView();
    embla.on("select", sync).on("reInit", sync).on("slidesInView", syncInView);
    return () => {
      embla.off("select", sync).off("reInit", sync).off("slidesInView", syncInView);
    };
  }, [embla]);

  const scrollTo = useCallback(
    (index: number) => embla?.scrollTo(index, reducedMotion),
    [embla, reducedMotion],
  );
  const previous = useCallback(() => embla?.scrollPrev(reducedMotion), [embla, reducedMotion]);
  const next = useCallback(() => embla?.scrollNext(reducedMotion), [embla, reducedMotion]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return;
    if (event.key === "ArrowLeft") previous();
    else if (event.key === "ArrowRight") next();
    else return;
    event.preventDefault();
  };

  const total = snapCount;
  const current = Math.min(selected + 1, total);
  const controlClass =
    "inline-flex size-10 items-center justify-center border border-line bg-paper text-ink transition-colors hover:border-ink aria-disabled:cursor-default aria-disabled:opacity-40 aria-disabled:hover:border-line";

  return (
    <section
      aria-roledescription={t("carousel.roleDescription")}
      aria-label={label}
      onKeyDown={onKeyDown}
      className={`relative ${className}`}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex touch-pan-y gap-4">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern: a slide is a group, not a form fieldset
            <div
              key={slide.id}
              role="group"
              aria-roledescription={t("carousel.slide")}
              aria-label={t("carousel.slideOf", { current: index + 1, total: slides.length })}
              inert={inView ? !inView.has(index) : undefined}
              className={`min-w-0 shrink-0 grow-0 ${slideClassName}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      <div className="mt-4 flex items-center gap-2">
        <div className="flex flex-1 items-center gap-1">
          {showDots && total > 1
            ? Array.from({ length: total }, (_, index) => index).map((index) => (
                <button
                  key={`dot-${index + 1}`}
                  type="button"
                  aria-label={t("carousel.goTo", { number: index + 1 })}
                  aria-current={index === selected ? "true" : undefined}
                  onClick={() => scrollTo(index)}
                  className="group inline-flex h-10 w-6 items-center justify-center"
                >
                  <span className="block h-px w-4 bg-line transition-colors group-hover:bg-muted group-aria-[current=true]:h-0.5 group-aria-[current=true]:bg-ink" />
                </button>
              ))
            : null}
        </div>
        <p
          aria-live="polite"
          aria-atomic="true"
          className="me-2 text-xs tracking-[0.2em] text-muted tabular-nums"
        >
          <span aria-hidden="true">
            {current} / {total}
          </span>
          <span className="sr-only">{t("carousel.status", { current, total })}</span>
        </p>
        <button
          type="button"
          aria-label={t("carousel.previous")}
          aria-disabled={!canPrev}
          onClick={() => canPrev && previous()}
          className={controlClass}
        >
          <ChevronLeft aria-hidden="true" className="size-5" strokeWidth={1.5} />
        </button>
        <button
          type="button"
          aria-label={t("carousel.next")}
          aria-disabled={!canNext}
          onClick={() => canNext && next()}
          className={controlClass}
        >
          <ChevronRight aria-hidden="true" className="size-5" strokeWidth={1.5} />
        </button>
      </div>
    </section>
  );
}
