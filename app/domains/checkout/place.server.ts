// Placing an order: one transaction prices the cart again, checks the choices, writes the order with its
// stock and code and records its payment; the provider is asked after the commit.
import type { Transaction } from "../../platform/db/db.server";
import { sqlState, transaction } from "../../platform/db/transaction.server";
import { logger } from "../../platform/logging/logger.server";
import { isRefusal, type Refusal, refuse } from "../../platform/refusal";
import { shopSetting } from "../content/content.server";
import { isBlocked } from "../customers/customers.server";
import { holdGiftCard, recordGiftCardPurchases } from "../gift-cards/gift-cards.server";
import {
  attachPayment,
  confirmationUrl,
  createOrder,
  type NewOrder,
  orderByIdempotencyKey,
  payOrderWithoutProvider,
  transitionOrder,
  unpaidOrderMinutes,
} from "../orders/orders.server";
import {
  type CreatePaymentInput,
  createPayment,
  isPaymentMethod,
  newPaymentId,
  openPayment,
  type PaymentMethod,
  paymentMethodInfo,
  paymentMethodOffer,
  type RecordedPayment,
  recordPayment,
} from "../payments/payments.server";
import {
  type ServicePoint,
  type ShippingOptions,
  servicePointById,
  shippingOptions,
} from "../shipping/shipping.server";
import type { Address } from "../shipping/validation";
import { holdWalletCredit } from "../wallet/wallet.server";
import { type CheckoutInput, type CheckoutQuote, quoteCheckout } from "./quote.server";

export interface PlaceOrderInput extends CheckoutInput {
  /** One per checkout attempt: sending the same form twice gives the same order and payment. */
  idempotencyKey: string;
  email: string;
  address: Address;
  /** Not needed when gift cards and wallet credit pay the whole order. */
  paymentMethod: PaymentMethod | null;
  issuer?: string;
}

interface PlacedOrder {
  number: string;
  /** The provider's payment page (or the confirmation page, for an order no longer waiting for one). */
  checkoutUrl: string;
  /** false: the idempotency key was used before; this is that order. */
  created: boolean;
}

const orderingUnavailable = () => refuse.unavailable("checkout:errors.orderingUnavailable");

/**
 * Everything the order needs that the quote did not check: delivery choice (with the service point looked
 * up before the transaction), code, payment method. A bag that changed is a conflict; a choice that does
 * not fit is the input's fault.
 */
function validateQuote(
  quote: CheckoutQuote,
  input: PlaceOrderInput,
  servicePoint: ServicePoint | null,
): Refusal | null {
  if (quote.lines.length + quote.giftCardLines.length === 0)
    return refuse.conflict("checkout:errors.emptyBag");
  const problem = quote.lines.find((l) => l.error)?.error;
  if (problem) return refuse.conflict(problem.messageKey, problem.values);
  if (!quote.method) return refuse.invalid("checkout:errors.shippingMethod", {}, "methodId");
  const momentId = input.delivery?.momentId;
  if (quote.method.moments && quote.shipping.moments.length > 0) {
    if (!momentId) return refuse.invalid("checkout:errors.momentRequired", {}, "momentId");
    if (!quote.shipping.moments.some((m) => m.id === momentId))
      return refuse.invalid("checkout:errors.momentGone", {}, "momentId");
  }
  if (quote.method.type === "service-point" && !servicePoint)
    return refuse.invalid("checkout:errors.servicePointRequired", {}, "servicePointId");
  if (quote.discount && isRefusal(quote.discount.check)) return quote.discount.check;
  if (quote.payment.problem)
    return refuse.invalid(quote.payment.problem.messageKey, quote.payment.problem.values, "paymentMethod");
  // Gift cards and wallet credit that pay the whole order (a 100 % discount, too) need no provider.
  if (quote.totals.amountDueCents === 0) return null;
  if (quote.paymentMethods.length === 0) return refuse.invalid("checkout:errors.noPaymentMethods");
  if (!input.paymentMethod)
    return refuse.invalid("checkout:errors.paymentMethodRequired", {}, "paymentMethod");
  if (!quote.paymentMethods.includes(input.paymentMethod))
    return refuse.invalid("checkout:errors.paymentMethodUnavailable", {}, "paymentMethod");
  return null;
}

/** The service point the shopper chose, when the chosen method delivers to one (it may be an outside service). */
async function chosenServicePoint(shipping: ShippingOptions, input: PlaceOrderInput) {
  const method = shipping.methods.find((m) => m.id === input.delivery?.methodId);
  const id = input.delivery?.servicePointId;
  return method?.type === "service-point" && id ? servicePointById(id, input.country) : null;
}

function newOrderOf(
  quote: CheckoutQuote,
  input: PlaceOrderInput,
  servicePoint: ServicePoint | null,
): Omit<NewOrder, "expiresInMinutes"> {
  const method = quote.method!;
  const moment = quote.shipping.moments.find((m) => m.id === input.delivery?.momentId) ?? null;
  const lines = quote.lines.filter((l) => l.problem === null);
  const applied = quote.discount && !isRefusal(quote.discount.check) ? quote.discount : null;
  return {
    idempotencyKey: input.idempotencyKey,
    email: input.customer?.email ?? input.email,
    userId: input.customer?.userId ?? null,
    locale: input.locale,
    channel: input.channel,
    cartId: quote.cartId,
    country: input.country,
    lines: lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      sku: l.sku,
      size: l.size,
      name: l.name,
      slug: l.slug,
      colour: l.colour,
      imageUrl: l.imageUrl,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      originalPriceCents: l.originalPriceCents,
      discountCents: l.discountCents,
    })),
    totals: quote.totals,
    discountCode: applied?.code ?? null,
    firstOrder: quote.discount?.firstOrder,
    shipping: {
      methodId: method.id,
      carrier: method.carrier,
      type: method.type,
      moment: method.type === "home" ? moment : null,
      servicePoint: servicePoint && {
        id: servicePoint.id,
        carrier: servicePoint.carrier,
        name: servicePoint.name,
        street: servicePoint.street,
        houseNumber: servicePoint.houseNumber,
        postalCode: servicePoint.postalCode,
        city: servicePoint.city,
        country: servicePoint.country,
      },
    },
    shippingAddress: input.address,
    billingAddress: null,
    paymentMethod: paidWith(quote, input),
    now: input.now,
  };
}

/** The provider's method, or what pays an order the provider does not see (cards first, PRODUCT.md). */
function paidWith(quote: CheckoutQuote, input: PlaceOrderInput): NewOrder["paymentMethod"] {
  if (quote.totals.amountDueCents > 0 && input.paymentMethod) return input.paymentMethod;
  if (quote.totals.giftCardCents > 0) return "gift-card";
  if (quote.totals.walletCents > 0) return "wallet";
  return "none";
}

/** The payment of an order: one per order number (its idempotency key), for the amount due. */
function orderPayment(
  number: string,
  amountCents: number,
  input: PlaceOrderInput & { paymentMethod: PaymentMethod },
): CreatePaymentInput {
  return {
    purpose: "order",
    reference: number,
    amountCents,
    method: input.paymentMethod,
    locale: input.locale,
    description: `Loom & Label ${number}`,
    returnUrl: confirmationUrl(number, input.locale),
    idempotencyKey: `order:${number}`,
    issuer: input.issuer,
  };
}

function isIdempotencyConflict(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { constraint?: unknown }).constraint === "orders_idempotency_key_unique") return true;
  }
  return sqlState(error) === "23505" && String(error).includes("idempotency");
}

/**
 * Places an order: ONE transaction reads and prices the cart, checks the delivery and payment choice,
 * reserves the stock (all lines or none), redeems the code, writes the order and records its payment;
 * after it commits, the payment is opened with the provider. A refusal anywhere rolls all of it back. The
 * idempotency key makes a repeated submission (double click, retry after a timeout) answer the same order
 * and the same payment. A blocked customer is refused.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlacedOrder | Refusal> {
  const [existing, blocked] = await Promise.all([
    orderByIdempotencyKey(input.idempotencyKey),
    input.customer ? isBlocked(input.customer.userId) : false,
  ]);
  if (existing) return payExistingOrder(existing, input);
  if (blocked) return refuse.forbidden("errors.blockedCannotOrder");

  // What does not depend on the cart is read before the transaction: the settings (through the process's
  // own connection, which an embedded database cannot use while the transaction holds it) and the service
  // point. The cart, its prices and stock and its code are read once, inside the transaction.
  const [shipping, paymentMethodsFor, expiresInMinutes, walletCap] = await Promise.all([
    shippingOptions(input.country, input.now),
    paymentMethodOffer(),
    unpaidOrderMinutes(),
    shopSetting("walletCap"),
  ]);
  const servicePoint = await chosenServicePoint(shipping, input);

  let placed: { number: string; payment: RecordedPayment | null } | Refusal;
  try {
    placed = await transaction(async (tx) => {
      const quote = await quoteCheckout(
        { ...input, useWallet: input.useWallet === true && input.customer !== null },
        { tx, shipping, paymentMethodsFor, walletCapPercent: walletCap.percent },
      );
      const refused = validateQuote(quote, input, servicePoint);
      if (refused) return refused;
      const due = quote.totals.amountDueCents;
      const method = input.paymentMethod;
      const paymentId = due > 0 ? newPaymentId() : null;
      const created = await createOrder(
        { ...newOrderOf(quote, input, servicePoint), paymentId, expiresInMinutes },
        { tx },
      );
      if (isRefusal(created)) return created;
      const held = await holdInstruments(quote, created.number, input, tx);
      if (held) return held;
      await recordGiftCardPurchases(
        {
          orderReference: created.number,
          buyerEmail: input.customer?.email ?? input.email,
          locale: input.locale,
          cards: quote.giftCardLines,
        },
        { tx },
      );
      if (!paymentId || !method) {
        await payOrderWithoutProvider(created.number, { tx });
        return { number: created.number, payment: null };
      }
      const payment = await recordPayment(
        { ...orderPayment(created.number, due, { ...input, paymentMethod: method }), id: paymentId },
        { tx },
      );
      if (isRefusal(payment)) return payment;
      return { number: created.number, payment };
    });
  } catch (error) {
    if (isIdempotencyConflict(error)) {
      const same = await orderByIdempotencyKey(input.idempotencyKey);
      if (same) return payExistingOrder(same, input);
    }
    throw error;
  }
  if (isRefusal(placed)) return placed;
  if (!placed.payment)
    return {
      number: placed.number,
      checkoutUrl: confirmationUrl(placed.number, input.locale),
      created: true,
    };
  return startPayment(placed.number, placed.payment);
}

/**
 * Holds what each gift card and the wallet pay, in the order's transaction: a card emptied or blocked by
 * another order meanwhile refuses, and the whole order rolls back (the shopper sees the new figures).
 */
async function holdInstruments(
  quote: CheckoutQuote,
  number: string,
  input: PlaceOrderInput,
  tx: Transaction,
): Promise<Refusal | null> {
  for (const card of quote.payment.giftCards) {
    if (card.amountCents <= 0) continue;
    const hold = await holdGiftCard(
      { cardId: card.cardId, amountCents: card.amountCents, orderReference: number },
      { tx },
    );
    if (isRefusal(hold))
      return refuse.conflict("checkout:errors.giftCardChanged", { last4: card.last4 }, "giftCardNumber");
  }
  const walletCents = quote.payment.wallet?.usedCents ?? 0;
  if (walletCents > 0 && input.customer) {
    const hold = await holdWalletCredit(
      { userId: input.customer.userId, orderReference: number, amountCents: walletCents },
      { tx },
    );
    if (isRefusal(hold)) return refuse.conflict("checkout:errors.walletChanged", {}, "useWallet");
  }
  return null;
}

/**
 * A repeated submission (a double click, a retry, or the shopper going back and pressing "order" again):
 * the same order and payment (the payments domain answers the same payment for the same key). An order
 * that is paid or canceled meanwhile goes to its confirmation page. A repeat never changes or cancels a
 * pending order: its payment may be live at the provider (another request may be opening it right now), so
 * a different payment method is refused with the method the order is waiting for, and a provider that
 * cannot be reached is reported without touching the order (expiry cancels it if it is never paid).
 */
async function payExistingOrder(
  order: {
    number: string;
    status: string;
    paymentId: string | null;
    paymentMethod: string;
    amountDueCents: number;
  },
  input: PlaceOrderInput,
): Promise<PlacedOrder | Refusal> {
  const { number } = order;
  if (order.status !== "pending")
    return { number, checkoutUrl: confirmationUrl(number, input.locale), created: false };
  if (!input.paymentMethod || order.paymentMethod !== input.paymentMethod) {
    const method = isPaymentMethod(order.paymentMethod)
      ? paymentMethodInfo[order.paymentMethod].mark
      : order.paymentMethod;
    return refuse.conflict("checkout:errors.paymentMethodChanged", { number, method }, "paymentMethod");
  }
  const payment = await createPayment(
    orderPayment(number, order.amountDueCents, { ...input, paymentMethod: input.paymentMethod }),
  );
  if (isRefusal(payment)) {
    logger.error({ refusal: payment, order: number }, "the payment of a repeated order could not be started");
    return orderingUnavailable();
  }
  // Orders placed before their payment was recorded with them get it linked now.
  if (!order.paymentId) await attachPayment(number, payment.paymentId);
  return { number, checkoutUrl: payment.checkoutUrl, created: false };
}

/**
 * Opens a new order's payment with the provider, outside the order's transaction. When the provider cannot
 * be reached, the order is canceled at once (stock and code go back) and the shopper is told ordering is
 * unavailable. Only the request that created the order does this: nobody has been sent to its payment yet.
 */
async function startPayment(number: string, payment: RecordedPayment): Promise<PlacedOrder | Refusal> {
  const opened = await openPayment(payment).catch((error: unknown) => {
    logger.error({ err: error, order: number }, "the payment could not be opened");
    return orderingUnavailable();
  });
  if (!isRefusal(opened)) return { number, checkoutUrl: opened.checkoutUrl, created: true };
  logger.error({ refusal: opened, order: number }, "the payment could not be created: canceling the order");
  await transitionOrder({ number, to: "canceled", actor: "system", note: "payment could not be started" });
  return orderingUnavailable();
}
