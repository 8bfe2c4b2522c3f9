import type { ProductDetail } from "~/domains/catalog/product.server";
import type { OrderState } from "~/domains/catalog/product-rules";
import type { Highlight } from "~/domains/highlights/labels";
import type { FitAnswers } from "~/domains/sizing/fit";

/** What the product route hands its components. */
export interface ProductView {
  product: ProductDetail;
  orderState: OrderState;
  highlights: Highlight[];
  /** Shoppers' fit answers (reviews, returns' "too small"/"too big"): the size advice shifts by them. */
  fit: FitAnswers;
  /** Whether size advice can be given for the product ("Find my size" is offered only then). */
  adviceOffered: boolean;
}
