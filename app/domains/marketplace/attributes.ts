// What a listing and a store are described with: codes only, translated in `marketplace.json`.
// Client-safe (the sell form, the filters and the server share them).

export const listingCategories = [
  "dresses",
  "tops",
  "shirts",
  "knitwear",
  "jeans",
  "trousers",
  "shorts",
  "skirts",
  "outerwear",
  "shoes",
  "bags",
  "accessories",
] as const;
export type ListingCategory = (typeof listingCategories)[number];

/** PRODUCT.md's four conditions, best first. */
export const listingConditions = ["new-with-tags", "like-new", "good", "fair"] as const;
export type ListingCondition = (typeof listingConditions)[number];

/** schema.org `itemCondition` per condition (a listing page's structured data). */
export const schemaOrgCondition: Record<ListingCondition, string> = {
  "new-with-tags": "https://schema.org/NewCondition",
  "like-new": "https://schema.org/UsedCondition",
  good: "https://schema.org/UsedCondition",
  fair: "https://schema.org/UsedCondition",
};

/** The shop's colour names, with a swatch colour for the filter chips. */
export const listingColours = {
  black: "#1f1f21",
  white: "#f6f4ef",
  ecru: "#e9e0cf",
  beige: "#d8c3a5",
  camel: "#b9864f",
  brown: "#6b4530",
  grey: "#9a9a9a",
  navy: "#1f2a44",
  blue: "#4f7cac",
  green: "#5d7052",
  red: "#a4262c",
  pink: "#e3a6b4",
  purple: "#6c4f8a",
  yellow: "#e8c547",
  orange: "#d9782d",
  multi: "linear-gradient(135deg,#e3a6b4,#e8c547,#4f7cac)",
} as const;
export type ListingColour = keyof typeof listingColours;
export const listingColourCodes = Object.keys(listingColours) as [ListingColour, ...ListingColour[]];

/** Sizes a seller picks from: letters, EU numbers, jeans waists, shoe sizes and one size. */
export const listingSizes = [
  "XXS",
  "XS",
  "S",
  "M",
  "L",
  "XL",
  "XXL",
  "32",
  "34",
  "36",
  "38",
  "40",
  "42",
  "44",
  "46",
  "W26",
  "W28",
  "W30",
  "W32",
  "W34",
  "W36",
  "37",
  "39",
  "41",
  "43",
  "45",
  "one-size",
] as const;

/** Where a store ships from (the shop's four countries). */
export const storeCountries = ["NL", "BE", "FR", "ES"] as const;
export type StoreCountry = (typeof storeCountries)[number];

/** How a store page lays its listings out (the spec's storeGridType). */
export const storeGridTypes = ["grid", "large"] as const;
export type StoreGridType = (typeof storeGridTypes)[number];

export const MIN_PRICE_CENTS = 100;
export const MAX_PRICE_CENTS = 1_000_000;
export const MAX_PHOTOS = 20;
/** One photo may be at most 15 MB (a phone's full-size JPEG is 3–8 MB). */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** PRODUCT.md: 2–20 photos; a draft may have fewer, publishing needs two. */
export const MIN_PHOTOS_TO_PUBLISH = 2;

export const listingSorts = ["newest", "price-asc", "price-desc", "favourites"] as const;
export type ListingSort = (typeof listingSorts)[number];

/** How a store sells (PRODUCT.md: a business gives trader details before listing). */
export const sellerTypes = ["private", "business"] as const;
export type SellerType = (typeof sellerTypes)[number];

/** The shop's colour codes as the marketplace's (resell pre-fills the colour of the bought product). */
export const listingColourOfShopColour: Record<string, ListingColour> = {
  black: "black",
  white: "white",
  ecru: "ecru",
  navy: "navy",
  camel: "camel",
  olive: "green",
  burgundy: "red",
  sage: "green",
  rust: "orange",
  "dusty-pink": "pink",
  "denim-blue": "blue",
  "grey-melange": "grey",
  chocolate: "brown",
  "sky-blue": "blue",
};
