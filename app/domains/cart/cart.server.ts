import { and, asc, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { onSignIn } from "../../platform/auth/auth.server";
import { db, type Queryable, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import type { Channel } from "../../platform/http/context";
import { readGuestToken } from "../../platform/http/guest-token.server";
import type { Locale } from "../../platform/i18n/locales";
import { defineJob } from "../../platform/jobs/jobs.server";
import { logger } from "../../platform/logging/logger.server";
import {
  type BagVariant,
  bagVariantRows,
  bagVariants,
  productIdsOfVariants,
} from "../catalog/catalog.server";
import { shopSetting } from "../content/content.server";
import { recordEvent } from "../highlights/highlights.server";
import { type LineProblem, lineProblem, type ProblemMessageKey, problemMessageKeys } from "./line-problems";
import {
  countryOfLocale,
  type FreeShippingProgress,
  freeShippingProgress,
  type ShippingPromise,
  type ShopCountry,
  shippingPromise,
} from "./shipping-rules";
import { cartLines, carts } from "./tables.server";
import { MAX_LINE_QUANTITY } from "./validation";

export { type LineProblem, problemMessageKeys } from "./line-problems";
export type { FreeShippingProgress, ShippingPromise, ShopCountry } from "./shipping-rules";

/** A signed-in customer's cart, or a guest's by the token in the `shop_cart` cookie. */
export type CartRef = { userId: string } | { token: string };

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

function ownerIs(ref: CartRef) {
  return "userId" in ref ? eq(carts.userId, ref.userId) : eq(carts.token, ref.token);
}

async function findCartId(on: Queryable, ref: CartRef): Promise<number | null> {
  const [row] = await on.select({ id: carts.id }).from(carts).where(ownerIs(ref));
  return row?.id ?? null;
}

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

export interface CheckoutCart {
  cartId: number;
  lines: CheckoutLine[];
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
  on: Queryable,
  ref: CartRef,
  locale: Locale,
  channel: Channel,
  now = new Date(),
): Promise<CheckoutCart | null> {
  const bag = bagVariantRows(locale);
  const rows = await on
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
  return {
    cartId: rows[0]!.carts.id,
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

/** The sum of the lines that can be checked out, at today's prices. */
export function subtotalOf(lines: readonly Pick<CheckoutLine, "problem" | "quantity" | "unitPriceCents">[]) {
  return lines.reduce((sum, l) => (l.problem === null ? sum + l.quantity * l.unitPriceCents : sum), 0);
}

/**
 * The header badge: units in the bag (every line) and the subtotal of what can be bought now. Without a
 * channel the app-only rule is left out: the badge is the same in the app and on the web.
 */
export async function cartSummary(
  on: Queryable,
  ref: CartRef | null,
): Promise<{ count: number; subtotalCents: number }> {
  const cart = ref ? await checkoutCart(on, ref, "en", "app") : null;
  if (!cart) return { count: 0, subtotalCents: 0 };
  return {
    count: cart.lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotalCents: subtotalOf(cart.lines),
  };
}

/** What the cart fly-in and page show. */
export interface CartView {
  lines: CheckoutLine[];
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
  on: Queryable,
  ref: CartRef | null,
  locale: Locale,
  channel: Channel,
  now = new Date(),
): Promise<CartView> {
  const [cart, thresholds] = await Promise.all([
    ref ? checkoutCart(on, ref, locale, channel, now) : null,
    shopSetting("freeShippingThresholds"),
  ]);
  const lines = cart?.lines ?? [];
  const subtotalCents = subtotalOf(lines);
  const country = countryOfLocale(locale);
  return {
    lines,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotalCents,
    country,
    freeShipping: freeShippingProgress(subtotalCents, thresholds[country]),
    promise: shippingPromise(now),
    canCheckout: lines.length > 0 && lines.every((l) => l.problem === null),
  };
}

// ── Changing ──────────────────────────────────────────────────────────────────────────────────────────

export type CartMessageKey =
  | ProblemMessageKey
  | "cart:errors.sizeRequired"
  | "cart:errors.removeFailed"
  | "cart:errors.quantity";

export type CartChange =
  | { ok: true; cartId: number; lineId: number; quantity: number }
  | {
      ok: false;
      messageKey: CartMessageKey;
      /** Values for the message: `product` (its name), `count` (units in stock). */
      values: { product?: string; count?: number };
    };

/** The shopper's cart, created on first use, locked until the transaction ends (one change at a time). */
async function lockedCart(tx: Transaction, ref: CartRef): Promise<number> {
  await tx
    .insert(carts)
    .values("userId" in ref ? { userId: ref.userId } : { token: ref.token })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: carts.id }).from(carts).where(ownerIs(ref)).for("update");
  return row!.id;
}

async function touch(tx: Transaction, cartId: number): Promise<void> {
  await tx.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
}

function refusal(problem: Exclude<LineProblem, null>, variant: BagVariant): CartChange {
  return {
    ok: false,
    messageKey: problemMessageKeys[problem],
    values: { product: variant.name, count: Math.max(0, variant.stock) },
  };
}

/**
 * Puts `quantity` of a size in the bag (more of a size already there adds up). Refused, changing nothing,
 * when the size is unknown, the product unavailable or app-only on the web, or the bag would hold more
 * than the stock ("Not enough stock"). Stock is only read: the bag never reserves it.
 */
export async function addToCart(
  on: Queryable,
  ref: CartRef,
  input: { variantId: number; quantity: number },
  channel: Channel,
  locale: Locale = "en",
  now = new Date(),
): Promise<CartChange> {
  const change = await transaction(
    async (tx): Promise<CartChange & { productId?: number }> => {
      const variant = (await bagVariants(tx, locale, [input.variantId])).get(input.variantId);
      if (!variant) return { ok: false, messageKey: "cart:errors.sizeRequired", values: {} };
      const early = lineProblem(variant, input.quantity, channel, now);
      if (early !== null) return refusal(early, variant);
      const cartId = await lockedCart(tx, ref);
      const [existing] = await tx
        .select({ id: cartLines.id, quantity: cartLines.quantity })
        .from(cartLines)
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.variantId, input.variantId)));
      const quantity = (existing?.quantity ?? 0) + input.quantity;
      if (quantity > MAX_LINE_QUANTITY) return { ok: false, messageKey: "cart:errors.quantity", values: {} };
      const problem = lineProblem(variant, quantity, channel, now);
      if (problem !== null) return refusal(problem, variant);
      const [line] = existing
        ? await tx
            .update(cartLines)
            .set({ quantity })
            .where(eq(cartLines.id, existing.id))
            .returning({ id: cartLines.id })
        : await tx
            .insert(cartLines)
            .values({ cartId, variantId: input.variantId, quantity })
            .returning({ id: cartLines.id });
      await touch(tx, cartId);
      return { ok: true, cartId, lineId: line!.id, quantity, productId: variant.productId };
    },
    { on },
  );
  if (!change.ok) return change;
  const { productId, ...result } = change;
  recordEvent(productId as number, "cart-add", input.quantity);
  return result;
}

/**
 * Sets a line's quantity. Lowering is always allowed (it moves towards what can be bought); raising is
 * refused like an add when the stock or the product's state does not allow it.
 */
export async function setLineQuantity(
  on: Queryable,
  ref: CartRef,
  input: { lineId: number; quantity: number },
  channel: Channel,
  locale: Locale = "en",
  now = new Date(),
): Promise<CartChange> {
  return transaction(
    async (tx): Promise<CartChange> => {
      const cartId = await findCartId(tx, ref);
      if (cartId === null) return { ok: false, messageKey: "cart:errors.removeFailed", values: {} };
      const [line] = await tx
        .select({ id: cartLines.id, variantId: cartLines.variantId, quantity: cartLines.quantity })
        .from(cartLines)
        .where(and(eq(cartLines.id, input.lineId), eq(cartLines.cartId, cartId)))
        .for("update");
      if (!line) return { ok: false, messageKey: "cart:errors.removeFailed", values: {} };
      if (input.quantity > line.quantity) {
        const variant = (await bagVariants(tx, locale, [line.variantId])).get(line.variantId);
        const problem = variant ? lineProblem(variant, input.quantity, channel, now) : "no-longer-available";
        if (problem !== null && variant) return refusal(problem, variant);
        if (problem !== null) return { ok: false, messageKey: "cart:errors.removeFailed", values: {} };
      }
      await tx.update(cartLines).set({ quantity: input.quantity }).where(eq(cartLines.id, line.id));
      await touch(tx, cartId);
      return { ok: true, cartId, lineId: line.id, quantity: input.quantity };
    },
    { on },
  );
}

export type RemoveResult = { ok: true } | { ok: false; messageKey: "cart:errors.removeFailed" };

/** Removes a line of the shopper's own cart; a line that is not there is "could not remove from cart". */
export async function removeLine(on: Queryable, ref: CartRef, lineId: number): Promise<RemoveResult> {
  return transaction(
    async (tx): Promise<RemoveResult> => {
      const cartId = await findCartId(tx, ref);
      if (cartId === null) return { ok: false, messageKey: "cart:errors.removeFailed" };
      const removed = await tx
        .delete(cartLines)
        .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, cartId)))
        .returning({ id: cartLines.id });
      if (removed.length === 0) return { ok: false, messageKey: "cart:errors.removeFailed" };
      await touch(tx, cartId);
      return { ok: true };
    },
    { on },
  );
}

/**
 * Empties a cart; the orders domain calls it, in its own transaction, when an order's payment succeeds
 * (a declined or cancelled payment leaves the bag as it was).
 */
export async function clearCart(on: Queryable, cartId: number): Promise<void> {
  await on.delete(cartLines).where(eq(cartLines.cartId, cartId));
  await on.update(carts).set({ updatedAt: sql`now()` }).where(eq(carts.id, cartId));
}

/**
 * Moves a guest's cart into the customer's at sign-in, then deletes it. A size in both adds up; every
 * merged line is capped by the stock (a line the customer already had is never lowered, and a guest line
 * with nothing in stock is left out). Returns how many guest lines were merged.
 */
export async function mergeGuestCart(on: Queryable, token: string, userId: string): Promise<number> {
  return transaction(
    async (tx) => {
      const [guest] = await tx
        .select({ id: carts.id })
        .from(carts)
        .where(eq(carts.token, token))
        .for("update");
      if (!guest) return 0;
      const guestLines = await storedLines(tx, guest.id);
      let merged = 0;
      if (guestLines.length > 0) {
        const cartId = await lockedCart(tx, { userId });
        const mine = new Map((await storedLines(tx, cartId)).map((l) => [l.variantId, l]));
        const variants = await bagVariants(
          tx,
          "en",
          guestLines.map((l) => l.variantId),
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
        await touch(tx, cartId);
      }
      await tx.delete(carts).where(eq(carts.id, guest.id));
      return merged;
    },
    { on },
  );
}

onSignIn("cart", async ({ userId, cookieHeader }) => {
  const token = readGuestToken(cookieHeader, CART_COOKIE);
  if (!token) return undefined;
  await mergeGuestCart(db(), token, userId);
  return { dropCookies: [CART_COOKIE] };
});

// ── For the highlights ────────────────────────────────────────────────────────────────────────────────

/** A cart changed in the last 72 hours is active (PRODUCT.md "in carts": distinct active carts). */
export const ACTIVE_CART_HOURS = 72;

/** Per product, how many active carts (changed since `now − 72 h`) hold any of its sizes. */
export async function activeCartCounts(on: Queryable, now = new Date()): Promise<Map<number, number>> {
  const since = new Date(now.getTime() - ACTIVE_CART_HOURS * 3_600_000);
  const rows = await on
    .selectDistinct({ cartId: cartLines.cartId, variantId: cartLines.variantId })
    .from(cartLines)
    .innerJoin(carts, eq(carts.id, cartLines.cartId))
    .where(gte(carts.updatedAt, since));
  if (rows.length === 0) return new Map();
  const productOf = await productIdsOfVariants(on, [...new Set(rows.map((r) => r.variantId))]);
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
export async function pruneGuestCarts(on: Queryable = db(), now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - GUEST_CART_DAYS * 86_400_000);
  const removed = await on
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
