// The printable return label (PDF): the return's number as text and as a QR code the carrier scans, the
// return address, the sender and what is in the parcel, in the return's language. Drawn with pdf-lib's
// standard fonts (WinAnsi covers the shop's four languages) and the QR code as vector squares.
import { createHmac, timingSafeEqual } from "node:crypto";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { env } from "../../platform/env.server";
import type { Locale } from "../../platform/i18n/locales";
import { serverI18n } from "../../platform/i18n/resources.server";
import type { ReturnDetail } from "./views.server";

/**
 * The key in a label link (e-mails, a guest's page): an HMAC of the return number, so the link needs no
 * storage and cannot be guessed from the number alone.
 */
export function returnLabelKey(number: string): string {
  return createHmac("sha256", env().SESSION_SECRET)
    .update(`return-label:${number}`)
    .digest("base64url")
    .slice(0, 32);
}

export function isReturnLabelKey(number: string, key: string): boolean {
  const expected = Buffer.from(returnLabelKey(number));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Where the label is downloaded: the API's label endpoint with the key (works signed in or not). */
export function returnLabelPath(number: string, locale: Locale): string {
  return `/api/v1/returns/${number}/label?locale=${locale}&key=${returnLabelKey(number)}`;
}

export function returnLabelUrl(number: string, locale: Locale): string {
  return `${env().BASE_URL}${returnLabelPath(number, locale)}`;
}

const A6 = { width: 298, height: 420 };
const MARGIN = 20;
const ink = rgb(0.1, 0.1, 0.1);
const muted = rgb(0.4, 0.38, 0.35);

function drawQr(page: PDFPage, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const cell = size / modules.size;
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col))
        page.drawRectangle({
          x: x + col * cell,
          y: y + size - (row + 1) * cell,
          width: cell,
          height: cell,
          color: ink,
        });
}

/** Lines cut to the width (long product names), one string each. */
function truncate(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The label of a return as a one-page A6 PDF. */
export async function returnLabelPdf(ret: ReturnDetail, locale: Locale = ret.locale): Promise<Uint8Array> {
  const { t } = serverI18n(locale);
  const doc = await PDFDocument.create();
  doc.setTitle(`${t("returns:label.title")} ${ret.number}`);
  doc.setCreator("Loom & Label");
  doc.setCreationDate(new Date(ret.createdAt));
  const page = doc.addPage([A6.width, A6.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = A6.width - 2 * MARGIN;
  let y = A6.height - MARGIN - 14;
  const text = (value: string, options: { font?: PDFFont; size?: number; color?: typeof ink } = {}) => {
    const size = options.size ?? 9;
    page.drawText(truncate(value, options.font ?? regular, size, width), {
      x: MARGIN,
      y,
      size,
      font: options.font ?? regular,
      color: options.color ?? ink,
    });
    y -= size + 4;
  };

  text(t("returns:label.title"), { font: bold, size: 14 });
  y -= 4;
  const qr = 110;
  drawQr(page, ret.number, MARGIN, y - qr + 10, qr);
  page.drawText(t("returns:label.returnNumber"), { x: MARGIN + qr + 12, y: y - 6, size: 8, font: regular });
  page.drawText(ret.number, { x: MARGIN + qr + 12, y: y - 24, size: 16, font: bold, color: ink });
  page.drawText(t("returns:label.order", { number: ret.orderNumber }), {
    x: MARGIN + qr + 12,
    y: y - 40,
    size: 9,
    font: regular,
    color: muted,
  });
  y -= qr + 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A6.width - MARGIN, y }, thickness: 0.5, color: muted });
  y -= 16;
  text(t("returns:label.to"), { font: bold, size: 8, color: muted });
  for (const line of t("returns:label.address").split("\n")) text(line, { font: bold, size: 11 });
  y -= 4;
  text(t("returns:label.from"), { font: bold, size: 8, color: muted });
  text(ret.statement?.name ?? ret.customerName, { size: 10 });
  y -= 4;
  text(t("returns:label.contents"), { font: bold, size: 8, color: muted });
  for (const line of ret.lines.slice(0, 6))
    text(t("returns:email.line", { quantity: line.quantity, name: line.name, size: line.size }), { size: 8 });
  y -= 6;
  for (const line of wrap(t("returns:label.instructions"), regular, 8, width))
    text(line, { size: 8, color: muted });
  return doc.save();
}

function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of value.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}
