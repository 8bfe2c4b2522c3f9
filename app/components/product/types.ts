import type { ProductDetail } from "~/domains/catalog/product.server";
import type { OrderState } from "~/domains/catalog/product-rules";
import type { Highlight } from "~/domains/highlights/labels";

/** What the product route hands its components. */
export interface ProductView {
  product: ProductDetail;
  orderState: OrderState;
  highlights: Highlight[];
}
