// E-mails about listings, written to the outbox in the transaction of the change they report.
import { and, eq } from "drizzle-orm";
import { user } from "../../../platform/auth/tables.server";
import type { Transaction } from "../../../platform/db/db.server";
import { env } from "../../../platform/env.server";
import { isLocale, type Locale } from "../../../platform/i18n/locales";
import { formatMoney, money } from "../../../platform/money";
import { href } from "../../../routing/urls";
import { queueEmail } from "../../notifications/notifications.server";
import { marketplaceFavourites, marketplaceListings } from "../tables.server";

export function localeOf(value: string | null | undefined): Locale {
  return value && isLocale(value) ? value : "en";
}

export function listingUrl(id: number, locale: Locale): string {
  return `${env().BASE_URL}${href("marketplace-item", { id: String(id) }, locale, env().I18N_STRATEGY)}`;
}

/** Tells everyone who favourited a listing that its price dropped (PRODUCT.md), in their own language. */
export async function notifyPriceDrop(
  tx: Transaction,
  listingId: number,
  beforeCents: number,
  nowCents: number,
): Promise<number> {
  const rows = await tx
    .select({
      email: user.email,
      name: user.firstName,
      fallbackName: user.name,
      locale: user.locale,
      title: marketplaceListings.title,
    })
    .from(marketplaceFavourites)
    .innerJoin(user, eq(user.id, marketplaceFavourites.userId))
    .innerJoin(marketplaceListings, eq(marketplaceListings.id, marketplaceFavourites.listingId))
    .where(and(eq(marketplaceFavourites.listingId, listingId)));
  for (const row of rows) {
    const locale = localeOf(row.locale);
    await queueEmail(
      {
        to: row.email,
        locale,
        template: "marketplacePriceDrop",
        data: {
          kind: "priceDrop",
          name: row.name ?? row.fallbackName,
          values: {
            title: row.title,
            before: formatMoney(money(beforeCents), locale),
            price: formatMoney(money(nowCents), locale),
          },
          url: listingUrl(listingId, locale),
        },
      },
      { tx },
    );
  }
  return rows.length;
}
