// Buying in the marketplace: enquire reserves the listings (one store's; one listing, an accepted offer's
// price, or a bundle with the store's discount), fixes the amounts (price + shipping + buyer protection
// fee; the commission), records the payment in the same transaction and opens it at the PSP after the
// commit. The payment's status drives confirm-payment / failed-payment through the one writer.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Transaction } from "../../../platform/db/db.server";
import { db } from "../../../platform/db/db.server";
import { afterCommit, transaction } from "../../../platform/db/transaction.server";
import { isCountry } from "../../../platform/forms/validators";
import type { Locale } from "../../../platform/i18n/locales";
import { logger } from "../../../platform/logging/logger.server";
import { isRefusal, type Refusal, refuse } from "../../../platform/refusal";
import { shopSetting } from "../../content/content.server";
import {
  availablePaymentMethods,
  onPaymentStatus,
  openPayment,
  type PaymentMethod,
  type PaymentRecord,
  paymentRow,
  recordPayment,
  reserveRefund,
  settleRefund,
  syncPayment,
} from "../../payments/payments.server";
import { servicePointById } from "../../shipping/shipping.server";
import { listingsChanged } from "../listings/listing-index.server";
import { marketplaceListings, marketplaceOffers, marketplaceStores } from "../tables.server";
import {
  moveTransaction,
  planTimers,
  processDurations,
  transactionNumber,
  transactionUrl,
} from "./process.server";
import {
  type DeliveryAddress,
  type DeliveryOption,
  marketplaceStoreBundles,
  marketplaceTransactionItems,
  marketplaceTransactionLog,
  marketplaceTransactions,
} from "./tables.server";
import { bundleDiscount, buyerProtectionFee, commissionOf, totalOf } from "./transaction-process";

export interface Quote {
  itemsCents: number;
  bundleDiscountCents: number;
  priceCents: number;
  shippingCents: number;
  feeCents: number;
  commissionCents: number;
  totalCents: number;
  /** An accepted offer's price is used (a single listing). */
  offerId: number | null;
}

interface QuoteItem {
  id: number;
  priceCents: number;
}

/** The operator's fees and commission (read outside any transaction). */
export async function tradeSettings() {
  const [fees, commission] = await Promise.all([
    shopSetting("marketplaceFees"),
    shopSetting("marketplaceCommission"),
  ]);
  return { fees, commissionPercent: commission.percent };
}
type TradeSettings = Awaited<ReturnType<typeof tradeSettings>>;

/** What the buyer pays for these listings with this delivery (the settings and the store's discount). */
export function priceQuote(
  items: readonly QuoteItem[],
  delivery: DeliveryOption,
  bundle: { percent: number; fromItems: number } | null,
  offer: { offerId: number; amountCents: number } | null,
  { fees, commissionPercent }: TradeSettings,
): Quote {
  const itemsCents =
    offer && items.length === 1 ? offer.amountCents : items.reduce((a, i) => a + i.priceCents, 0);
  const bundleDiscountCents = offer
    ? 0
    : bundleDiscount(
        items.map((i) => i.priceCents),
        bundle,
      );
  const priceCents = itemsCents - bundleDiscountCents;
  const amounts = {
    priceCents,
    shippingCents: delivery === "home" ? fees.shippingHome : fees.shippingServicePoint,
    feeCents: buyerProtectionFee(priceCents, {
      fixedCents: fees.protectionFixed,
      percent: fees.protectionPercent,
    }),
    commissionCents: commissionOf(priceCents, commissionPercent),
  };
  return {
    itemsCents,
    bundleDiscountCents,
    ...amounts,
    totalCents: totalOf(amounts),
    offerId: offer && items.length === 1 ? offer.offerId : null,
  };
}

async function storeBundle(storeId: number, on: Transaction | ReturnType<typeof db> = db()) {
  const [row] = await on
    .select({ percent: marketplaceStoreBundles.percent, fromItems: marketplaceStoreBundles.fromItems })
    .from(marketplaceStoreBundles)
    .where(eq(marketplaceStoreBundles.storeId, storeId));
  return row ?? null;
}

async function holdingOffer(on: Transaction, buyerId: string, listingId: number, now: Date) {
  const [row] = await on
    .select({ offerId: marketplaceOffers.id, amountCents: marketplaceOffers.amountCents })
    .from(marketplaceOffers)
    .where(
      and(
        eq(marketplaceOffers.buyerId, buyerId),
        eq(marketplaceOffers.listingId, listingId),
        eq(marketplaceOffers.state, "accepted"),
        sql`${marketplaceOffers.holdsUntil} > ${now.toISOString()}`,
      ),
    )
    .orderBy(sql`${marketplaceOffers.acceptedAt} desc`)
    .limit(1);
  return row ?? null;
}

export interface CheckoutView {
  listings: { id: number; title: string; priceCents: number; photo: string | null }[];
  store: { id: number; name: string; handle: string };
  quotes: Record<DeliveryOption, Quote>;
  methods: PaymentMethod[];
}

/**
 * The buy page: the listings (still for sale, one store, not the buyer's own), the price per delivery
 * option, and the payment methods; a refusal says why it cannot be bought.
 */
export async function checkoutFor(
  buyerId: string,
  listingIds: readonly number[],
  country: "NL" | "BE" | "FR" | "ES" = "NL",
  now = new Date(),
): Promise<CheckoutView | Refusal> {
  const ids = [...new Set(listingIds)];
  if (ids.length === 0) return refuse.notFound();
  const rows = await db()
    .select({
      id: marketplaceListings.id,
      title: marketplaceListings.title,
      priceCents: marketplaceListings.priceCents,
      state: marketplaceListings.state,
      photos: marketplaceListings.photos,
      storeId: marketplaceStores.id,
      storeName: marketplaceStores.name,
      handle: marketplaceStores.handle,
      ownerId: marketplaceStores.userId,
      banned: marketplaceStores.banned,
      isClosed: marketplaceStores.isClosed,
    })
    .from(marketplaceListings)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
    .where(inArray(marketplaceListings.id, ids))
    .orderBy(asc(marketplaceListings.id));
  const refused = buyRefusal(buyerId, ids, rows);
  if (refused) return refused;
  const first = rows[0]!;
  const offer =
    ids.length === 1 ? await holdingOffer(db() as unknown as Transaction, buyerId, first.id, now) : null;
  const bundle = await storeBundle(first.storeId);
  const settings = await tradeSettings();
  const home = priceQuote(rows, "home", bundle, offer, settings);
  const servicePoint = priceQuote(rows, "service-point", bundle, offer, settings);
  const methods = await availablePaymentMethods({ country, amountCents: home.totalCents });
  return {
    listings: rows.map((r) => ({
      id: r.id,
      title: r.title,
      priceCents: r.priceCents,
      photo: r.photos[0]?.w400.url ?? null,
    })),
    store: { id: first.storeId, name: first.storeName, handle: first.handle },
    quotes: { home, "service-point": servicePoint },
    methods,
  };
}

function buyRefusal(
  buyerId: string,
  ids: readonly number[],
  rows: { state: string; storeId: number; ownerId: string; banned: boolean; isClosed: boolean }[],
): Refusal | null {
  if (rows.length !== ids.length || rows.some((r) => r.banned)) return refuse.notFound();
  if (new Set(rows.map((r) => r.storeId)).size > 1) return refuse.invalid("trade:errors.oneStore");
  if (rows[0]!.ownerId === buyerId) return refuse.forbidden("trade:errors.ownListing");
  if (rows[0]!.isClosed) return refuse.conflict("trade:errors.storeClosed");
  if (rows.some((r) => r.state !== "published")) return refuse.conflict("trade:errors.listingUnavailable");
  return null;
}

export interface EnquireInput {
  listingIds: number[];
  delivery: DeliveryOption;
  /** The buyer's address (home), or their name and country with `servicePointId` (service point). */
  address: DeliveryAddress;
  servicePointId?: string;
  method: PaymentMethod;
  issuer?: string;
  locale: Locale;
  /** The buy form's key: a double submit starts one purchase. */
  idempotencyKey: string;
}

export interface Enquired {
  transactionId: number;
  /** Where the buyer pays (the PSP's hosted page). */
  checkoutUrl: string;
}

/**
 * enquire: reserves the listings (a conditional update: of many buyers at once exactly one gets them),
 * fixes the amounts, starts the transaction in pending-payment with its log line, records the payment, and
 * after the commit opens it at the PSP and plans the 15-minute unpaid timer. A PSP that cannot be reached
 * fails the payment at once, which frees the listings.
 */
export async function enquire(
  buyerId: string,
  input: EnquireInput,
  options: { now?: Date } = {},
): Promise<Enquired | Refusal> {
  const now = options.now ?? new Date();
  const ids = [...new Set(input.listingIds)].sort((a, b) => a - b);
  if (ids.length === 0) return refuse.notFound();
  const [durations, settings] = await Promise.all([processDurations(), tradeSettings()]);
  let address = input.address;
  if (input.delivery === "service-point") {
    const country = isCountry(address.country) ? address.country : "NL";
    const point = input.servicePointId ? await servicePointById(input.servicePointId, country) : null;
    if (!point) return refuse.invalid("trade:buy.choosePoint", {}, "servicePointId");
    address = {
      name: address.name,
      street: point.street,
      houseNumber: point.houseNumber,
      postalCode: point.postalCode,
      city: point.city,
      country: point.country,
      servicePointId: point.id,
      servicePointName: point.name,
    };
  }
  const started = await transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: marketplaceTransactions.id, paymentId: marketplaceTransactions.paymentId })
      .from(marketplaceTransactions)
      .where(
        and(
          eq(marketplaceTransactions.buyerId, buyerId),
          eq(marketplaceTransactions.idempotencyKey, input.idempotencyKey),
        ),
      );
    if (existing) return { id: existing.id };
    const rows = await tx
      .select({
        id: marketplaceListings.id,
        title: marketplaceListings.title,
        priceCents: marketplaceListings.priceCents,
        state: marketplaceListings.state,
        storeId: marketplaceStores.id,
        ownerId: marketplaceStores.userId,
        banned: marketplaceStores.banned,
        isClosed: marketplaceStores.isClosed,
      })
      .from(marketplaceListings)
      .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceListings.storeId))
      .where(inArray(marketplaceListings.id, ids))
      .orderBy(asc(marketplaceListings.id));
    const refused = buyRefusal(buyerId, ids, rows);
    if (refused) return refused;
    // The reservation itself: only rows still published are taken; a buyer who lost the race gets fewer.
    const reserved = await tx
      .update(marketplaceListings)
      .set({ state: "reserved", updatedAt: sql`now()` })
      .where(and(inArray(marketplaceListings.id, ids), eq(marketplaceListings.state, "published")))
      .returning({ id: marketplaceListings.id });
    listingsChanged(tx);
    if (reserved.length !== ids.length) return refuse.conflict("trade:errors.listingUnavailable");
    const storeId = rows[0]!.storeId;
    const offer = ids.length === 1 ? await holdingOffer(tx, buyerId, ids[0]!, now) : null;
    const quote = priceQuote(rows, input.delivery, await storeBundle(storeId, tx), offer, settings);
    if (quote.offerId)
      await tx
        .update(marketplaceOffers)
        .set({ state: "used" })
        .where(and(eq(marketplaceOffers.id, quote.offerId), eq(marketplaceOffers.state, "accepted")));
    const [created] = await tx
      .insert(marketplaceTransactions)
      .values({
        buyerId,
        storeId,
        providerId: rows[0]!.ownerId,
        state: "pending-payment",
        stateEnteredAt: now,
        offerId: quote.offerId,
        delivery: input.delivery,
        address,
        itemsCents: quote.itemsCents,
        bundleDiscountCents: quote.bundleDiscountCents,
        priceCents: quote.priceCents,
        shippingCents: quote.shippingCents,
        feeCents: quote.feeCents,
        commissionCents: quote.commissionCents,
        totalCents: quote.totalCents,
        locale: input.locale,
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(marketplaceTransactionItems).values(
      rows.map((r) => ({
        transactionId: created!.id,
        listingId: r.id,
        title: r.title,
        priceCents: r.priceCents,
      })),
    );
    await tx.insert(marketplaceTransactionLog).values({
      transactionId: created!.id,
      transition: "enquire",
      fromState: null,
      toState: "pending-payment",
      actor: "customer",
      actorId: buyerId,
      createdAt: now,
    });
    const paymentInput = {
      purpose: "marketplace" as const,
      reference: transactionNumber(created!.id),
      amountCents: quote.totalCents,
      method: input.method,
      issuer: input.issuer,
      locale: input.locale,
      description: `Loom & Label ${transactionNumber(created!.id)}`,
      returnUrl: `${transactionUrl(created!.id, input.locale)}?paid=1`,
      idempotencyKey: `marketplace:${created!.id}:payment`,
    };
    const payment = await recordPayment(paymentInput, { tx });
    if (isRefusal(payment)) return payment;
    await tx
      .update(marketplaceTransactions)
      .set({ paymentId: payment.id })
      .where(eq(marketplaceTransactions.id, created!.id));
    afterCommit(tx, () => void planTimers(created!, durations));
    return { id: created!.id };
  });
  if (isRefusal(started)) return started;
  return payFor(started.id);
}

/** Opens (or answers again) the transaction's payment at the PSP; a PSP that is down fails the purchase. */
async function payFor(transactionId: number): Promise<Enquired | Refusal> {
  const [row] = await db()
    .select({ paymentId: marketplaceTransactions.paymentId })
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.id, transactionId));
  const payment = row?.paymentId ? await paymentRow(row.paymentId) : null;
  if (!payment) return refuse.notFound();
  if (payment.status === "paid") return refuse.conflict("trade:refused.wrongState");
  if (payment.status !== "open") return refuse.paymentFailed("trade:errors.paymentFailed");
  const opened = await openPayment(payment);
  if (isRefusal(opened)) {
    const failed = await moveTransaction(transactionId, "failed-payment", { role: "system" });
    if (isRefusal(failed))
      logger.warn({ transactionId }, "a purchase whose payment could not open was not canceled");
    return opened;
  }
  return { transactionId, checkoutUrl: opened.checkoutUrl };
}

// ----- the payment's status drives the process ------------------------------------------------------

async function onMarketplacePayment(tx: Transaction, payment: PaymentRecord): Promise<void> {
  const [row] = await tx
    .select({ id: marketplaceTransactions.id })
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.paymentId, payment.id));
  if (!row) return;
  const transition =
    payment.status === "paid"
      ? "confirm-payment"
      : payment.status === "failed" || payment.status === "canceled" || payment.status === "expired"
        ? "failed-payment"
        : null;
  if (!transition) return;
  const moved = await moveTransaction(row.id, transition, { role: "system" }, {}, { tx });
  // A payment paid after the purchase was canceled (unpaid for 15 minutes) is refunded in full.
  if (isRefusal(moved) && transition === "confirm-payment") await refundLatePayment(tx, row.id, payment);
}

async function refundLatePayment(tx: Transaction, transactionId: number, payment: PaymentRecord) {
  const refund = await reserveRefund(
    {
      paymentId: payment.id,
      amountCents: payment.amountCents,
      idempotencyKey: `marketplace:${transactionId}:late`,
    },
    { tx },
  );
  if (isRefusal(refund)) return;
  await tx
    .update(marketplaceTransactions)
    .set({ refundedCents: payment.amountCents })
    .where(eq(marketplaceTransactions.id, transactionId));
  afterCommit(tx, () => void settleRefund(refund.id).catch(() => {}));
}

onPaymentStatus("marketplace", onMarketplacePayment);

/** Back from the PSP: the buyer's open payment is read at once (as its webhook would apply it). */
export async function syncTransactionPayment(buyerId: string, transactionId: number): Promise<void> {
  const [row] = await db()
    .select({ paymentId: marketplaceTransactions.paymentId, state: marketplaceTransactions.state })
    .from(marketplaceTransactions)
    .where(and(eq(marketplaceTransactions.id, transactionId), eq(marketplaceTransactions.buyerId, buyerId)));
  if (row?.paymentId && row.state === "pending-payment") await syncPayment(row.paymentId);
}

/** The buyer's payment page again (the app after a crash); a failed payment is a 402. */
export async function payTransaction(buyerId: string, transactionId: number): Promise<Enquired | Refusal> {
  const [row] = await db()
    .select({ id: marketplaceTransactions.id })
    .from(marketplaceTransactions)
    .where(and(eq(marketplaceTransactions.id, transactionId), eq(marketplaceTransactions.buyerId, buyerId)));
  if (!row) return refuse.notFound();
  return payFor(row.id);
}
