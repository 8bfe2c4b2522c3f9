// A gift card sold "by post" travels with its order: the warehouse prints its card carrier (A6 landscape,
// PDF) with the number and PIN, the amount, who it is for and from, and how to spend it, in the buyer's
// language. The number and PIN are read from the sealed copy kept since the card was issued (the same
// one the e-gift dispatch uses); staff never see them on a page, only on the printed card.
import { and, eq } from "drizzle-orm";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { db } from "../../platform/db/db.server";
import { env } from "../../platform/env.server";
import { isLocale, type Locale } from "../../platform/i18n/locales";
import { serverI18n } from "../../platform/i18n/resources.server";
import { formatMoney, money } from "../../platform/money";
import { type Refusal, refuse } from "../../platform/refusal";
import { href } from "../../routing/urls";
import { unseal } from "./secrets.server";
import { giftCardPurchases, giftCards } from "./tables.server";

const CARD = { width: 420, height: 298 };
const MARGIN = 24;
const ink = rgb(0.12, 0.11, 0.09);
const muted = rgb(0.42, 0.39, 0.35);
const paper = rgb(0.96, 0.94, 0.9);

/** The digits in groups of four, as on the e-mailed card. */
const groupedNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, "$1 ");

export interface PrintedGiftCard {
  pdf: Uint8Array;
  fileName: string;
  cardId: number;
  orderReference: string;
}

/**
 * The printable card of a physical gift card sold in a paid order. Refused (not found) for an e-gift card,
 * a card not issued (its order is unpaid or canceled) and an unknown purchase.
 */
export async function printPhysicalGiftCard(purchaseId: number): Promise<PrintedGiftCard | Refusal> {
  const [row] = await db()
    .select({ purchase: giftCardPurchases, validUntil: giftCards.validUntil })
    .from(giftCardPurchases)
    .innerJoin(giftCards, eq(giftCards.id, giftCardPurchases.cardId))
    .where(and(eq(giftCardPurchases.id, purchaseId), eq(giftCardPurchases.kind, "physical")));
  if (row?.purchase.status !== "issued" || !row.purchase.sealed)
    return refuse.notFound("giftcard:errors.purchaseNotFound");
  const [number, pin] = unseal(row.purchase.sealed).split(":") as [string, string];
  const locale: Locale = isLocale(row.purchase.locale) ? row.purchase.locale : "en";
  const pdf = await drawCard({
    locale,
    amountCents: row.purchase.amountCents,
    toName: row.purchase.toName,
    fromName: row.purchase.fromName,
    message: row.purchase.message,
    number,
    pin,
    validUntil: row.validUntil,
  });
  return {
    pdf,
    fileName: `gift-card-${row.purchase.orderReference}-${row.purchase.position}.pdf`,
    cardId: row.purchase.cardId!,
    orderReference: row.purchase.orderReference,
  };
}

interface CardText {
  locale: Locale;
  amountCents: number;
  toName: string;
  fromName: string;
  message: string | null;
  number: string;
  pin: string;
  validUntil: Date;
}

async function drawCard(card: CardText): Promise<Uint8Array> {
  const { t } = serverI18n(card.locale);
  const doc = await PDFDocument.create();
  doc.setTitle(t("giftcard:email.card.label"));
  const page = doc.addPage([CARD.width, CARD.height]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const serif = await doc.embedFont(StandardFonts.TimesRoman);
  page.drawRectangle({ x: 0, y: 0, width: CARD.width, height: CARD.height, color: paper });
  const width = CARD.width - 2 * MARGIN;
  let y = CARD.height - MARGIN - 16;
  page.drawText("LOOM & LABEL", { x: MARGIN, y, size: 16, font: serif, color: ink });
  const amount = formatMoney(money(card.amountCents), card.locale);
  page.drawText(amount, {
    x: CARD.width - MARGIN - serif.widthOfTextAtSize(amount, 22),
    y: y - 4,
    size: 22,
    font: serif,
    color: ink,
  });
  y -= 16;
  page.drawText(t("giftcard:email.card.label").toUpperCase(), {
    x: MARGIN,
    y,
    size: 8,
    font: regular,
    color: muted,
  });
  y -= 26;
  page.drawText(printable(t("giftcard:buy.previewTo", { name: card.toName }), bold), {
    x: MARGIN,
    y,
    size: 11,
    font: bold,
    color: ink,
  });
  y -= 15;
  page.drawText(printable(t("giftcard:buy.previewFrom", { name: card.fromName }), regular), {
    x: MARGIN,
    y,
    size: 10,
    font: regular,
    color: ink,
  });
  for (const line of wrap(printable(card.message ?? "", regular), regular, 9, width).slice(0, 5)) {
    y -= 13;
    page.drawText(line, { x: MARGIN, y, size: 9, font: regular, color: ink });
  }
  // Number and PIN at the foot of the card, where the recipient looks for them at checkout.
  let foot = MARGIN + 64;
  page.drawText(t("giftcard:email.card.number"), {
    x: MARGIN,
    y: foot + 14,
    size: 7,
    font: regular,
    color: muted,
  });
  page.drawText(groupedNumber(card.number), { x: MARGIN, y: foot, size: 13, font: bold, color: ink });
  page.drawText(t("giftcard:email.card.pin"), {
    x: MARGIN + 250,
    y: foot + 14,
    size: 7,
    font: regular,
    color: muted,
  });
  page.drawText(card.pin, { x: MARGIN + 250, y: foot, size: 13, font: bold, color: ink });
  foot -= 18;
  const valid = new Intl.DateTimeFormat(card.locale, {
    dateStyle: "long",
    timeZone: "Europe/Amsterdam",
  }).format(card.validUntil);
  page.drawText(t("giftcard:email.card.validUntil", { date: valid }), {
    x: MARGIN,
    y: foot,
    size: 8,
    font: regular,
    color: ink,
  });
  foot -= 12;
  const balance = `${t("giftcard:email.card.balance")} ${env().BASE_URL}${href("saldo-checker", {}, card.locale, env().I18N_STRATEGY)}`;
  for (const line of wrap(balance, regular, 7, width).slice(0, 2)) {
    page.drawText(line, { x: MARGIN, y: foot, size: 7, font: regular, color: muted });
    foot -= 10;
  }
  return doc.save();
}

/** What the shopper typed, in the characters the standard font can print (an emoji becomes "?"). */
function printable(value: string, font: PDFFont): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(value, (c) => (known.has(c.codePointAt(0)!) ? c : "?")).join("");
}

/** Words on lines no wider than `width`. */
function wrap(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
