import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { addToCart, type CartRef } from "../../app/domains/cart/cart.server";
import type { ImageSet } from "../../app/domains/catalog/image-set";
import {
  productCategories,
  products,
  productTranslations,
  productVariants,
} from "../../app/domains/catalog/tables.server";
import { type PlaceOrderInput, placeOrder } from "../../app/domains/checkout/checkout.server";
import type { AddressInput } from "../../app/domains/customers/validation";
import { orderByNumber } from "../../app/domains/orders/orders.server";
import { decideSandboxCheckout, paymentById, syncPayment } from "../../app/domains/payments/payments.server";
import { createDiscountCode } from "../../app/domains/promotions/promotions.server";
import { user } from "../../app/platform/auth/tables.server";
import { db } from "../../app/platform/db/db.server";
import { newGuestToken } from "../../app/platform/http/guest-token.server";
import type { Locale } from "../../app/platform/i18n/locales";
import { accepted } from "./refusal";

/*
 * Factories for the domain tests: each makes one thing the way the shop makes it (the domains' public
 * commands where there is one, the tables where the thing is catalogue data the seed or the back office
 * writes), on the connection the test file installed. Defaults are plain; a test names only what it tests.
 */

/**
 * The first size of the seeded catalogue, made orderable: its product active, on the web, online, and the
 * size with `stock` in stock (the seed draws inactive and app-only products too).
 */
export async function orderableSize(stock = 50): Promise<{ id: number; productId: number }> {
  const [size] = await db()
    .select({ id: productVariants.id, productId: productVariants.productId })
    .from(productVariants)
    .limit(1);
  if (!size) throw new Error("orderableSize needs a seeded catalogue");
  await db()
    .update(products)
    .set({ isActive: true, appOnly: false, onlineFrom: null })
    .where(eq(products.id, size.productId));
  await db().update(productVariants).set({ stock }).where(eq(productVariants.id, size.id));
  return size;
}

let styles = 0;

interface NewProduct {
  /** Columns of the product row; the style code is numbered when left out. */
  product?: Partial<typeof products.$inferInsert>;
  /** Sizes with their stock; none: a product without sizes (enough for counters and search). */
  sizes?: { size: string; stock: number }[];
  categoryIds?: number[];
  /** Name per locale; the slug is the style code and the locale. */
  names?: Partial<Record<Locale, string>>;
}

/** A product of the test's own, beside or instead of the seeded catalogue. */
export async function newProduct(options: NewProduct = {}): Promise<{ id: number; variantIds: number[] }> {
  styles += 1;
  const styleCode = options.product?.styleCode ?? `T${styles}`;
  const [row] = await db()
    .insert(products)
    .values({
      brand: "Test",
      colour: "black",
      colourHex: "#000000",
      priceCents: 1000,
      ...options.product,
      styleCode,
    })
    .returning({ id: products.id });
  const id = row!.id;
  const sizes = options.sizes ?? [];
  const variants =
    sizes.length === 0
      ? []
      : await db()
          .insert(productVariants)
          .values(
            sizes.map((s) => ({
              productId: id,
              size: s.size,
              sku: `${styleCode}-${s.size}`,
              stock: s.stock,
            })),
          )
          .returning({ id: productVariants.id });
  const categoryIds = options.categoryIds ?? [];
  if (categoryIds.length > 0)
    await db()
      .insert(productCategories)
      .values(categoryIds.map((categoryId) => ({ productId: id, categoryId })));
  const names = Object.entries(options.names ?? {}) as [Locale, string][];
  if (names.length > 0)
    await db()
      .insert(productTranslations)
      .values(
        names.map(([locale, name]) => ({
          productId: id,
          locale,
          name,
          slug: `${styleCode}-${locale}`,
          description: "",
        })),
      );
  return { id, variantIds: variants.map((v) => v.id) };
}

/**
 * A customer account as the sign-up leaves it once confirmed (the user row only: tests of orders, carts and
 * wishlists need someone to own them, not the sign-up and its e-mails; `registeredCustomer` goes through those).
 */
export async function newCustomer(
  options: { firstName?: string; lastName?: string; email?: string; blocked?: boolean; locale?: Locale } = {},
): Promise<{ id: string; email: string }> {
  const id = randomUUID();
  const { firstName = "Anna", lastName = "de Vries", blocked = false, locale } = options;
  const email = options.email ?? `${id}@example.nl`;
  await db()
    .insert(user)
    .values({
      id,
      name: `${firstName} ${lastName}`,
      email,
      firstName,
      lastName,
      blocked,
      ...(locale && { locale }),
    });
  return { id, email };
}

/** A second-hand listing's photo set as the sell flow stores it (URLs only: no file is read in these tests). */
export function listingPhoto(n: number): ImageSet {
  const v = (w: number) => ({ url: `/media/test/${n}/${w}.webp`, width: w, height: w * 1.5 });
  return { original: v(1000), w200: v(200), w400: v(400), w600: v(600), w900: v(900), w1000: v(1000) };
}

/** An address for the address book (not yet a default one). */
export const amsterdamAddress: AddressInput = {
  firstName: "Anna",
  lastName: "Jansen",
  country: "NL",
  postalCode: "1012 LG",
  houseNumber: "1",
  street: "Damrak",
  city: "Amsterdam",
  isDefaultBilling: false,
  isDefaultShipping: false,
};

interface NewOrder {
  variantId: number;
  email: string;
  quantity?: number;
  /** The customer who orders; null: a guest. */
  customerId?: string | null;
  /** The cart to order from; by default the customer's, or a new guest cart. */
  cart?: CartRef;
  locale?: PlaceOrderInput["locale"];
  address?: Partial<PlaceOrderInput["address"]>;
  /** Paid on the sandbox PSP, so the order is processing; unpaid it stays pending. */
  paid?: boolean;
}

/** An order placed through the checkout (home delivery in Paris, by card); its number. */
export async function placedOrder(options: NewOrder): Promise<string> {
  const { variantId, email, quantity = 1, customerId = null, paid = false } = options;
  const cart = options.cart ?? (customerId ? { userId: customerId } : { token: newGuestToken() });
  accepted(await addToCart(cart, { variantId, quantity }, "web"));
  const { number } = accepted(
    await placeOrder({
      idempotencyKey: randomUUID(),
      cart,
      locale: options.locale ?? "fr",
      channel: "web",
      customer: customerId ? { userId: customerId, email } : null,
      email,
      country: "FR",
      delivery: { methodId: "fr-home" },
      address: {
        firstName: "Anna",
        lastName: "de Boer",
        street: "Rue de Rivoli",
        houseNumber: "10",
        postalCode: "75001",
        city: "Paris",
        country: "FR",
        ...options.address,
      },
      paymentMethod: "card",
    }),
  );
  if (paid) await payOnSandbox(number);
  return number;
}

/** The shopper pays on the sandbox PSP's page and the return page syncs the payment (as a webhook would). */
export async function payOnSandbox(number: string): Promise<void> {
  const order = await orderByNumber(number);
  const payment = await paymentById(order!.paymentId!);
  await decideSandboxCheckout(payment!.providerId!, "paid");
  await syncPayment(payment!.id);
}

let codes = 0;

/** A discount code as the back office creates it (10 % off, no limits unless named); its code. */
export async function newDiscountCode(
  input: Partial<Parameters<typeof createDiscountCode>[0]> = {},
): Promise<string> {
  codes += 1;
  const code = input.code ?? `TEST${codes}`;
  await createDiscountCode({ kind: "percentage", percent: 10, ...input, code });
  return code;
}
