import { schemaOrgCondition } from "~/domains/marketplace/attributes";
import type { ListingDetail } from "~/domains/marketplace/marketplace.server";
import { centsToDecimal } from "~/platform/money";

/** schema.org `Product` with one `Offer` and its `itemCondition` (second hand: used, unless new with tags). */
export function listingJsonLd(listing: ListingDetail, seller: string, origin: string, url: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: listing.title,
    description: listing.description,
    brand: { "@type": "Brand", name: listing.brand },
    color: listing.colour,
    size: listing.size,
    image: listing.photos.map((photo) => `${origin}${photo.w900.url}`),
    url: `${origin}${url}`,
    offers: {
      "@type": "Offer",
      price: centsToDecimal(listing.priceCents),
      priceCurrency: "EUR",
      itemCondition: schemaOrgCondition[listing.condition],
      availability:
        listing.state === "published" ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      seller: { "@type": "Person", name: seller },
      url: `${origin}${url}`,
    },
  };
}
