import type { Queryable, Transaction } from "../../platform/db/db.server";
import { db } from "../../platform/db/db.server";
import { sqlState, transaction } from "../../platform/db/transaction.server";
import type { Country } from "../../platform/forms/validators";
import type { Channel } from "../../platform/http/context";
import type { Locale } from "../../platform/i18n/locales";
import { logger } from "../../platform/logging/logger.server";
import { type CartRef, type CheckoutLine, checkoutCart } from "../cart/cart.server";
import { isBlocked } from "../customers/customers.server";
import {
  attachPayment,
  confirmationUrl,
  createOrder,
  isFirstOrder,
  type NewOrder,
  OrderRefused,
  orderByIdempotencyKey,
  orderForConfirmation,
  transitionOrder,
  unpaidOrderMinutes,
} from "../orders/orders.server";
import {
  type CreatePaymentInput,
  createPayment,
  isPaymentMethod,
  newPaymentId,
  openPayment,
  PaymentError,
  type PaymentMethod,
  type PaymentMethodOffer,
  paymentMethodInfo,
  paymentMethodOffer,
  type RecordedPayment,
  recordPayment,
} from "../payments/payments.server";
import {
  applyDiscountCode,
  type CodeCheck,
  cartDiscountCode,
  checkDiscountCode,
  removeDiscountCode,
} from "../promotions/promotions.server";
import {
  findServicePoints,
  type LookupResult,
  lookupAddress,
  type ServicePoint,
  type ShippingMethod,
  type ShippingOptions,
  servicePointById,
  shippingOptions,
} from "../shipping/shipping.server";
import type { Address } from "../shipping/validation";
import { computeTotals, type Totals } from "./totals";

export type { Totals } from "./totals";
export { computeTotals, DONATION_OPTIONS, VAT_RATES } from "./totals";

/** Checkout refusals: translation keys with their values (`product`, `size`, `stock`, `amountCents`). */
export interface CheckoutError {
  messageKey: string;
  values?: Record<string, string | number>;
  /** The form field it belongs to, when it belongs to one. */
  field?: string;
}

const lineProblemKeys = {
  "not-enough-stock": "checkout:errors.notEnoughStock",
  "sold-out": "checkout:errors.soldOut",
  "no-longer-available": "checkout:errors.noLongerAvailable",
  "app-only": "checkout:errors.appOnly",
} as const;

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
  now?: Date;
}

export interface QuoteLine extends CheckoutLine {
  /** The line's problem as a checkout message, or null. */
  error: CheckoutError | null;
  discountCents: number;
}

export interface CheckoutQuote {
  cartId: number | null;
  lines: QuoteLine[];
  shipping: ShippingOptions;
  method: ShippingMethod | null;
  /** The cart's active code, whether it applies now, and the shopper's first-order status it was checked with. */
  discount: { code: string; check: CodeCheck; firstOrder?: boolean } | null;
  totals: Totals;
  paymentMethods: PaymentMethod[];
}

function lineError(line: CheckoutLine): CheckoutError | null {
  if (line.problem === null) return null;
  return {
    messageKey: lineProblemKeys[line.problem],
    values: { product: line.name, size: line.size, stock: line.stock },
  };
}

/**
 * Prices the shopper's cart for a destination: the lines with their problems, the shipping options, the
 * active code, the totals (lines with a problem are left out) and the payment methods for that amount.
 * Inside a transaction, pass what comes from settings (`known`): they are read through the process's own
 * connection, which an embedded database cannot use while the transaction holds it.
 */
export async function quoteCheckout(
  on: Queryable,
  input: CheckoutInput,
  known: { shipping?: ShippingOptions; paymentMethodsFor?: PaymentMethodOffer } = {},
): Promise<CheckoutQuote> {
  const [cart, shipping] = await Promise.all([
    input.cart ? checkoutCart(on, input.cart, input.locale, input.channel) : null,
    known.shipping ?? shippingOptions(input.country, input.now),
  ]);
  const lines = cart?.lines ?? [];
  const orderable = lines.filter((l) => l.problem === null);
  const methodId = input.delivery?.methodId;
  const method = (methodId && shipping.methods.find((m) => m.id === methodId)) || null;
  const charge = method ? { priceCents: method.priceCents, freeFromCents: shipping.freeFromCents } : null;

  const code = cart ? await cartDiscountCode(on, cart.cartId) : null;
  const email = input.customer?.email ?? input.email ?? null;
  const userId = input.customer?.userId ?? null;
  let discount: CheckoutQuote["discount"] = null;
  if (code) {
    const firstOrder = email || userId ? await isFirstOrder(on, { email, userId }) : undefined;
    discount = {
      code,
      firstOrder,
      check: await checkDiscountCode(on, code, {
        lines: orderable,
        email,
        userId,
        firstOrder,
        now: input.now,
      }),
    };
  }

  const totals = computeTotals({
    lines: orderable,
    country: input.country,
    discount: discount?.check.ok ? discount.check.rule : null,
    shipping: charge,
    donationCents: input.donationCents ?? 0,
  });
  const discountOf = new Map(orderable.map((l, i) => [l.lineId, totals.lineDiscountCents[i] ?? 0]));
  const paymentMethodsFor = orderable.length
    ? (known.paymentMethodsFor ?? (await paymentMethodOffer()))
    : null;
  const paymentMethods =
    paymentMethodsFor?.({ country: input.country, amountCents: totals.amountDueCents }) ?? [];
  return {
    cartId: cart?.cartId ?? null,
    lines: lines.map((l) => ({ ...l, error: lineError(l), discountCents: discountOf.get(l.lineId) ?? 0 })),
    shipping,
    method,
    discount,
    totals,
    paymentMethods,
  };
}

export type CodeResult =
  | { ok: true; code: string; replaced: string | null }
  | { ok: false; error: CheckoutError };

/** Makes a code the cart's one active code (a second replaces the first, with a notice). */
export async function applyCheckoutCode(input: CheckoutInput & { code: string }): Promise<CodeResult> {
  const quote = await quoteCheckout(db(), input);
  if (quote.cartId === null || quote.lines.length === 0)
    return { ok: false, error: { messageKey: "checkout:errors.emptyBag" } };
  const email = input.customer?.email ?? input.email ?? null;
  const userId = input.customer?.userId ?? null;
  const firstOrder = email || userId ? await isFirstOrder(db(), { email, userId }) : undefined;
  const result = await applyDiscountCode(db(), quote.cartId, input.code, {
    lines: quote.lines.filter((l) => l.problem === null),
    email,
    userId,
    firstOrder,
    now: input.now,
  });
  if (!result.ok) return { ok: false, error: codeError(result) };
  return { ok: true, code: result.code, replaced: result.replaced };
}

function codeError(check: Extract<CodeCheck, { ok: false }>): CheckoutError {
  return { messageKey: check.messageKey, values: check.values, field: "code" };
}

export async function removeCheckoutCode(
  cart: CartRef | null,
  locale: Locale,
  channel: Channel,
): Promise<void> {
  const found = cart ? await checkoutCart(db(), cart, locale, channel) : null;
  if (found) await removeDiscountCode(db(), found.cartId);
}

/** The NL postcode lookup of the address form. */
export function lookupCheckoutAddress(query: {
  postalCode: string;
  houseNumber: string;
  addition?: string;
}): Promise<LookupResult> {
  return lookupAddress(query);
}

/** Service points near a postal code, for the delivery choice. */
export function checkoutServicePoints(country: Country, postalCode: string): Promise<ServicePoint[]> {
  return findServicePoints(country, postalCode);
}

export type { LookupResult, ServicePoint, ShippingMethod };

export interface PlaceOrderInput extends CheckoutInput {
  /** One per checkout attempt: sending the same form twice gives the same order and payment. */
  idempotencyKey: string;
  email: string;
  address: Address;
  paymentMethod: PaymentMethod;
  issuer?: string;
}

export type PlaceOrderResult =
  | { ok: true; number: string; checkoutUrl: string; created: boolean }
  | { ok: false; error: CheckoutError };

const refuse = (messageKey: string, extra: Omit<CheckoutError, "messageKey"> = {}) =>
  ({ ok: false, error: { messageKey, ...extra } }) as const;

/**
 * Everything the order needs that the quote did not check: delivery choice (with the service point looked
 * up before the transaction), code, payment method.
 */
function validateQuote(
  quote: CheckoutQuote,
  input: PlaceOrderInput,
  servicePoint: ServicePoint | null,
): CheckoutError | null {
  if (quote.lines.length === 0) return { messageKey: "checkout:errors.emptyBag" };
  const problem = quote.lines.find((l) => l.error)?.error;
  if (problem) return problem;
  if (!quote.method) return { messageKey: "checkout:errors.shippingMethod", field: "methodId" };
  const momentId = input.delivery?.momentId;
  if (quote.method.moments && quote.shipping.moments.length > 0) {
    if (!momentId) return { messageKey: "checkout:errors.momentRequired", field: "momentId" };
    if (!quote.shipping.moments.some((m) => m.id === momentId))
      return { messageKey: "checkout:errors.momentGone", field: "momentId" };
  }
  if (quote.method.type === "service-point" && !servicePoint)
    return { messageKey: "checkout:errors.servicePointRequired", field: "servicePointId" };
  if (quote.discount && !quote.discount.check.ok) return codeError(quote.discount.check);
  if (quote.paymentMethods.length === 0) return { messageKey: "checkout:errors.noPaymentMethods" };
  if (!quote.paymentMethods.includes(input.paymentMethod))
    return { messageKey: "checkout:errors.paymentMethodUnavailable", field: "paymentMethod" };
  // A provider collects a positive amount: an order with nothing to pay cannot be placed (yet).
  if (quote.totals.amountDueCents <= 0) return { messageKey: "checkout:errors.orderingUnavailable" };
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
    discountCode: quote.discount?.check.ok ? quote.discount.code : null,
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
    paymentMethod: input.paymentMethod,
    now: input.now,
  };
}

/** The payment of an order: one per order number (its idempotency key), for the amount due. */
function orderPayment(number: string, amountCents: number, input: PlaceOrderInput): CreatePaymentInput {
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
 * after it commits, the payment is opened with the provider. The idempotency key makes a repeated
 * submission (double click, retry after a timeout) answer the same order and the same payment. A blocked
 * customer is refused.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<PlaceOrderResult> {
  // The pool, not a transaction: the two reads below run side by side.
  const on = db();
  const [existing, blocked] = await Promise.all([
    orderByIdempotencyKey(on, input.idempotencyKey),
    input.customer ? isBlocked(on, input.customer.userId) : false,
  ]);
  if (existing) return payExistingOrder(on, existing, input);
  if (blocked) return refuse("errors.blockedCannotOrder");

  // What does not depend on the cart is read before the transaction: the settings (through the process's
  // own connection, which an embedded database cannot use while the transaction holds it) and the service
  // point. The cart, its prices and stock and its code are read once, inside the transaction.
  const [shipping, paymentMethodsFor, expiresInMinutes] = await Promise.all([
    shippingOptions(input.country, input.now),
    paymentMethodOffer(),
    unpaidOrderMinutes(),
  ]);
  const servicePoint = await chosenServicePoint(shipping, input);

  let placed: { number: string; payment: RecordedPayment } | { error: CheckoutError };
  try {
    placed = await transaction(
      async (tx: Transaction) => {
        const quote = await quoteCheckout(tx, input, { shipping, paymentMethodsFor });
        const error = validateQuote(quote, input, servicePoint);
        if (error) return { error };
        const paymentId = newPaymentId();
        const { number } = await createOrder(tx, {
          ...newOrderOf(quote, input, servicePoint),
          paymentId,
          expiresInMinutes,
        });
        const payment = await recordPayment(tx, {
          ...orderPayment(number, quote.totals.amountDueCents, input),
          id: paymentId,
        });
        return { number, payment };
      },
      { on },
    );
  } catch (error) {
    if (error instanceof OrderRefused) return refuse(error.messageKey, { values: error.values });
    if (isIdempotencyConflict(error)) {
      const same = await orderByIdempotencyKey(on, input.idempotencyKey);
      if (same) return payExistingOrder(on, same, input);
    }
    throw error;
  }
  if ("error" in placed) return { ok: false, error: placed.error };
  const { number, payment } = placed;
  return startPayment(on, number, payment);
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
  on: Queryable,
  order: {
    number: string;
    status: string;
    paymentId: string | null;
    paymentMethod: string;
    amountDueCents: number;
  },
  input: PlaceOrderInput,
): Promise<PlaceOrderResult> {
  const { number } = order;
  if (order.status !== "pending")
    return { ok: true, number, checkoutUrl: confirmationUrl(number, input.locale), created: false };
  if (order.paymentMethod !== input.paymentMethod) {
    const method = isPaymentMethod(order.paymentMethod)
      ? paymentMethodInfo[order.paymentMethod].mark
      : order.paymentMethod;
    return refuse("checkout:errors.paymentMethodChanged", {
      values: { number, method },
      field: "paymentMethod",
    });
  }
  try {
    const payment = await createPayment(on, orderPayment(number, order.amountDueCents, input));
    // Orders placed before their payment was recorded with them get it linked now.
    if (!order.paymentId) await attachPayment(on, number, payment.paymentId);
    return { ok: true, number, checkoutUrl: payment.checkoutUrl, created: false };
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    logger.error({ err: error, order: number }, "the payment of a repeated order could not be started");
    return refuse("checkout:errors.orderingUnavailable");
  }
}

/**
 * Opens a new order's payment with the provider, outside the order's transaction. When the provider cannot
 * be reached, the order is canceled at once (stock and code go back) and the shopper is told ordering is
 * unavailable. Only the request that created the order does this: nobody has been sent to its payment yet.
 */
async function startPayment(
  on: Queryable,
  number: string,
  payment: RecordedPayment,
): Promise<PlaceOrderResult> {
  try {
    const { checkoutUrl } = await openPayment(on, payment);
    return { ok: true, number, checkoutUrl, created: true };
  } catch (error) {
    logger.error({ err: error, order: number }, "the payment could not be created: canceling the order");
    await transitionOrder(on, {
      number,
      to: "canceled",
      actor: "system",
      note: "payment could not be started",
    });
    return refuse("checkout:errors.orderingUnavailable");
  }
}

// ── The checkout page ─────────────────────────────────────────────────────────────────────────────────

/** What the checkout page shows: serialisable, every amount in cents, messages as keys with values. */
export interface CheckoutView {
  country: Country;
  lines: (Omit<QuoteLine, "problem" | "stock" | "sku"> & { problem: QuoteLine["problem"] })[];
  /** The order can be placed (a bag without problems). */
  canOrder: boolean;
  totals: Totals;
  methods: ShippingMethod[];
  methodId: string | null;
  freeFromCents: number;
  promise: ShippingOptions["promise"];
  moments: ShippingOptions["moments"];
  /** Service points near `pointSearch` once the shopper chose collection at a point. */
  servicePoints: ServicePoint[] | null;
  pointSearch: string | null;
  discount: { code: string; ok: boolean; error: CheckoutError | null } | null;
  paymentMethods: PaymentMethod[];
}

/** The checkout page's data for the shopper's cart and choices so far. */
export async function checkoutView(
  input: CheckoutInput & { pointSearch?: string | null },
): Promise<CheckoutView> {
  // Home delivery (the first method) until the shopper chooses, so the summary shows a shipping price.
  const shipping = await shippingOptions(input.country, input.now);
  const methodId =
    shipping.methods.find((m) => m.id === input.delivery?.methodId)?.id ?? shipping.methods[0]?.id ?? null;
  const quote = await quoteCheckout(
    db(),
    { ...input, delivery: { ...input.delivery, methodId } },
    { shipping },
  );
  const pointSearch = input.pointSearch?.trim() || null;
  const servicePoints =
    quote.method?.type === "service-point" && pointSearch
      ? await findServicePoints(input.country, pointSearch)
      : null;
  const check = quote.discount?.check;
  return {
    country: input.country,
    lines: quote.lines.map(({ stock: _stock, sku: _sku, ...line }) => line),
    canOrder: quote.lines.length > 0 && quote.lines.every((l) => l.problem === null),
    totals: quote.totals,
    methods: quote.shipping.methods,
    methodId: quote.method?.id ?? null,
    freeFromCents: quote.shipping.freeFromCents,
    promise: quote.shipping.promise,
    moments: quote.method?.moments ? quote.shipping.moments : [],
    servicePoints,
    pointSearch,
    discount:
      quote.discount && check
        ? { code: quote.discount.code, ok: check.ok, error: check.ok ? null : codeError(check) }
        : null,
    paymentMethods: quote.paymentMethods,
  };
}

/**
 * The form as it was for an order whose payment was cancelled or declined, so trying again is one click:
 * the confirmation link's number and key prove it is the shopper's own.
 */
export async function retryDefaults(number: string, key: string): Promise<Record<string, string> | null> {
  const order = await orderForConfirmation(db(), number, key);
  if (!order) return null;
  const a = order.shippingAddress;
  const entries: [string, string | null | undefined][] = [
    ["email", order.email],
    ["firstName", a.firstName],
    ["lastName", a.lastName],
    ["country", a.country],
    ["postalCode", a.postalCode],
    ["houseNumber", a.houseNumber],
    ["addition", a.addition],
    ["street", a.street],
    ["city", a.city],
    ["phone", a.phone],
    ["methodId", order.shipping.method],
    ["servicePointId", order.shipping.servicePoint?.id],
    ["pointSearch", order.shipping.servicePoint?.postalCode],
    ["donationCents", String(order.totals.donationCents)],
    ["paymentMethod", order.paymentMethod],
  ];
  return Object.fromEntries(
    entries.filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== ""),
  );
}
