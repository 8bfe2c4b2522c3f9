import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cardKey, ProductCard } from "~/components/catalog/product-card";
import { CachedElement } from "~/components/ui/cached-element";
import type { PageCard } from "~/domains/catalog/listing.server";
import type { Block } from "~/domains/content/blocks";
import { contentImageSrcSet } from "~/domains/content/images";
import { usePageHref } from "~/routing/use-routing";
import { Countdown } from "./countdown";

const wide = "mx-auto max-w-7xl px-4 desktop:px-8";
const narrow = "mx-auto max-w-3xl px-4 desktop:px-8";

/** Plain text with blank lines between paragraphs (content never carries HTML). */
function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {text.split(/\n\s*\n/).map((paragraph) => (
        <p key={paragraph.slice(0, 40)} className={className}>
          {paragraph}
        </p>
      ))}
    </>
  );
}

function Shelf({ title, products }: { title: string; products: PageCard[] }) {
  const { t } = useTranslation("content");
  const id = useId();
  return (
    <section aria-labelledby={id} className={`${wide} py-10`}>
      <h2 id={id} className="mb-6 font-display text-3xl">
        {title}
      </h2>
      {products.length === 0 ? (
        <p className="text-muted">{t("shelf.empty")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 desktop:grid-cols-4">
          {products.map((product) => (
            <CachedElement as="li" key={product.id} cacheKey={cardKey(product)}>
              <ProductCard product={product} />
            </CachedElement>
          ))}
        </ul>
      )}
    </section>
  );
}

function BlockView({
  block,
  products,
  first,
  selection,
}: {
  block: Block;
  products: PageCard[];
  first: boolean;
  selection?: ReactNode;
}) {
  const to = usePageHref();
  const { t } = useTranslation("content");
  const Heading = first ? "h1" : "h2";
  switch (block.type) {
    case "hero":
      return (
        <section className="bg-sand">
          <div className={`${wide} grid items-center gap-8 py-10 desktop:grid-cols-2 desktop:py-16`}>
            <div className="flex flex-col gap-4">
              <Heading className="font-display text-5xl leading-tight desktop:text-6xl">
                {block.title}
              </Heading>
              {block.text ? <p className="max-w-xl text-lg text-muted">{block.text}</p> : null}
              {block.ctaLabel && block.ctaHref ? (
                <Link
                  to={block.ctaHref}
                  className="inline-flex min-h-11 w-fit items-center bg-ink px-6 py-3 text-sm tracking-wider text-white uppercase hover:bg-accent"
                >
                  {block.ctaLabel}
                </Link>
              ) : null}
            </div>
            {block.image ? (
              <img
                src={block.image}
                srcSet={contentImageSrcSet(block.image)}
                sizes="(min-width: 1024px) 50vw, 100vw"
                alt={block.imageAlt ?? ""}
                className="aspect-[4/3] w-full object-cover"
                fetchPriority={first ? "high" : undefined}
                loading={first ? "eager" : "lazy"}
              />
            ) : null}
          </div>
        </section>
      );
    case "text":
      return (
        <section className={`${narrow} space-y-4 py-8`}>
          {block.heading ? <h2 className="font-display text-3xl">{block.heading}</h2> : null}
          <Paragraphs text={block.body} className="leading-relaxed" />
        </section>
      );
    case "image":
      return (
        <figure className={`${wide} py-8`}>
          <img
            src={block.src}
            srcSet={contentImageSrcSet(block.src)}
            sizes="(min-width: 1280px) 1200px, 100vw"
            alt={block.alt}
            loading="lazy"
            className="w-full"
          />
          {block.caption ? (
            <figcaption className="mt-2 text-sm text-muted">{block.caption}</figcaption>
          ) : null}
        </figure>
      );
    case "shelf":
      return <Shelf title={block.title} products={products} />;
    case "listing":
      return selection ?? <Shelf title={block.title} products={products} />;
    case "tiles":
      return (
        <section className={`${wide} py-8`} aria-label={block.title}>
          {block.title ? <h2 className="mb-4 font-display text-3xl">{block.title}</h2> : null}
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 desktop:grid-cols-6">
            {block.tiles.map((tile) => (
              <li key={tile.category}>
                <Link
                  to={to("category", { slug: tile.category })}
                  className="flex min-h-20 items-center justify-center border border-line bg-white p-4 text-center text-sm tracking-wider uppercase hover:border-ink"
                >
                  {tile.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      );
    case "countdown":
      return <Countdown title={block.title} until={block.until} />;
    case "faq":
      return (
        <section className={`${narrow} py-8`}>
          {block.title ? <h2 className="mb-4 font-display text-3xl">{block.title}</h2> : null}
          <div className="divide-y divide-line border-y border-line">
            {block.items.map((item) => (
              <details key={item.q}>
                <summary className="flex min-h-12 cursor-pointer items-center py-3">{item.q}</summary>
                <Paragraphs text={item.a} className="pb-4 text-muted" />
              </details>
            ))}
          </div>
        </section>
      );
    case "video":
      return (
        <section className={`${wide} py-8`}>
          {/* biome-ignore lint/a11y/useMediaCaption: captions come with the uploaded file where it has them */}
          <video controls preload="none" poster={block.poster} title={block.title} className="w-full">
            <source src={block.src} />
            {t("video.unsupported")}
          </video>
        </section>
      );
  }
}

/**
 * A content entry's blocks in order. `shelves` holds the products of each block (empty for other blocks),
 * resolved by the catalogue on the server. The first block carries the page's `h1` when it is a hero;
 * otherwise the page renders its title itself.
 */
export function ContentBlocks({
  blocks,
  shelves,
  headed = false,
  selection,
}: {
  blocks: Block[];
  shelves: PageCard[][];
  /** The product selection with its filters (the campaign page renders it); its first cards otherwise. */
  selection?: ReactNode;
  /** The page has its `h1` already: no block takes it. */
  headed?: boolean;
}) {
  return (
    <>
      {blocks.map((block, index) => (
        <BlockView
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids; their order is their identity
          key={index}
          block={block}
          products={shelves[index] ?? []}
          first={index === 0 && !headed}
          selection={selection}
        />
      ))}
    </>
  );
}
