// Pricing the shopper's cart for a destination: lines with their problems, shipping, the active code,
// the totals and the payment methods for that amount. Placing an order prices it again, in its transaction.
import type { Transaction } from "../../platform/db/db.server";
import type { Country } from "../../platform/forms/validators";
import type { Channel } from "../../platform/http/context";
import type { Locale } from "../../platform/i18n/locales";
import { isRefusal } from "../../platform/refusal";
import { type CartGiftCardLine, type CartRef, type CheckoutLine, checkoutCart } from "../cart/cart.server";
import { shopSetting } from "../content/content.server";
import { type AppliedGiftCard, giftCardsToPayWith } from "../gift-cards/gift-cards.server";
import { isFirstOrder } from "../orders/orders.server";
import { type PaymentMethod, type PaymentMethodOffer, paymentMethodOffer } from "../payments/payments.server";
import { splitPayment } from "../payments/split";
import { computeTotals, type Totals } from "../pricing/totals";
import { type CodeCheck, cartDiscountCode, checkDiscountCode } from "../promotions/promotions.server";
import { type ShippingMethod, type ShippingOptions, shippingOptions } from "../shipping/shipping.server";
import { maxUsableWalletCents, walletBalance } from "../wallet/wallet.server";

/**
 * A message the checkout page shows (a line's problem, why the active code does not apply): a translation
 * key with its values, plain data that travels to the browser.
 */
export interface CheckoutMessage {
  messageKey: string;
  values?: Record<string, string | number>;
}

export interface CheckoutInput {
  cart: CartRef | null;
  locale: Locale;
  channel: Channel;
  /** The signed-in customer; null for a guest. */
  customer: { userId: string; email: string } | null;
  /** A guest's e-mail address, once typed (for the first-order and per-customer rules of codes). */
  email?: string | null;
  country: Country;
  delivery?: { methodId?: string | null; momentId?: string | null; servicePointId?: string | null };
  donationCents?: number;
  /** A signed-in customer pays with wallet credit, up to its maximum usable amount. */
  useWallet?: boolean;
  /** The provider method chosen, when known (gift cards cannot be combined with Klarna). */
  paymentMethod?: PaymentMethod | null;
  now?: Date;
}

/** How the order is paid: each gift card's share, the wallet's, and what the provider collects. */
export interface CheckoutPayment {
  giftCards: (AppliedGiftCard & { amountCents: number })[];
  /** Null for a guest. */
  wallet: { balanceCents: number; maxUsableCents: number; usedCents: number; on: boolean } | null;
  /** Why the split cannot be used as it is (gift cards with Klarna). */
  problem: CheckoutMessage | null;
}

export interface QuoteLine extends CheckoutLine {
  /** The line's problem as a checkout message, or null. */
  error: CheckoutMessage | null;
  discountCents: number;
}

export interface CheckoutQuote {
  cartId: number | null;
  lines: QuoteLine[];
  giftCardLines: CartGiftCardLine[];
  payment: CheckoutPayment;
  shipping: ShippingOptions;
  method: ShippingMethod | null;
  /** The cart's active code, whether it applies now, and the shopper's first-order status it was checked with. */
  discount: { code: string; check: CodeCheck; firstOrder?: boolean } | null;
  totals: Totals;
  paymentMethods: PaymentMethod[];
}

/** The checkout's words for a line's problem (the bag has its own, shorter ones). */
const lineProblemKeys = {
  "not-enough-stock": "checkout:errors.notEnoughStock",
  "sold-out": "checkout:errors.soldOut",
  "no-longer-available": "checkout:errors.noLongerAvailable",
  "app-only": "checkout:errors.appOnly",
} as const;

function lineError(line: CheckoutLine): CheckoutMessage | null {
  if (line.problem === null) return null;
  return {
    messageKey: lineProblemKeys[line.problem],
    values: { product: line.name, size: line.size, stock: line.stock },
  };
}

/** The shopper's e-mail and account, for the rules of codes. */
export function customerOf(input: CheckoutInput) {
  return { email: input.customer?.email ?? input.email ?? null, userId: input.customer?.userId ?? null };
}

/**
 * Prices the shopper's cart for a destination: the lines with their problems, the shipping options, the
 * active code, the totals (lines with a problem are left out) and the payment methods for that amount.
 * Inside a transaction (`tx`), pass what comes from settings (`shipping`, `paymentMethodsFor`): they are
 * read through the process's own connection, which an embedded database cannot use while the transaction
 * holds it.
 */
export async function quoteCheckout(
  input: CheckoutInput,
  options: {
    tx?: Transaction;
    shipping?: ShippingOptions;
    paymentMethodsFor?: PaymentMethodOffer;
    /** The wallet cap setting (read before a transaction). */
    walletCapPercent?: number;
  } = {},
): Promise<CheckoutQuote> {
  const { tx } = options;
  const [cart, shipping] = await Promise.all([
    input.cart ? checkoutCart(input.cart, input.locale, input.channel, { tx }) : null,
    options.shipping ?? shippingOptions(input.country, input.now),
  ]);
  const lines = cart?.lines ?? [];
  const giftCardLines = cart?.giftCards ?? [];
  const orderable = lines.filter((l) => l.problem === null);
  const methodId = input.delivery?.methodId;
  const method = (methodId && shipping.methods.find((m) => m.id === methodId)) || null;
  // Only e-gift cards in the bag: nothing travels, so nothing is charged for delivery.
  const shipsNothing = orderable.length === 0 && !giftCardLines.some((g) => g.kind === "physical");
  const charge = method
    ? shipsNothing
      ? { priceCents: 0, freeFromCents: null }
      : { priceCents: method.priceCents, freeFromCents: shipping.freeFromCents }
    : null;

  const code = cart ? await cartDiscountCode(cart.cartId, { tx }) : null;
  const { email, userId } = customerOf(input);
  let discount: CheckoutQuote["discount"] = null;
  if (code) {
    const firstOrder = email || userId ? await isFirstOrder({ email, userId }, { tx }) : undefined;
    discount = {
      code,
      firstOrder,
      check: await checkDiscountCode(
        code,
        { lines: orderable, email, userId, firstOrder, now: input.now },
        { tx },
      ),
    };
  }

  // One after the other: inside a transaction they share one connection.
  const applied = cart ? await giftCardsToPayWith(cart.paymentCardIds, { tx }) : [];
  const walletCents = input.customer ? await walletBalance(input.customer.userId, { tx }) : null;
  const capPercent =
    options.walletCapPercent ?? (input.customer ? (await shopSetting("walletCap")).percent : 100);
  const payment: CheckoutPayment = {
    giftCards: [],
    wallet:
      walletCents === null
        ? null
        : { balanceCents: walletCents, maxUsableCents: 0, usedCents: 0, on: input.useWallet === true },
    problem: null,
  };
  const totals = computeTotals({
    lines: [
      ...orderable,
      // Gift cards sold: never discounted, no VAT at sale (the totals engine's `giftCard` lines).
      ...giftCardLines.map((g) => ({
        productId: 0,
        unitPriceCents: g.amountCents,
        quantity: 1,
        giftCard: true,
      })),
    ],
    country: input.country,
    discount: discount && !isRefusal(discount.check) ? discount.check.rule : null,
    shipping: charge,
    donationCents: input.donationCents ?? 0,
    split: (totalCents) => {
      const cards = applied.filter((a) => a.usable && a.availableCents > 0);
      const afterCards = Math.max(0, totalCents - cards.reduce((sum, c) => sum + c.availableCents, 0));
      if (payment.wallet)
        payment.wallet.maxUsableCents = maxUsableWalletCents({
          balanceCents: payment.wallet.balanceCents,
          totalCents,
          leftCents: afterCards,
          capPercent,
        });
      const cap = payment.wallet?.on ? payment.wallet.maxUsableCents : 0;
      const split = splitPayment({
        totalCents,
        giftCards: cards.map((c) => ({ code: String(c.cardId), balanceCents: c.availableCents })),
        walletBalanceCents: cap,
        walletCapCents: cap,
        method: input.paymentMethod ?? null,
      });
      if (isRefusal(split)) {
        payment.problem = { messageKey: split.messageKey, values: split.values };
        return { giftCardCents: 0, walletCents: 0 };
      }
      payment.giftCards = applied.map((a) => ({
        ...a,
        amountCents: split.giftCards.find((s) => s.code === String(a.cardId))?.amountCents ?? 0,
      }));
      if (payment.wallet) payment.wallet.usedCents = split.walletCents;
      return {
        giftCardCents: split.giftCards.reduce((sum, s) => sum + s.amountCents, 0),
        walletCents: split.walletCents,
      };
    },
  });
  if (payment.giftCards.length === 0) payment.giftCards = applied.map((a) => ({ ...a, amountCents: 0 }));
  const discountOf = new Map(orderable.map((l, i) => [l.lineId, totals.lineDiscountCents[i] ?? 0]));
  const paymentMethodsFor =
    orderable.length + giftCardLines.length > 0
      ? (options.paymentMethodsFor ?? (await paymentMethodOffer()))
      : null;
  const paymentMethods =
    paymentMethodsFor?.({ country: input.country, amountCents: totals.amountDueCents }) ?? [];
  return {
    cartId: cart?.cartId ?? null,
    lines: lines.map((l) => ({ ...l, error: lineError(l), discountCents: discountOf.get(l.lineId) ?? 0 })),
    giftCardLines,
    payment,
    shipping,
    method,
    discount,
    totals,
    paymentMethods,
  };
}
