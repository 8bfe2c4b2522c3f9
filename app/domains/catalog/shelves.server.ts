import type { Locale } from "../../platform/i18n/locales";
import type { Block } from "../content/blocks";
import { type PageCard, pageCards } from "./listing.server";

/**
 * The products of content's shelf blocks (a campaign's picks, a saved filter), resolved when the page is
 * rendered: a sold-out or retired product drops out of a hand-picked shelf by itself, and a filter shows
 * what the category holds today. One list per block, empty for blocks that are no shelf.
 */
export async function shelfProducts(
  locale: Locale,
  blocks: readonly Block[],
  catalogue: {
    activeProductCards: (locale: Locale, ids: readonly number[]) => Promise<Parameters<typeof pageCards>[0]>;
    categoryPage: (
      locale: Locale,
      slug: string | undefined,
      params: URLSearchParams,
    ) => Promise<{ listing: { products: PageCard[] } } | null>;
    /** The new-in and best-seller lists (asked once per page, only when a shelf uses them). */
    automatic: (locale: Locale) => Promise<{ newIn: PageCard[]; bestSellers: PageCard[] }>;
  },
): Promise<PageCard[][]> {
  let automatic: Promise<{ newIn: PageCard[]; bestSellers: PageCard[] }> | undefined;
  return Promise.all(
    blocks.map(async (raw) => {
      // A product selection's first cards stand in for it where it is not the page (previews, the app).
      const block =
        raw.type === "listing"
          ? {
              ...raw,
              type: "shelf" as const,
              limit: 8,
              source:
                raw.source.kind === "filter" ? { ...raw.source, sort: "position" as const } : raw.source,
            }
          : raw;
      if (block.type !== "shelf") return [];
      if (block.source.kind === "automatic") {
        automatic ??= catalogue.automatic(locale);
        const lists = await automatic;
        return (block.source.list === "new-in" ? lists.newIn : lists.bestSellers).slice(0, block.limit);
      }
      if (block.source.kind === "picks")
        return pageCards(await catalogue.activeProductCards(locale, block.source.productIds)).slice(
          0,
          block.limit,
        );
      const page = await catalogue.categoryPage(
        locale,
        block.source.category,
        new URLSearchParams({ sort: block.source.sort }),
      );
      return page?.listing.products.slice(0, block.limit) ?? [];
    }),
  );
}
