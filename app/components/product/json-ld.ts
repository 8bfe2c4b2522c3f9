import type { ProductDetail } from "~/domains/catalog/product.server";
import type { OrderState } from "~/domains/catalog/product-rules";
import { centsToDecimal } from "~/platform/money";

const schema = "https://schema.org/";

/**
 * schema.org `Product` with one EUR `Offer` per size (price, availability from its stock, SKU), for search
 * engines. Rendered by `meta` as a `<script type="application/ld+json">` data block, which is not script
 * execution, so the CSP nonce does not apply.
 */
export function productJsonLd(product: ProductDetail, state: OrderState, origin: string, path: string) {
  const url = `${origin}${path}`;
  const availability = (stock: number) =>
    state === "coming-soon"
      ? `${schema}PreOrder`
      : stock > 0
        ? `${schema}InStock`
        : state === "available-soon"
          ? `${schema}BackOrder`
          : `${schema}OutOfStock`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.styleCode,
    color: product.colour,
    brand: { "@type": "Brand", name: product.brand },
    image: product.images.map((image) => `${origin}${image.set.w900.url}`),
    url,
    offers: product.variants.map((variant) => ({
      "@type": "Offer",
      sku: variant.sku,
      name: variant.size,
      price: centsToDecimal(product.priceCents),
      priceCurrency: "EUR",
      availability: availability(variant.stock),
      itemCondition: `${schema}NewCondition`,
      url,
    })),
  };
}
