import { locales } from "../../../platform/i18n/locales";
import { serverI18n } from "../../../platform/i18n/resources.server";
import { searchWords } from "./query";

export interface SearchableListing {
  title: string;
  description: string;
  brand: string;
  size: string;
  colour: string;
  category: string;
  condition: string;
  material: string;
}

/**
 * The words a listing is found by: its own text (in the seller's language) plus the names of its category,
 * colour and condition in all four locales, so "robe noire" finds a Dutch "zwarte jurk" listing.
 */
export function listingSearchText(listing: SearchableListing): string {
  const names = locales.flatMap((locale) => {
    const { t } = serverI18n(locale);
    return [
      t(`marketplace:categories.${listing.category}`),
      t(`marketplace:colours.${listing.colour}`),
      t(`marketplace:conditions.${listing.condition}`),
    ] as string[];
  });
  const words = searchWords(
    [listing.title, listing.brand, listing.size, listing.material, listing.description, ...names].join(" "),
  );
  return ` ${[...new Set(words)].join(" ")} `;
}
