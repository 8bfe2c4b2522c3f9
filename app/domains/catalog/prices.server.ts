import { type SQL, sql } from "drizzle-orm";
import { priceHistory } from "./tables.server";

/**
 * EU Omnibus: the lowest price of the 30 days before the current price took effect, for the product whose
 * id is `productId` (a column or a value). The current price is the newest history row not in the future;
 * the price in force at the start of the window counts too (the newest row older than 30 days). Null when
 * the product has no earlier price. One correlated subquery, so listings and the product page share it.
 */
export function lowestPrice30dSql(productId: SQL | { getSQL(): SQL } | number): SQL<number | null> {
  return sql<number | null>`(
    with current_price as (
      select max(${priceHistory.validFrom}) as since from ${priceHistory}
      where ${priceHistory.productId} = ${productId} and ${priceHistory.validFrom} <= now()
    )
    select min(earlier.price_cents) from (
      select h.price_cents from ${priceHistory} h, current_price
      where h.product_id = ${productId} and h.valid_from < current_price.since
        and h.valid_from >= current_price.since - interval '30 days'
      union all
      (select h.price_cents from ${priceHistory} h, current_price
       where h.product_id = ${productId} and h.valid_from < current_price.since - interval '30 days'
       order by h.valid_from desc limit 1)
    ) earlier
  )`;
}
