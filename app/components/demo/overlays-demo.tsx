import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Accordion } from "~/components/ui/accordion";
import { BottomTray } from "~/components/ui/bottom-tray";
import { Carousel, type CarouselSlide } from "~/components/ui/carousel";
import { FlyIn } from "~/components/ui/fly-in";
import { type GalleryImage, ImageGallery } from "~/components/ui/image-gallery";
import { type ImageSet, LazyImage } from "~/components/ui/lazy-image";
import { Modal, OverlayClose } from "~/components/ui/modal";
import { Notification } from "~/components/ui/notification";
import { OverlayProvider, useOverlay } from "~/components/ui/overlay-manager";
import { Popover } from "~/components/ui/popover";
import { ProductCardSkeleton } from "~/components/ui/product-card-skeleton";
import { ProgressBar } from "~/components/ui/progress-bar";
import { RatingInput, RatingStars } from "~/components/ui/rating-stars";
import { StoryBubble } from "~/components/ui/story-bubble";
import { ToastProvider, useToast } from "~/components/ui/toast";
import { type CaptionTrack, VideoPlayer } from "~/components/ui/video-player";
import { defaultLocale, isLocale } from "~/platform/i18n/locales";
import { formatMoney, money } from "~/platform/money";

/* ---------- Demo pictures: inline SVG, so the page needs no files and no network. ---------- */

type Palette = "sand" | "sage" | "blush" | "ink" | "camel";
type Garment = "dress" | "coat" | "tee" | "trousers" | "bag";

const palettes: Record<Palette, [string, string, string]> = {
  sand: ["#f3ebe1", "#e4d5c3", "#c29a74"],
  sage: ["#eceee6", "#d6ddcc", "#7d8c6e"],
  blush: ["#f6e9e3", "#ead3c9", "#b97c6f"],
  ink: ["#ebe8e3", "#d5d0c8", "#2f3542"],
  camel: ["#f4ede3", "#e2d1ba", "#a67a4e"],
};

const garments: Record<Garment, string> = {
  dress: "M86 70h28l5 38q-6 9 1 18l26 138q-46 12-92 0l26-138q7-9 1-18z",
  coat: "M74 70l26 14 26-14 26 20-6 96h-10l-2 82H66l-2-82H54l-6-96z",
  tee: "M76 72q24 13 48 0l34 22-13 27-15-8v106H70V113l-15 8-13-27z",
  trousers: "M70 72h60l8 196h-32l-6-136-6 136H62z",
  bag: "M58 150h84l10 110H48zM80 150v-22q20-26 40 0v22",
};

function pictureUri(garment: Garment, palette: Palette, width: number, height: number): string {
  const [top, bottom, cloth] = palettes[palette];
  const hanger =
    garment === "bag"
      ? ""
      : "<path d='M100 52v-6q0-5 5-7a6 6 0 1 0-9-6' fill='none' stroke='#8c8177' stroke-width='1.6'/><path d='M64 74l36-24 36 24' fill='none' stroke='#8c8177' stroke-width='1.6'/>";
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' width='${width}' height='${height}' viewBox='0 0 200 300' preserveAspectRatio='xMidYMid slice'><defs><linearGradient id='g' x2='0' y2='1'><stop offset='0' stop-color='${top}'/><stop offset='1' stop-color='${bottom}'/></linearGradient></defs><rect width='200' height='300' fill='url(#g)'/><ellipse cx='100' cy='276' rx='62' ry='5' fill='#1f1b16' opacity='.06'/>${hanger}<path d='${garments[garment]}' fill='${cloth}'/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

function demoImageSet(garment: Garment, palette: Palette): ImageSet {
  const variant = (width: number) => {
    const height = Math.round(width * 1.5);
    return { url: pictureUri(garment, palette, width, height), width, height };
  };
  return {
    original: variant(1600),
    w200: variant(200),
    w400: variant(400),
    w600: variant(600),
    w900: variant(900),
    w1000: variant(1000),
  };
}

const pictures = {
  dressSand: demoImageSet("dress", "sand"),
  dressBack: demoImageSet("dress", "camel"),
  coatCamel: demoImageSet("coat", "camel"),
  trousersSage: demoImageSet("trousers", "sage"),
  teeInk: demoImageSet("tee", "ink"),
  dressBlush: demoImageSet("dress", "blush"),
  bagSand: demoImageSet("bag", "sand"),
};

const posterUri = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='640' height='360' viewBox='0 0 640 360'><defs><linearGradient id='p' x2='1' y2='1'><stop offset='0' stop-color='#efe3d4'/><stop offset='1' stop-color='#caa58a'/></linearGradient></defs><rect width='640' height='360' fill='url(#p)'/><g fill='none' stroke='#1f1b16' stroke-opacity='.18'><path d='M0 250q160-60 320 0t320 0'/><path d='M0 280q160-60 320 0t320 0'/><path d='M0 310q160-60 320 0t320 0'/></g><path d='M306 120h28l5 38q-6 9 1 18l16 96q-36 10-72 0l16-96q7-9 1-18z' fill='#8a3b2e' opacity='.85'/></svg>",
)}`;

/* ---------- Shared demo styling ---------- */

const button = {
  primary:
    "inline-flex min-h-11 items-center justify-center bg-ink px-5 text-xs font-medium tracking-[0.2em] text-paper uppercase transition-colors hover:bg-accent",
  secondary:
    "inline-flex min-h-11 items-center justify-center border border-ink px-5 text-xs font-medium tracking-[0.2em] text-ink uppercase transition-colors hover:bg-ink hover:text-paper",
  quiet:
    "inline-flex min-h-11 items-center text-xs font-medium tracking-[0.2em] text-ink uppercase underline underline-offset-4 hover:text-accent",
};

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-8 border-t border-line pt-8">
      <div className="mb-6 max-w-2xl">
        <h2 id={`${id}-heading`} className="font-display text-2xl text-ink">
          {title}
        </h2>
        <p className="mt-2 text-sm leading-relaxed text-muted">{intro}</p>
      </div>
      {children}
    </section>
  );
}

/** Overlays and display primitives with their states, for `/demo/`. */
export function OverlaysDemo() {
  return (
    <OverlayProvider>
      <ToastProvider>
        <Showcase />
      </ToastProvider>
    </OverlayProvider>
  );
}

function Showcase() {
  const { t } = useTranslation("demo");
  // Tells the browser tests the page is hydrated and interactive.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div data-demo="overlays" data-ready={ready || undefined} className="space-y-14">
      <p className="max-w-2xl text-sm leading-relaxed text-muted">{t("overlays.intro")}</p>
      <ModalDemo />
      <FlyInDemo />
      <TrayDemo />
      <PopoverDemo />
      <ToastDemo />
      <NotificationDemo />
      <CarouselDemo />
      <GalleryDemo />
      <LazyImageDemo />
      <AccordionDemo />
      <RatingDemo />
      <ProgressDemo />
      <VideoDemo />
      <StoryDemo />
      <SkeletonDemo />
    </div>
  );
}

/** The terms twice over: enough text to show a modal body that scrolls. */
const TERMS = [1, 2, 3, 4, 1, 2, 3, 4].map((paragraph, index) => ({ id: `terms-${index}`, paragraph }));

function ModalDemo() {
  const { t } = useTranslation("demo");
  return (
    <Section id="demo-modal" title={t("modal.heading")} intro={t("modal.intro")}>
      <div className="flex flex-wrap gap-3">
        <Modal
          id="demo-newsletter"
          title={t("modal.newsletterTitle")}
          trigger={
            <button type="button" className={button.primary}>
              {t("modal.openNewsletter")}
            </button>
          }
          footer={
            <>
              <OverlayClose>
                <button type="button" className={button.secondary}>
                  {t("modal.notNow")}
                </button>
              </OverlayClose>
              <OverlayClose>
                <button type="button" className={button.primary}>
                  {t("modal.signUp")}
                </button>
              </OverlayClose>
            </>
          }
        >
          <p className="text-sm leading-relaxed text-ink">{t("modal.newsletterBody")}</p>
        </Modal>
        <Modal
          id="demo-confirm"
          size="sm"
          title={t("modal.confirmTitle")}
          description={t("modal.confirmBody")}
          trigger={
            <button type="button" className={button.secondary}>
              {t("modal.openConfirm")}
            </button>
          }
          footer={
            <>
              <OverlayClose>
                <button type="button" className={button.secondary}>
                  {t("modal.cancel")}
                </button>
              </OverlayClose>
              <OverlayClose>
                <button type="button" className={`${button.primary} bg-sale hover:bg-ink`}>
                  {t("modal.confirm")}
                </button>
              </OverlayClose>
            </>
          }
        />
        <Modal
          id="demo-terms"
          size="lg"
          title={t("modal.longTitle")}
          trigger={
            <button type="button" className={button.quiet}>
              {t("modal.openLong")}
            </button>
          }
        >
          <div className="space-y-4 text-sm leading-relaxed text-ink">
            {TERMS.map(({ id, paragraph }) => (
              <p key={id}>{t(`modal.longParagraph${paragraph}`)}</p>
            ))}
          </div>
        </Modal>
      </div>
    </Section>
  );
}

function FlyInDemo() {
  const { t, i18n } = useTranslation("demo");
  const locale = isLocale(i18n.language) ? i18n.language : defaultLocale;
  const overlays = useOverlay();
  const menu = ["menuNewIn", "menuWomen", "menuMen", "menuKids", "menuSale"] as const;
  const bag = [
    {
      id: "dress",
      name: t("flyIn.bagItem1"),
      meta: t("flyIn.bagItem1Meta"),
      image: pictures.dressSand,
      price: formatMoney(money(12995), locale),
    },
    {
      id: "coat",
      name: t("flyIn.bagItem2"),
      meta: t("flyIn.bagItem2Meta"),
      image: pictures.coatCamel,
      price: formatMoney(money(24900), locale),
    },
  ];
  return (
    <Section id="demo-fly-in" title={t("flyIn.heading")} intro={t("flyIn.intro")}>
      <div className="flex flex-wrap gap-3">
        <FlyIn
          id="demo-menu"
          side="left"
          title={t("flyIn.menuTitle")}
          trigger={
            <button type="button" className={button.secondary}>
              {t("flyIn.openMenu")}
            </button>
          }
        >
          <nav aria-label={t("flyIn.menuTitle")}>
            <ul className="divide-y divide-line border-b border-line">
              {menu.map((key) => (
                <li key={key}>
                  <a
                    href="#demo-fly-in"
                    className={`block py-4 font-display text-xl hover:text-accent ${key === "menuSale" ? "text-sale" : "text-ink"}`}
                  >
                    {t(`flyIn.${key}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <button type="button" onClick={() => overlays.open("demo-bag")} className={`${button.quiet} mt-6`}>
            {t("flyIn.toBag")}
          </button>
        </FlyIn>
        <FlyIn
          id="demo-bag"
          side="right"
          title={t("flyIn.bagTitle")}
          trigger={
            <button type="button" className={button.primary}>
              {t("flyIn.openBag")}
            </button>
          }
          footer={
            <button type="button" className={`${button.primary} w-full`}>
              {t("flyIn.checkout")}
            </button>
          }
        >
          <ul className="divide-y divide-line">
            {bag.map((item) => (
              <li key={item.id} className="flex gap-4 py-4 first:pt-0">
                <LazyImage image={item.image} alt="" sizes="80px" className="w-20 shrink-0" />
                <div className="flex flex-1 flex-col gap-1 text-sm">
                  <p className="text-ink">{item.name}</p>
                  <p className="text-muted">{item.meta}</p>
                  <p className="tabular-nums">{item.price}</p>
                  {item.id === "dress" ? (
                    <Modal
                      id="demo-remove"
                      size="sm"
                      title={t("flyIn.removeTitle")}
                      description={t("flyIn.removeBody")}
                      trigger={
                        <button type="button" className={`${button.quiet} mt-auto self-start`}>
                          {t("flyIn.remove")}
                        </button>
                      }
                      footer={
                        <>
                          <OverlayClose>
                            <button type="button" className={button.secondary}>
                              {t("flyIn.removeKeep")}
                            </button>
                          </OverlayClose>
                          <OverlayClose>
                            <button type="button" className={button.primary}>
                              {t("flyIn.removeConfirm")}
                            </button>
                          </OverlayClose>
                        </>
                      }
                    />
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => overlays.open("demo-menu")} className={`${button.quiet} mt-4`}>
            {t("flyIn.toMenu")}
          </button>
        </FlyIn>
      </div>
    </Section>
  );
}

const SIZES = ["XS", "S", "M", "L", "XL"] as const;
const SOLD_OUT = new Set<string>(["XS"]);

function TrayDemo() {
  const { t } = useTranslation("demo");
  const overlays = useOverlay();
  const [size, setSize] = useState<string | null>(null);
  return (
    <Section id="demo-tray" title={t("tray.heading")} intro={t("tray.intro")}>
      <div className="flex flex-wrap items-center gap-4">
        <BottomTray
          id="demo-size"
          title={t("tray.title")}
          description={t("tray.description")}
          trigger={
            <button type="button" className={button.secondary}>
              {t("tray.open")}
            </button>
          }
        >
          <ul className="grid grid-cols-5 gap-2">
            {SIZES.map((option) => {
              const soldOut = SOLD_OUT.has(option);
              return (
                <li key={option}>
                  <button
                    type="button"
                    disabled={soldOut}
                    aria-label={soldOut ? t("tray.soldOut", { size: option }) : undefined}
                    aria-pressed={size === option}
                    onClick={() => {
                      setSize(option);
                      overlays.close("demo-size");
                    }}
                    className="h-12 w-full border border-line text-sm text-ink transition-colors hover:border-ink disabled:cursor-not-allowed disabled:text-muted disabled:line-through aria-pressed:border-ink aria-pressed:bg-ink aria-pressed:text-paper"
                  >
                    {option}
                  </button>
                </li>
              );
            })}
          </ul>
        </BottomTray>
        <p aria-live="polite" className="text-sm text-muted">
          {size ? t("tray.selected", { size }) : t("tray.none")}
        </p>
      </div>
    </Section>
  );
}

function PopoverDemo() {
  const { t } = useTranslation("demo");
  return (
    <Section id="demo-popover" title={t("popover.heading")} intro={t("popover.intro")}>
      <div className="flex flex-wrap gap-6">
        <Popover
          title={t("popover.sizeGuideTitle")}
          trigger={
            <button type="button" className={button.quiet}>
              {t("popover.sizeGuide")}
            </button>
          }
        >
          {t("popover.sizeGuideBody")}
        </Popover>
        <Popover
          side="top"
          title={t("popover.deliveryTitle")}
          trigger={
            <button type="button" className={button.quiet}>
              {t("popover.delivery")}
            </button>
          }
        >
          {t("popover.deliveryBody")}
        </Popover>
      </div>
    </Section>
  );
}

function ToastDemo() {
  const { t } = useTranslation("demo");
  const { toast } = useToast();
  return (
    <Section id="demo-toast" title={t("toast.heading")} intro={t("toast.intro")}>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={button.primary}
          onClick={() =>
            toast({
              id: "demo-bag",
              tone: "success",
              title: t("toast.added"),
              description: t("toast.addedDetail"),
              action: {
                label: t("toast.undo"),
                altText: t("toast.undoAlt"),
                onAction: () => toast({ id: "demo-bag-undo", title: t("toast.undone") }),
              },
            })
          }
        >
          {t("toast.addToBag")}
        </button>
        <button
          type="button"
          className={button.secondary}
          onClick={() => toast({ id: "demo-wishlist", title: t("toast.saved") })}
        >
          {t("toast.wishlist")}
        </button>
        <button
          type="button"
          className={button.quiet}
          onClick={() =>
            toast({
              id: "demo-payment",
              tone: "error",
              title: t("toast.failed"),
              description: t("toast.failedDetail"),
              duration: 8000,
            })
          }
        >
          {t("toast.fail")}
        </button>
      </div>
    </Section>
  );
}

function NotificationDemo() {
  const { t } = useTranslation("demo");
  const [followOpen, setFollowOpen] = useState(true);
  return (
    <Section id="demo-notification" title={t("notification.heading")} intro={t("notification.intro")}>
      <div className="grid max-w-2xl gap-3">
        <Notification tone="info" title={t("notification.infoTitle")}>
          {t("notification.info")}
        </Notification>
        <Notification tone="success">{t("notification.success")}</Notification>
        <Notification tone="warning" title={t("notification.warningTitle")}>
          {t("notification.warning")}
        </Notification>
        <Notification tone="error">{t("notification.error")}</Notification>
        <Notification tone="info" title={t("notification.longTitle")}>
          {t("notification.long")}
        </Notification>
        {followOpen ? (
          <Notification tone="success" onDismiss={() => setFollowOpen(false)}>
            {t("notification.dismissible")}
          </Notification>
        ) : (
          <p className="flex items-center gap-4 text-sm text-muted">
            {t("notification.dismissed")}
            <button type="button" className={button.quiet} onClick={() => setFollowOpen(true)}>
              {t("notification.restore")}
            </button>
          </p>
        )}
      </div>
    </Section>
  );
}

function CarouselDemo() {
  const { t } = useTranslation("demo");
  const stories = [
    { id: "linen", picture: pictures.dressSand },
    { id: "tailoring", picture: pictures.coatCamel },
    { id: "knits", picture: pictures.teeInk },
    { id: "denim", picture: pictures.trousersSage },
    { id: "bags", picture: pictures.bagSand },
  ];
  const slides: CarouselSlide[] = stories.map((story, index) => ({
    id: story.id,
    content: (
      <article className="grid gap-4 desktop:grid-cols-[minmax(0,18rem)_1fr] desktop:items-end desktop:gap-8">
        <LazyImage image={story.picture} alt="" sizes="(min-width: 1024px) 18rem, 100vw" />
        <div className="pb-2">
          <p className="text-xs tracking-[0.3em] text-muted tabular-nums">0{index + 1}</p>
          <h3 className="mt-2 font-display text-3xl text-ink">{t(`carousel.slide${index + 1}`)}</h3>
          <a href="#demo-carousel" className={`${button.quiet} mt-4`}>
            {t("carousel.shopNow")}
          </a>
        </div>
      </article>
    ),
  }));
  return (
    <Section id="demo-carousel" title={t("carousel.heading")} intro={t("carousel.intro")}>
      <div className="max-w-3xl">
        <Carousel label={t("carousel.label")} slides={slides} />
      </div>
    </Section>
  );
}

function GalleryDemo() {
  const { t } = useTranslation("demo");
  const images: GalleryImage[] = [
    { id: "front", image: pictures.dressSand, alt: t("gallery.alt1") },
    { id: "back", image: pictures.dressBack, alt: t("gallery.alt2") },
    { id: "coat", image: pictures.coatCamel, alt: t("gallery.alt3") },
    { id: "trousers", image: pictures.trousersSage, alt: t("gallery.alt4") },
  ];
  return (
    <Section id="demo-gallery" title={t("gallery.heading")} intro={t("gallery.intro")}>
      <div className="max-w-xl">
        <ImageGallery
          lightboxId="demo-zoom"
          label={t("gallery.label")}
          images={images}
          sizes="(min-width: 1024px) 32rem, 100vw"
        />
      </div>
    </Section>
  );
}

function LazyImageDemo() {
  const { t } = useTranslation("demo");
  return (
    <Section id="demo-lazy-image" title={t("lazy.heading")} intro={t("lazy.intro")}>
      <div className="grid grid-cols-2 gap-4 desktop:grid-cols-3 desktop:gap-6">
        <figure>
          <LazyImage image={pictures.teeInk} alt={t("lazy.alt1")} sizes="(min-width: 1024px) 33vw, 50vw" />
          <figcaption className="mt-2 text-xs text-muted">{t("lazy.lazyCaption")}</figcaption>
        </figure>
        <figure>
          <LazyImage
            image={pictures.coatCamel}
            alt={t("lazy.alt2")}
            sizes="(min-width: 1024px) 33vw, 50vw"
            priority
          />
          <figcaption className="mt-2 text-xs text-muted">{t("lazy.priorityCaption")}</figcaption>
        </figure>
        <figure>
          <LazyImage
            image={pictures.dressBlush}
            alt={t("lazy.alt3")}
            sizes="(min-width: 1024px) 33vw, 50vw"
            aspectRatio="1 / 1"
            fit="contain"
          />
          <figcaption className="mt-2 text-xs text-muted">{t("lazy.containCaption")}</figcaption>
        </figure>
      </div>
    </Section>
  );
}

function AccordionDemo() {
  const { t } = useTranslation("demo");
  return (
    <Section id="demo-accordion" title={t("accordion.heading")} intro={t("accordion.intro")}>
      <div className="max-w-2xl">
        <Accordion
          items={[
            {
              id: "description",
              title: t("accordion.descriptionTitle"),
              content: t("accordion.description"),
            },
            { id: "care", title: t("accordion.careTitle"), content: t("accordion.care") },
            {
              id: "delivery",
              title: t("accordion.deliveryTitle"),
              content: t("accordion.delivery"),
            },
            { id: "reviews", title: t("accordion.reviewsTitle"), content: null, disabled: true },
          ]}
        />
      </div>
    </Section>
  );
}

function RatingDemo() {
  const { t } = useTranslation("demo");
  return (
    <Section id="demo-rating" title={t("rating.heading")} intro={t("rating.intro")}>
      <div className="grid gap-8 desktop:grid-cols-2">
        <ul className="space-y-3">
          <li>
            <RatingStars value={4.5} count={128} size="lg" />
          </li>
          <li>
            <RatingStars value={3.2} count={12} />
          </li>
          <li>
            <RatingStars value={0} count={0} size="sm" />
          </li>
        </ul>
        <RatingInput label={t("rating.yourRating")} name="rating" defaultValue={4} />
      </div>
    </Section>
  );
}

function ProgressDemo() {
  const { t } = useTranslation("demo");
  return (
    <Section id="demo-progress" title={t("progress.heading")} intro={t("progress.intro")}>
      <div className="grid max-w-2xl gap-6">
        <ProgressBar label={t("progress.uploading")} value={35} />
        <ProgressBar label={t("progress.done")} value={100} />
        <ProgressBar label={t("progress.loading")} value={null} />
        <ProgressBar label={t("progress.failed")} value={60} status="error" />
      </div>
    </Section>
  );
}

/** A short generated "film" (a canvas stream): playable under the shop's media CSP, with no file to ship. */
function useDemoFilm(video: React.RefObject<HTMLVideoElement | null>) {
  useEffect(() => {
    const element = video.current;
    const canvas = document.createElement("canvas");
    canvas.width = 640;
    canvas.height = 360;
    const context = canvas.getContext("2d");
    if (!element || !context || typeof canvas.captureStream !== "function") return;
    let frame = 0;
    let request = 0;
    const draw = () => {
      frame += 1;
      const time = frame / 90;
      const gradient = context.createLinearGradient(0, 0, 640, 360);
      gradient.addColorStop(0, `hsl(${32 + 6 * Math.sin(time)} 38% 88%)`);
      gradient.addColorStop(1, `hsl(${18 + 6 * Math.cos(time)} 32% 68%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, 640, 360);
      context.strokeStyle = "rgba(31, 27, 22, 0.18)";
      for (let line = 0; line < 14; line += 1) {
        context.beginPath();
        for (let x = 0; x <= 640; x += 16) {
          const y = 30 + line * 24 + 9 * Math.sin(x / 90 + time * 2 + line / 3);
          if (x === 0) context.moveTo(x, y);
          else context.lineTo(x, y);
        }
        context.stroke();
      }
    };
    const loop = () => {
      draw();
      request = requestAnimationFrame(loop);
    };
    const play = () => {
      cancelAnimationFrame(request);
      loop();
    };
    const pause = () => cancelAnimationFrame(request);
    draw();
    const stream = canvas.captureStream(30);
    element.srcObject = stream;
    element.addEventListener("play", play);
    element.addEventListener("pause", pause);
    return () => {
      cancelAnimationFrame(request);
      element.removeEventListener("play", play);
      element.removeEventListener("pause", pause);
      for (const track of stream.getTracks()) track.stop();
      element.srcObject = null;
    };
  }, [video]);
}

function VideoDemo() {
  const { t, i18n } = useTranslation("demo");
  const film = useRef<HTMLVideoElement>(null);
  useDemoFilm(film);
  const tracks = useMemo<CaptionTrack[]>(
    () => [
      {
        srclang: i18n.language,
        label: t("video.captionsLabel"),
        default: true,
        cues: [
          { start: 0, end: 3, text: t("video.cue1") },
          { start: 3, end: 6, text: t("video.cue2") },
          { start: 6, end: 9, text: t("video.cue3") },
        ],
      },
    ],
    [t, i18n.language],
  );
  return (
    <Section id="demo-video" title={t("video.heading")} intro={t("video.intro")}>
      <div className="grid gap-6 desktop:grid-cols-2">
        <VideoPlayer
          ref={film}
          title={t("video.title")}
          sources={[]}
          poster={posterUri}
          tracks={tracks}
          caption={t("video.caption")}
        />
        <VideoPlayer
          title={t("video.unavailableTitle")}
          sources={[{ src: "/media/demo/unavailable.film", type: "video/x-loom-unavailable" }]}
          poster={posterUri}
          caption={t("video.unavailableCaption")}
        />
      </div>
    </Section>
  );
}

function StoryDemo() {
  const { t } = useTranslation("demo");
  const stories = [
    { id: "newIn", picture: pictures.dressBlush },
    { id: "linen", picture: pictures.dressSand },
    { id: "denim", picture: pictures.trousersSage },
    { id: "knits", picture: pictures.teeInk },
    { id: "sale", picture: pictures.coatCamel },
  ] as const;
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set(["denim", "sale"]));
  return (
    <Section id="demo-story" title={t("story.heading")} intro={t("story.intro")}>
      <ul aria-label={t("story.label")} className="flex gap-3 overflow-x-auto pb-2 desktop:gap-5">
        {stories.map((story) => (
          <li key={story.id}>
            <StoryBubble
              label={t(`story.${story.id}`)}
              image={story.picture.w200.url}
              seen={seen.has(story.id)}
              size={story.id === "newIn" ? "lg" : "md"}
              onClick={() => setSeen((current) => new Set([...current, story.id]))}
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function SkeletonDemo() {
  const { t } = useTranslation("demo");
  return (
    <Section id="demo-skeleton" title={t("skeleton.heading")} intro={t("skeleton.intro")}>
      <div className="grid grid-cols-2 gap-4 desktop:grid-cols-4 desktop:gap-6">
        {["one", "two", "three", "four"].map((key) => (
          <ProductCardSkeleton key={key} />
        ))}
      </div>
    </Section>
  );
}
