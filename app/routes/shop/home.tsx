import { useId } from "react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { cardKey, ProductCard } from "~/components/catalog/product-card";
import { ContentBlocks } from "~/components/content/blocks";
import { PreviewBanner } from "~/components/content/preview-banner";
import { CachedElement } from "~/components/ui/cached-element";
import { LazyImage } from "~/components/ui/lazy-image";
import { type HomeTile, homePage } from "~/domains/catalog/catalog.server";
import type { PageCard } from "~/domains/catalog/listing.server";
import type { Block } from "~/domains/content/blocks";
import { liveHome, previewEntry } from "~/domains/content/content.server";
import { contentImageSrcSet } from "~/domains/content/images";
import { serverI18n } from "~/platform/i18n/resources.server";
import { shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { usePageHref } from "~/routing/use-routing";
import type { Route } from "./+types/home";

export const handle = { i18n: ["catalog", "wishlist", "content"] };

/**
 * The home page: its hero and shelves are the live `home` content entry (merchandisers schedule a new one
 * for a campaign), the category tiles the catalogue's. Without a live entry it shows the built-in slots.
 * The page stays micro-cached; a publish drops the cache after its commit.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const { t } = serverI18n(locale);
  const token = new URL(request.url).searchParams.get("preview");
  const preview = token ? await previewEntry(token, locale) : null;
  const entry = preview?.kind === "home" ? preview : await liveHome(locale);
  const blocks: Block[] = entry?.blocks ?? [];
  const page = await homePage(locale, blocks);
  const hero = blocks[0]?.type === "hero" ? blocks[0] : null;
  return data(
    {
      title: `${t("shop.name")} · ${hero?.title ?? t("home.title")}`,
      description: hero?.text ?? t("home.intro"),
      ...page,
      blocks,
      preview: Boolean(preview && preview.kind === "home"),
    },
    preview ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has("Cache-Control") ? loaderHeaders : shareablePage();
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData?.title },
    { name: "description", content: loaderData?.description },
    ...(loaderData?.preview ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

const eyebrow = "text-xs tracking-[0.3em] text-muted uppercase";
const button = "inline-flex min-h-11 items-center px-6 py-3 text-sm tracking-wider uppercase";

/** A titled row of product cards with a link to the whole listing. */
function Shelf({
  title,
  more,
  to,
  products,
}: {
  title: string;
  more: string;
  to: string | null;
  products: PageCard[];
}) {
  const headingId = useId();
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-12 desktop:px-8 desktop:py-16">
      <div className="mb-6 flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
        <h2 id={headingId} className="font-display text-3xl desktop:text-4xl">
          {title}
        </h2>
        {to ? (
          <Link to={to} className="text-sm underline underline-offset-4 hover:text-muted">
            {more}
          </Link>
        ) : null}
      </div>
      {/* A swipeable row on phones, a grid of four across on desktop. */}
      <ul className="-mx-4 grid auto-cols-[44%] grid-flow-col gap-x-4 overflow-x-auto scroll-px-4 px-4 pb-2 snap-x snap-mandatory sm:auto-cols-[30%] desktop:mx-0 desktop:auto-cols-auto desktop:grid-flow-row desktop:grid-cols-4 desktop:gap-y-10 desktop:overflow-visible desktop:px-0">
        {products.map((product) => (
          <CachedElement as="li" key={product.id} className="snap-start" cacheKey={cardKey(product)}>
            <ProductCard product={product} />
          </CachedElement>
        ))}
      </ul>
    </section>
  );
}

function CategoryTile({ tile, large = false }: { tile: HomeTile; large?: boolean }) {
  const to = usePageHref();
  // Departments: tall on a phone, square on desktop so both fit a screen; sub-categories 2:3 like the cards.
  const ratio = large ? "aspect-[4/5] desktop:aspect-square" : "aspect-[2/3]";
  return (
    <li>
      <Link to={to("category", { slug: tile.slug })} className="group block">
        {tile.image ? (
          <LazyImage
            image={tile.image}
            alt=""
            aspectRatio={null}
            className={ratio}
            sizes={large ? "(min-width: 1024px) 40vw, 50vw" : "(min-width: 1024px) 20vw, 50vw"}
            imgClassName="transition-transform duration-700 group-hover:scale-[1.03] motion-reduce:transition-none"
          />
        ) : (
          <div className={`bg-sand ${ratio}`} />
        )}
        <span
          className={
            large
              ? "mt-3 block font-display text-2xl underline-offset-8 group-hover:underline desktop:text-3xl"
              : "mt-2 block text-sm tracking-wider uppercase underline-offset-4 group-hover:underline"
          }
        >
          {tile.name}
        </span>
      </Link>
    </li>
  );
}

type HeroBlock = Extract<Block, { type: "hero" }>;

/** The hero slot: the entry's copy, its picture or (without one) the newest product's close-up. */
function Hero({
  block,
  image,
}: {
  block: HeroBlock | null;
  image: Route.ComponentProps["loaderData"]["hero"];
}) {
  const { t } = useTranslation();
  const to = usePageHref();
  const all = to("category", {});
  const srcSet = block?.image ? contentImageSrcSet(block.image) : undefined;
  return (
    <section className="bg-sand">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-10 desktop:grid-cols-[1fr_minmax(0,28rem)] desktop:gap-16 desktop:px-8 desktop:py-16">
        <div className="flex flex-col gap-6">
          <p className={eyebrow}>{t("shop.tagline")}</p>
          <h1 className="max-w-3xl font-display text-5xl leading-tight desktop:text-7xl">
            {block?.title ?? t("home.title")}
          </h1>
          <p className="max-w-xl text-lg text-muted">{block ? block.text : t("home.intro")}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={block?.ctaHref ?? `${all}?sort=newest`} className={`${button} bg-ink text-white`}>
              {block?.ctaLabel ?? t("home.shopNewIn")}
            </Link>
            <Link to={to("marketplace")} className={`${button} border border-ink`}>
              {t("home.marketplace")}
            </Link>
          </div>
        </div>
        {block?.image ? (
          <img
            src={block.image}
            srcSet={srcSet}
            sizes={srcSet ? "(min-width: 1024px) 28rem, 100vw" : undefined}
            alt={block.imageAlt ?? ""}
            fetchPriority="high"
            className="-mx-4 aspect-[4/3] w-[calc(100%+2rem)] object-cover desktop:mx-0 desktop:aspect-[4/5] desktop:w-full"
          />
        ) : image ? (
          <LazyImage
            image={image}
            alt={t("home.heroAlt")}
            aspectRatio={null}
            sizes="(min-width: 1024px) 28rem, 100vw"
            priority
            className="-mx-4 aspect-[4/3] desktop:mx-0 desktop:aspect-[4/5]"
          />
        ) : null}
      </div>
    </section>
  );
}

function Categories({ departments, subcategories }: { departments: HomeTile[]; subcategories: HomeTile[] }) {
  const { t } = useTranslation();
  const categoriesId = useId();
  return (
    <section
      aria-labelledby={categoriesId}
      className="mx-auto max-w-7xl px-4 pt-12 desktop:px-8 desktop:pt-20"
    >
      <h2 id={categoriesId} className="mb-6 font-display text-3xl desktop:text-4xl">
        {t("home.categories")}
      </h2>
      <ul className="grid grid-cols-2 gap-4 desktop:gap-8">
        {departments.map((tile) => (
          <CategoryTile key={tile.slug} tile={tile} large />
        ))}
      </ul>
      {subcategories.length > 0 ? (
        <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-6 desktop:grid-cols-4 desktop:gap-8">
          {subcategories.map((tile) => (
            <CategoryTile key={tile.slug} tile={tile} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Where a content shelf's "view all" leads: its listing (hand-picked shelves have none). */
function useShelfMore() {
  const { t } = useTranslation();
  const to = usePageHref();
  return (block: Extract<Block, { type: "shelf" }>): { to: string; label: string } | null => {
    const all = to("category", {});
    const source = block.source;
    if (source.kind === "picks") return null;
    if (source.kind === "automatic")
      return source.list === "new-in"
        ? { to: `${all}?sort=newest`, label: t("home.viewAllNewIn") }
        : { to: all, label: t("home.viewAllBestSellers") };
    const base = source.category ? to("category", { slug: source.category }) : all;
    return {
      to: source.sort === "position" ? base : `${base}?sort=${source.sort}`,
      label: t("home.viewAll", { title: block.title }),
    };
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = usePageHref();
  const more = useShelfMore();
  const { hero, departments, subcategories, newIn, bestSellers, blocks, shelves, preview } = loaderData;
  const all = to("category", {});
  if (blocks.length === 0)
    return (
      <main id="main">
        <Hero block={null} image={hero} />
        <Categories departments={departments} subcategories={subcategories} />
        <Shelf
          title={t("home.newIn")}
          more={t("home.viewAllNewIn")}
          to={`${all}?sort=newest`}
          products={newIn}
        />
        <Shelf
          title={t("home.bestSellers")}
          more={t("home.viewAllBestSellers")}
          to={all}
          products={bestSellers}
        />
      </main>
    );
  const heroBlock = blocks[0]?.type === "hero" ? blocks[0] : null;
  const rest = heroBlock ? blocks.slice(1) : blocks;
  const restShelves = heroBlock ? shelves.slice(1) : shelves;
  return (
    <main id="main">
      {preview ? <PreviewBanner /> : null}
      <Hero block={heroBlock} image={hero} />
      <Categories departments={departments} subcategories={subcategories} />
      {rest.map((block, index) => {
        if (block.type === "shelf") {
          const link = more(block);
          return (
            <Shelf
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids; their order is their identity
              key={index}
              title={block.title}
              more={link?.label ?? ""}
              to={link?.to ?? null}
              products={restShelves[index] ?? []}
            />
          );
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <ContentBlocks key={index} blocks={[block]} shelves={[[]]} headed />
        );
      })}
    </main>
  );
}
