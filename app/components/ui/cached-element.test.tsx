import { PassThrough } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { cardKey, ProductCard } from "~/components/catalog/product-card";
import type { PageCard } from "~/domains/catalog/listing.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { type MarkupCache, MarkupCacheContext } from "~/platform/render/markup-cache";
import { createMarkupCache, oneBytePerLetter } from "~/platform/render/markup-cache.server";
import { CachedElement } from "./cached-element";

const card = (id: number, over: Partial<PageCard> = {}): PageCard => ({
  id,
  name: `Wrap dress ${id}`,
  slug: `wrap-dress-${id}`,
  brand: "Loom & Label",
  colour: "black",
  priceCents: 5995,
  originalPriceCents: 7995,
  lowestPrice30dCents: 5495,
  stock: 3,
  appOnly: false,
  comingSoon: false,
  highlights: [{ code: "best-seller" }],
  fewLeft: true,
  image: { src: `/media/p/${id}/600.webp`, srcSet: `/media/p/${id}/600.webp 600w`, width: 600, height: 900 },
  ...over,
});

/** A page in a data router, as React Router's server renders it: the root's routing data, then `page`. */
async function renderPage(page: () => ReactNode, cache: MarkupCache | null): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ routing: { locale: "nl", strategy: "prefix", origin: "" } }),
      children: [{ index: true, Component: page }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://shop.test/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = (
    <I18nextProvider i18n={serverI18n("nl")}>
      <MarkupCacheContext value={cache}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </MarkupCacheContext>
    </I18nextProvider>
  );
  // The page's own render is React's streaming one, as in entry.server.tsx; the cache renders inside it.
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(tree, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const sink = new PassThrough();
        sink.on("data", (chunk: Buffer) => chunks.push(chunk));
        sink.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        pipe(sink);
      },
      onShellError: reject,
      onError: reject,
    });
  });
}

const listing = (cards: PageCard[]) => () => (
  <ul>
    {cards.map((c, index) => (
      <CachedElement as="li" key={c.id} cacheKey={index === 0 ? null : cardKey(c)} className="card">
        <ProductCard product={c} priority={index === 0} />
      </CachedElement>
    ))}
  </ul>
);

describe("CachedElement", () => {
  it("pastes exactly the markup the cards render in place, links, prices and labels included", async () => {
    const cards = [
      card(1),
      card(2),
      card(3, { stock: 0, fewLeft: false }),
      card(4, { originalPriceCents: null }),
    ];
    const plain = await renderPage(listing(cards), null);
    const cached = await renderPage(listing(cards), createMarkupCache().scope("nl:prefix"));
    // The same document: only the euro signs of the pasted cards are written as character references.
    expect(cached).toContain("&#8364;");
    expect(cached.replace(/&#(\d+);/g, (_, code) => String.fromCodePoint(Number(code)))).toBe(plain);
    // It is a real card: the localized product link, the Dutch price and the Omnibus line.
    expect(cached).toContain('href="/nl/wrap-dress-2/"');
    expect(cached).toMatch(/€\s?59,95/);
    expect(cached).toContain("Laagste prijs afgelopen 30 dagen");
  });

  it("renders a key once and hands back the same markup after, but another key for changed data", async () => {
    const cache = createMarkupCache();
    const scope = cache.scope("nl:prefix");
    const first = await renderPage(listing([card(1), card(2)]), scope);
    expect(cache.size).toBe(1);
    expect(await renderPage(listing([card(1), card(2)]), scope)).toBe(first);
    expect(cache.size).toBe(1);

    const cheaper = await renderPage(listing([card(1), card(2, { priceCents: 4995 })]), scope);
    expect(cache.size).toBe(2);
    // The second card shows its new price; the old one is on the first card only.
    expect(cheaper).toContain('data-price-cents="4995"');
    expect(cheaper).toMatch(/&#8364;\s49,95/);
    expect(cheaper.match(/data-price-cents="5995"/g)).toHaveLength(1);
  });

  it("renders the children of a key once per scope, in place without a cache or a key", async () => {
    let renders = 0;
    function Counted() {
      renders++;
      return <span>counted</span>;
    }
    const page = (key: string | null) => () => (
      <CachedElement as="div" cacheKey={key}>
        <Counted />
      </CachedElement>
    );
    const cache = createMarkupCache();
    await renderPage(page("k"), cache.scope("nl:prefix"));
    await renderPage(page("k"), cache.scope("nl:prefix"));
    expect(renders).toBe(1);
    // Another locale's links and texts differ: its own entry.
    await renderPage(page("k"), cache.scope("fr:prefix"));
    expect(renders).toBe(2);
    // The browser (no cache) and an uncached element render their children every time.
    await renderPage(page("k"), null);
    await renderPage(page(null), cache.scope("nl:prefix"));
    expect(renders).toBe(4);
  });

  it("drops the oldest entry when full", () => {
    const cache = createMarkupCache(2);
    const scope = cache.scope("nl:prefix");
    const rendered: string[] = [];
    function Text({ text }: { text: string }) {
      rendered.push(text);
      return <b>{text}</b>;
    }
    for (const key of ["a", "b", "c", "c", "b", "a"])
      expect(scope.html(key, <Text text={key} />)).toBe(`<b>${key}</b>`);
    expect(cache.size).toBe(2);
    // "a" went when "c" came, and was rendered again; "b" and "c" were still there.
    expect(rendered).toEqual(["a", "b", "c", "a"]);
  });

  it("writes the letters beyond Latin-1 as character references, and nothing else", () => {
    expect(oneBytePerLetter('<p title="€ 5">Été – 👗 &amp; ß ÿĀ\u{10ffff}</p>')).toBe(
      '<p title="&#8364; 5">Été &#8211; &#128087; &amp; ß ÿ&#256;&#1114111;</p>',
    );
    // A lone surrogate (no letter on its own) is kept as the number it is.
    expect(oneBytePerLetter("a\ud83d b \udc57")).toBe("a&#55357; b &#56407;");
  });
});
