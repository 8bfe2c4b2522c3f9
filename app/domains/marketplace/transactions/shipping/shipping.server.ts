// Shipping a marketplace purchase: the provider prints the prepaid label (the carrier creates the parcel
// and its tracking code), marks the item sent, and the carrier's signed webhooks record "in transit" and
// take the `delivered` transition.
import { and, asc, eq, sql } from "drizzle-orm";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { db } from "../../../../platform/db/db.server";
import type { Locale } from "../../../../platform/i18n/locales";
import { serverI18n } from "../../../../platform/i18n/resources.server";
import { logger } from "../../../../platform/logging/logger.server";
import { isRefusal, type Refusal, refuse } from "../../../../platform/refusal";
import { marketplaceStores } from "../../tables.server";
import { moveTransaction, transactionNumber } from "../process.server";
import { marketplaceParcelEvents, marketplaceTransactions } from "../tables.server";
import { carrier } from "./carrier.server";

/** States in which the provider may (re)print the label. */
const LABEL_STATES = ["payment-complete", "item-sent"] as const;

/**
 * The provider's prepaid label: the parcel is created at the carrier once (its reference is the
 * transaction's number), the tracking code kept on the transaction. Answers the PDF.
 */
export async function printLabel(
  transactionId: number,
  providerId: string,
  locale: Locale,
): Promise<{ pdf: Uint8Array; trackingCode: string } | Refusal> {
  const [row] = await db()
    .select({
      id: marketplaceTransactions.id,
      state: marketplaceTransactions.state,
      address: marketplaceTransactions.address,
      trackingCode: marketplaceTransactions.trackingCode,
      storeName: marketplaceStores.name,
    })
    .from(marketplaceTransactions)
    .innerJoin(marketplaceStores, eq(marketplaceStores.id, marketplaceTransactions.storeId))
    .where(
      and(eq(marketplaceTransactions.id, transactionId), eq(marketplaceTransactions.providerId, providerId)),
    );
  if (!row) return refuse.notFound();
  if (!(LABEL_STATES as readonly string[]).includes(row.state))
    return refuse.conflict("trade:refused.wrongState");
  const number = transactionNumber(row.id);
  let trackingCode = row.trackingCode;
  if (!trackingCode) {
    ({ trackingCode } = await carrier().createParcel({
      reference: number,
      sender: row.storeName,
      recipient: row.address,
    }));
    await db()
      .update(marketplaceTransactions)
      .set({ trackingCode, carrier: carrier().name, labelCreatedAt: sql`now()` })
      .where(eq(marketplaceTransactions.id, row.id));
    await db()
      .insert(marketplaceParcelEvents)
      .values({ transactionId: row.id, trackingCode, status: "label-created" })
      .onConflictDoNothing();
  }
  const pdf = await labelPdf({ number, trackingCode, sender: row.storeName, to: row.address }, locale);
  return { pdf, trackingCode };
}

const A6 = { width: 298, height: 420 };
const ink = rgb(0.1, 0.1, 0.1);
const muted = rgb(0.4, 0.38, 0.35);

/** The prepaid label: the tracking code as a QR code and as text, the recipient, the sender. */
async function labelPdf(
  label: {
    number: string;
    trackingCode: string;
    sender: string;
    to: {
      name: string;
      street: string;
      houseNumber: string;
      postalCode: string;
      city: string;
      country: string;
      servicePointName?: string;
    };
  },
  locale: Locale,
): Promise<Uint8Array> {
  const { t } = serverI18n(locale);
  const doc = await PDFDocument.create();
  doc.setTitle(`${t("trade:label.title")} ${label.number}`);
  doc.setCreator("Loom & Label");
  const page = doc.addPage([A6.width, A6.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = A6.height - 34;
  const line = (text: string, size = 10, font = regular, color = ink) => {
    page.drawText(text, { x: 20, y, size, font, color });
    y -= size + 5;
  };
  line(t("trade:label.title"), 14, bold);
  line(t("trade:label.prepaid"), 8, regular, muted);
  const { modules } = QRCode.create(label.trackingCode, { errorCorrectionLevel: "M" });
  const size = 120;
  const cell = size / modules.size;
  const top = y - 4;
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c))
        page.drawRectangle({
          x: 20 + c * cell,
          y: top - (r + 1) * cell,
          width: cell,
          height: cell,
          color: ink,
        });
  page.drawText(label.trackingCode, { x: 150, y: top - 30, size: 11, font: bold, color: ink });
  page.drawText(label.number, { x: 150, y: top - 48, size: 9, font: regular, color: muted });
  y = top - size - 20;
  line(t("trade:label.to"), 8, bold, muted);
  line(label.to.name, 12, bold);
  if (label.to.servicePointName) line(label.to.servicePointName, 10);
  line(`${label.to.street} ${label.to.houseNumber}`, 11);
  line(`${label.to.postalCode} ${label.to.city}`, 11);
  line(label.to.country, 11);
  y -= 6;
  line(t("trade:label.from"), 8, bold, muted);
  line(label.sender, 10);
  return doc.save();
}

export interface ParcelEvent {
  status: string;
  at: Date;
}

/** The parcel's events the carrier reported, oldest first, and the carrier's tracking page. */
export async function trackingOf(
  transactionId: number,
): Promise<{ events: ParcelEvent[]; url: string | null }> {
  const rows = await db()
    .select({
      status: marketplaceParcelEvents.status,
      at: marketplaceParcelEvents.createdAt,
      code: marketplaceParcelEvents.trackingCode,
    })
    .from(marketplaceParcelEvents)
    .where(eq(marketplaceParcelEvents.transactionId, transactionId))
    .orderBy(asc(marketplaceParcelEvents.id));
  return {
    events: rows.map(({ status, at }) => ({ status, at })),
    url: rows[0] ? carrier().trackingUrl(rows[0].code) : null,
  };
}

/**
 * `POST /webhooks/carrier/sandbox`: a signed status of a parcel. "delivered" takes the `delivered`
 * transition as the system (once: a second webhook, or one after the buyer said so, changes nothing).
 * 401 for a bad signature, 200 otherwise (also for a parcel the shop does not know: retrying won't help).
 */
export async function handleCarrierWebhook(request: Request): Promise<Response> {
  const verified = await carrier().verifyWebhook(request);
  if (!verified) return new Response("Unauthorized", { status: 401 });
  const [row] = await db()
    .select({ id: marketplaceTransactions.id, state: marketplaceTransactions.state })
    .from(marketplaceTransactions)
    .where(eq(marketplaceTransactions.trackingCode, verified.trackingCode));
  if (!row) return new Response("OK", { status: 200 });
  await db()
    .insert(marketplaceParcelEvents)
    .values({ transactionId: row.id, trackingCode: verified.trackingCode, status: verified.status })
    .onConflictDoNothing();
  if (verified.status === "delivered") {
    const moved = await moveTransaction(row.id, "delivered", { role: "system" }, { note: "carrier" });
    if (isRefusal(moved))
      logger.info({ transactionId: row.id, state: row.state }, "carrier delivered: nothing to move");
  }
  return new Response("OK", { status: 200 });
}
