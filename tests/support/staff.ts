import { and, eq, sql } from "drizzle-orm";
import { products, productTranslations } from "../../app/domains/catalog/tables.server";
import { createAccount } from "../../app/domains/customers/customers.server";
import type { StaffActor } from "../../app/domains/staff/staff.server";
import type { Connection } from "../../app/platform/db/db.server";
import type { Locale } from "../../app/platform/i18n/locales";
import { seededDatabase } from "./database";

/**
 * The back office's test world: a seeded shop, an admin and a merchandiser, and one active product online
 * now at its regular price (no original price) for the commands to change.
 */
export async function staffWorld(): Promise<{
  connection: Connection;
  admin: StaffActor;
  merch: StaffActor;
  productId: number;
}> {
  const connection = await seededDatabase({ products: 40, seed: 11, now: new Date("2026-06-01T10:00:00Z") });
  const a = await createAccount({
    email: "boss@shop.test",
    password: "boss-password-1",
    firstName: "Ann",
    lastName: "Admin",
    locale: "en",
    role: "admin",
  });
  const m = await createAccount({
    email: "merch@shop.test",
    password: "merch-password-1",
    firstName: "Mo",
    lastName: "Merch",
    locale: "en",
    role: "merchandiser",
  });
  const [row] = await connection.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.isActive, true),
        sql`${products.onlineFrom} is null`,
        sql`${products.originalPriceCents} is null`,
      ),
    )
    .limit(1);
  return {
    connection,
    admin: { id: a.id, email: "boss@shop.test", role: "admin" },
    merch: { id: m.id, email: "merch@shop.test", role: "merchandiser" },
    productId: row!.id,
  };
}

/** A product's slug in a locale. */
export async function slugOf(connection: Connection, id: number, locale: Locale): Promise<string> {
  const [t] = await connection.db
    .select({ slug: productTranslations.slug })
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, id), eq(productTranslations.locale, locale)));
  return t!.slug;
}
