// The checkout page's data: the priced bag for the shopper's choices so far, and the form as it was when
// a payment was cancelled.
import type { Country } from "../../platform/forms/validators";
import { isRefusal } from "../../platform/refusal";
import type { CartGiftCardLine } from "../cart/cart.server";
import { orderForConfirmation } from "../orders/orders.server";
import type { PaymentMethod } from "../payments/payments.server";
import type { Totals } from "../pricing/totals";
import {
  findServicePoints,
  type LookupResult,
  lookupAddress,
  type ServicePoint,
  type ShippingMethod,
  type ShippingOptions,
  shippingOptions,
} from "../shipping/shipping.server";
import {
  type CheckoutInput,
  type CheckoutMessage,
  type CheckoutPayment,
  type QuoteLine,
  quoteCheckout,
} from "./quote.server";

/** What the checkout page shows: serialisable, every amount in cents, messages as keys with values. */
export interface CheckoutView {
  country: Country;
  lines: (Omit<QuoteLine, "problem" | "stock" | "sku"> & { problem: QuoteLine["problem"] })[];
  /** Gift cards bought with this order. */
  giftCardLines: CartGiftCardLine[];
  /** Gift cards and wallet credit paying for it, and what each covers. */
  payment: CheckoutPayment;
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
  discount: { code: string; ok: boolean; error: CheckoutMessage | null } | null;
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
  const quote = await quoteCheckout({ ...input, delivery: { ...input.delivery, methodId } }, { shipping });
  const pointSearch = input.pointSearch?.trim() || null;
  const servicePoints =
    quote.method?.type === "service-point" && pointSearch
      ? await findServicePoints(input.country, pointSearch)
      : null;
  const check = quote.discount?.check;
  return {
    country: input.country,
    lines: quote.lines.map(({ stock: _stock, sku: _sku, ...line }) => line),
    giftCardLines: quote.giftCardLines,
    payment: quote.payment,
    canOrder:
      quote.lines.length + quote.giftCardLines.length > 0 && quote.lines.every((l) => l.problem === null),
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
        ? {
            code: quote.discount.code,
            ok: !isRefusal(check),
            error: isRefusal(check) ? { messageKey: check.messageKey, values: check.values } : null,
          }
        : null,
    paymentMethods: quote.paymentMethods,
  };
}

/**
 * The form as it was for an order whose payment was cancelled or declined, so trying again is one click:
 * the confirmation link's number and key prove it is the shopper's own.
 */
export async function retryDefaults(number: string, key: string): Promise<Record<string, string> | null> {
  const order = await orderForConfirmation(number, key);
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
