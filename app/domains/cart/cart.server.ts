import { and, asc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { onSignIn } from "../../platform/auth/auth.server";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { inTransaction, transaction } from "../../platform/db/transaction.server";
import type { Channel } from "../../platform/http/context";
import { readGuestToken } from "../../platform/http/guest-token.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import {
  type BagVariant,
  bagVariantRows,
  bagVariants,
  productIdsOfVariants,
  recordProductEvent,
} from "../catalog/catalog.server";
import { shopSetting } from "../content/content.server";
import { type LineProblem, lineProblem, problemMessageKeys } from "./line-problems";
import { type CartRef, findCartId, lockedCart, ownerIs } from "./owner.server";
import {
  countryOfLocale,
  type FreeShippingProgress,
  freeShippingProgress,
  type ShippingPromise,
  type ShopCountry,
  shippingPromise,
} from "./shipping-rules";
import { cartLines, carts, type StoredGiftCardLine } from "./tables.server";
import { MAX_LINE_QUANTITY } from "./validation";

export {
  addGiftCardToCart,
  addPaymentCard,
  removeGiftCardFromCart,
  removePaymentCard,
} from "./gift-cards.server";
export { type LineProblem, problemMessageKeys } from "./line-problems";
export type { CartRef } from "./owner.server";
export type { FreeShippingProgress, ShippingPromise, ShopCountry } from "./shipping-rules";

// ── The guest cookie ──────────────────────────────────────────────────────────────────────────────────

export const CART_COOKIE = "shop_cart";
/** The guest cookie lives 30 days from the last change; untouched guest carts are pruned after that. */
export const GUEST_CART_DAYS = 30;

/**
 * The cart of a request: the signed-in customer's, else the guest's cookie token, else null (no cart yet).
 */
export function cartRefOf(visitorId: string | null | undefined, cookieHeader: string | null): CartRef | null {
  if (visitorId) return { userId: visitorId };
  const token = readGuestToken(cookieHeader, CART_COOKIE);
  return token ? { token } : null;
}

// ── Reading ───────────────────────────────────────────────────────────────────────────────────────────

interface StoredLine {
  lineId: number;
  variantId: number;
  quantity: number;
}

async function storedLines(on: Queryable, cartId: number): Promise<StoredLine[]> {
  return on
    .select({ lineId: cartLines.id, variantId: cartLines.variantId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
}

/** A cart line as checkout reads it (the contract between the cart and checkout branches). */
export interface CheckoutLine {
  lineId: number;
  productId: number;
  variantId: number;
  sku: string;
  size: string;
  name: string;
  slug: string;
  colour: string;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  originalPriceCents: number | null;
  /** The size's current stock. */
  stock: number;
  /** Anything but null: the line cannot be checked out (the checkout refuses it with `problemMessageKeys`). */
  problem: LineProblem;
}

/** A gift card in the bag (docs/decisions/0039): never discounted, no VAT, not counted for free shipping. */
export type CartGiftCardLine = StoredGiftCardLine;

export interface CheckoutCart {
  cartId: number;
  lines: CheckoutLine[];
  giftCards: CartGiftCardLine[];
  /** Gift cards added at checkout to pay with (recognised card ids, in the order added). */
  paymentCardIds: number[];
}

function checkoutLine(line: StoredLine, variant: BagVariant, channel: Channel, now: Date): CheckoutLine {
  return {
    lineId: line.lineId,
    productId: variant.productId,
    variantId: variant.variantId,
    sku: variant.sku,
    size: variant.size,
    name: variant.name,
    slug: variant.slug,
    colour: variant.colour,
    imageUrl: variant.image?.w200.url ?? null,
    quantity: line.quantity,
    unitPriceCents: variant.priceCents,
    originalPriceCents: variant.originalPriceCents,
    stock: variant.stock,
    problem: lineProblem(variant, line.quantity, channel, now),
  };
}

/**
 * The cart with every line's current price, stock and problem, oldest line first; null when the shopper
 * has no cart. Prices are read now: the bag never keeps a price. One query: the cart, its lines and their
 * sizes (a line whose size no longer exists is left out).
 */
export async function checkoutCart(
  ref: CartRef,
  locale: Locale,
  channel: Channel,
  options: { now?: Date; tx?: Transaction } = {},
): Promise<CheckoutCart | null> {
  const now = options.now ?? new Date();
  const bag = bagVariantRows(locale);
  const rows = await (options.tx ?? db())
    .select()
    .from(carts)
    .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
    .leftJoin(bag, eq(bag.variantId, cartLines.variantId))
    .where(ownerIs(ref))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id))
    // Named, so PostgreSQL plans this join once per connection instead of on every read (the plan cost
    // several times the execution). One name per shape of the query: a token's cart or a customer's.
    .prepare(`checkout-cart-of-${"userId" in ref ? "customer" : "guest"}`)
    .execute();
  if (rows.length === 0) return null;
  const cart = rows[0]!.carts;
  return {
    cartId: cart.id,
    giftCards: cart.giftCards,
    paymentCardIds: cart.paymentCardIds,
    lines: rows.flatMap(({ cart_lines: line, bag_variants: variant }) =>
      line && variant
        ? [
            checkoutLine(
              { lineId: line.id, variantId: line.variantId, quantity: line.quantity },
              variant,
              channel,
              now,
            ),
          ]
        : [],
    ),
  };
}

/** What the gift cards in the bag cost. */
export const giftCardsTotal = (cards: readonly { amountCents: number }[]) =>
  cards.reduce((sum, c) => sum + c.amountCents, 0);

/** The sum of the lines that can be checked out, at today's prices. */
export function subtotalOf(lines: readonly Pick<CheckoutLine, "problem" | "quantity" | "unitPriceCents">[]) {
  return lines.reduce((sum, l) => (l.problem === null ? sum + l.quantity * l.unitPriceCents : sum), 0);
}

/**
 * The header badge: units in the bag (every line) and the subtotal of what can be bought now. Without a
 * channel the app-only rule is left out: the badge is the same in the app and on the web.
 */
export async function cartSummary(ref: CartRef | null): Promise<{ count: number; subtotalCents: number }> {
  const cart = ref ? await checkoutCart(ref, "en", "app") : null;
  if (!cart) return { count: 0, subtotalCents: 0 };
  return {
    count: cart.lines.reduce((sum, l) => sum + l.quantity, 0) + cart.giftCards.length,
    subtotalCents: subtotalOf(cart.lines) + giftCardsTotal(cart.giftCards),
  };
}

/** What the cart fly-in and page show. */
export interface CartView {
  lines: CheckoutLine[];
  giftCards: CartGiftCardLine[];
  /** Units in the bag. */
  count: number;
  subtotalCents: number;
  /** The country the cart assumes (from the locale) until checkout knows the address. */
  country: ShopCountry;
  freeShipping: FreeShippingProgress;
  promise: ShippingPromise;
  /** Lines, and none with a problem. */
  canCheckout: boolean;
}

/** The bag as the shopper sees it, empty when there is none. */
export async function viewCart(
  ref: CartRef | null,
  locale: Locale,
  channel: Channel,
  options: { now?: Date } = {},
): Promise<CartView> {
  const now = options.now ?? new Date();
  const [cart, thresholds] = await Promise.all([
    ref ? checkoutCart(ref, locale, channel, { now }) : null,
    shopSetting("freeShippingThresholds"),
  ]);
  const lines = cart?.lines ?? [];
  const giftCards = cart?.giftCards ?? [];
  const goodsCents = subtotalOf(lines);
  const country = countryOfLocale(locale);
  return {
    lines,
    giftCards,
    count: lines.reduce((sum, l) => sum + l.quantity, 0) + giftCards.length,
    subtotalCents: goodsCents + giftCardsTotal(giftCards),
    country,
    // Gift cards do not count towards free shipping (docs/decisions/0039).
    freeShipping: freeShippingProgress(goodsCents, thresholds[country]),
    promise: shippingPromise(now),
    canCheckout: lines.length + giftCards.length > 0 && lines.every((l) => l.problem === null),
  };
}

// ── Changing ──────────────────────────────────────────────────────────────────────────────────────────

/** A line as a change left it. */
export interface CartChange {
  cartId: number;
  lineId: number;
  quantity: number;
}

/** Nothing to change: no such size, or no such line in the shopper's own cart. */
const noSuchSize = () => refuse.notFound("cart:errors.sizeRequired");
const noSuchLine = () => refuse.notFound("cart:errors.removeFailed");

async function touch(tx: Transaction, cartId: number): Promise<void> {
  await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
}

/** A line the size's state does not allow, with the product's name and the units in stock. */
function refusal(problem: Exclude<LineProblem, null>, variant: BagVariant): Refusal {
  return refuse.conflict(problemMessageKeys[problem], {
    product: variant.name,
    count: Math.max(0, variant.stock),
  });
}

/**
 * Puts `quantity` of a size in the bag (more of a size already there adds up). Refused, changing nothing,
 * when the size is unknown, the product unavailable or app-only on the web, or the bag would hold more
 * than the stock ("Not enough stock"). Stock is only read: the bag never reserves it.
 */
export async function addToCart(
  ref: CartRef,
  input: { variantId: number; quantity: number },
  channel: Channel,
  locale: Locale = "en",
  options: { now?: Date } = {},
): Promise<CartChange | Refusal> {
  const now = options.now ?? new Date();
  const change = await transaction(async (tx): Promise<(CartChange & { productId: number }) | Refusal> => {
    const variant = (await bagVariants(locale, [input.variantId], { tx })).get(input.variantId);
    if (!variant) return noSuchSize();
    const early = lineProblem(variant, input.quantity, channel, now);
    if (early !== null) return refusal(early, variant);
    const cartId = await lockedCart(tx, ref);
    // Adds up with the size's line when there is one; a total the stock or the limit refuses rolls back.
    const [line] = await tx
      .insert(cartLines)
      .values({ cartId, variantId: input.variantId, quantity: input.quantity })
      .onConflictDoUpdate({
        target: [cartLines.cartId, cartLines.variantId],
        set: { quantity: sql`${cartLines.quantity} + excluded.quantity` },
      })
      .returning({ id: cartLines.id, quantity: cartLines.quantity });
    const { id: lineId, quantity } = line!;
    if (quantity > MAX_LINE_QUANTITY) return refuse.conflict("cart:errors.quantity");
    const problem = lineProblem(variant, quantity, channel, now);
    if (problem !== null) return refusal(problem, variant);
    return { cartId, lineId, quantity, productId: variant.productId };
  });
  if (isRefusal(change)) return change;
  const { productId, ...result } = change;
  recordProductEvent(productId, "cart-add", input.quantity);
  return result;
}

/**
 * Sets a line's quantity. Lowering is always allowed (it moves towards what can be bought); raising is
 * refused like an add when the stock or the product's state does not allow it.
 */
export async function setLineQuantity(
  ref: CartRef,
  input: { lineId: number; quantity: number },
  channel: Channel,
  locale: Locale = "en",
  options: { now?: Date } = {},
): Promise<CartChange | Refusal> {
  const now = options.now ?? new Date();
  return transaction(async (tx): Promise<CartChange | Refusal> => {
    const cartId = await findCartId(tx, ref);
    if (cartId === null) return noSuchLine();
    const [line] = await tx
      .select({ id: cartLines.id, variantId: cartLines.variantId, quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.id, input.lineId), eq(cartLines.cartId, cartId)))
      .for("update");
    if (!line) return noSuchLine();
    if (input.quantity > line.quantity) {
      const variant = (await bagVariants(locale, [line.variantId], { tx })).get(line.variantId);
      const problem = variant ? lineProblem(variant, input.quantity, channel, now) : "no-longer-available";
      if (problem !== null && variant) return refusal(problem, variant);
      if (problem !== null) return noSuchLine();
    }
    await tx.update(cartLines).set({ quantity: input.quantity }).where(eq(cartLines.id, line.id));
    await touch(tx, cartId);
    return { cartId, lineId: line.id, quantity: input.quantity };
  });
}

/** Removes a line of the shopper's own cart; a line that is not there is "could not remove from cart". */
export async function removeLine(ref: CartRef, lineId: number): Promise<{ lineId: number } | Refusal> {
  return transaction(async (tx): Promise<{ lineId: number } | Refusal> => {
    const cartId = await findCartId(tx, ref);
    if (cartId === null) return noSuchLine();
    const removed = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
      .returning({ id: cartLines.id });
    if (removed.length === 0) return noSuchLine();
    await touch(tx, cartId);
    return { lineId };
  });
}

/**
 * Empties a cart; the orders domain calls it, in its own transaction, when an order's payment succeeds
 * (a declined or cancelled payment leaves the bag as it was).
 */
export async function clearCart(cartId: number, options: { tx?: Transaction } = {}): Promise<void> {
  await inTransaction(options.tx, async (tx) => {
    await tx.delete(cartLines).where(eq(cartLines.cartId, cartId));
    await tx
      .update(carts)
      .set({ giftCards: [], paymentCardIds: [], updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
  });
}

/**
 * Moves a guest's cart into the customer's at sign-in, then deletes it. A size in both adds up; every
 * merged line is capped by the stock (a line the customer already had is never lowered, and a guest line
 * with nothing in stock is left out). Returns how many guest lines were merged.
 */
export async function mergeGuestCart(token: string, userId: string): Promise<number> {
  return transaction(async (tx) => {
    const [guest] = await tx
      .select({ id: carts.id, giftCards: carts.giftCards })
      .from(carts)
      .where(eq(carts.token, token))
      .for("update");
    if (!guest) return 0;
    const guestLines = await storedLines(tx, guest.id);
    const cartId =
      guestLines.length > 0 || guest.giftCards.length > 0 ? await lockedCart(tx, { userId }) : null;
    let merged = 0;
    if (cartId !== null && guestLines.length > 0) {
      const mine = new Map((await storedLines(tx, cartId)).map((l) => [l.variantId, l]));
      const variants = await bagVariants(
        "en",
        guestLines.map((l) => l.variantId),
        { tx },
      );
      for (const line of guestLines) {
        const stock = variants.get(line.variantId)?.stock ?? 0;
        const existing = mine.get(line.variantId);
        const have = existing?.quantity ?? 0;
        const quantity = Math.max(have, Math.min(have + line.quantity, stock));
        if (quantity <= have) continue;
        if (existing) await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, existing.lineId));
        else await tx.insert(cartLines).values({ cartId, variantId: line.variantId, quantity });
        merged++;
      }
    }
    // Gift cards the guest put in the bag move with it (each is its own line).
    if (cartId !== null && guest.giftCards.length > 0) {
      await tx
        .update(carts)
        .set({ giftCards: sql`${carts.giftCards} || ${JSON.stringify(guest.giftCards)}::jsonb` })
        .where(eq(carts.id, cartId));
      merged += guest.giftCards.length;
    }
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return merged;
  });
}

onSignIn("cart", async ({ userId, cookieHeader }) => {
  const token = readGuestToken(cookieHeader, CART_COOKIE);
  if (!token) return undefined;
  await mergeGuestCart(token, userId);
  return { dropCookies: [CART_COOKIE] };
});

// ── For the highlights ────────────────────────────────────────────────────────────────────────────────

/** A cart changed in the last 72 hours is active (PRODUCT.md "in carts": distinct active carts). */
export const ACTIVE_CART_HOURS = 72;

/** Per product, how many active carts (changed since `now − 72 h`) hold any of its sizes. */
export async function activeCartCounts(now = new Date()): Promise<Map<number, number>> {
  const since = new Date(now.getTime() - ACTIVE_CART_HOURS * 3_600_000);
  const rows = await db()
    .selectDistinct({ cartId: cartLines.cartId, variantId: cartLines.variantId })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(gte(carts.updatedAt, since));
  if (rows.length === 0) return new Map();
  const productOf = await productIdsOfVariants([...new Set(rows.map((r) => r.variantId))]);
  const cartsOf = new Map<number, Set<number>>();
  for (const { cartId, variantId } of rows) {
    const productId = productOf.get(variantId);
    if (productId === undefined) continue;
    const set = cartsOf.get(productId) ?? new Set<number>();
    set.add(cartId);
    cartsOf.set(productId, set);
  }
  return new Map([...cartsOf].map(([productId, set]) => [productId, set.size]));
}

// ── Housekeeping ──────────────────────────────────────────────────────────────────────────────────────

/** Deletes guest carts untouched for longer than their cookie lives. */
export async function pruneGuestCarts(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GUEST_CART_DAYS * 86_400_000);
  const removed = await db()
    .delete(carts)
    .where(and(isNotNull(carts.token), lt(carts.updatedAt, before)))
    .returning({ id: carts.id });
  return removed.length;
}

export const pruneGuestCartsJob = defineJob<Record<string, never>>({
  name: "cart.prune-guest-carts",
  schedule: { cron: "41 3 * * *", data: {} },
  async handle() {
    const removed = await pruneGuestCarts();
    if (removed > 0) logger.info({ removed }, "old guest carts removed");
  },
});
