// The payout and DAC7 rules as pure functions (client-safe): the IBAN check, what can be paid out, and
// when a seller becomes reportable. The server modules and the pages both read them.
import { electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";

/** The IBAN in electronic format (upper case, no spaces) if it passes the ISO 13616 mod-97 check. */
export function normaliseIban(input: string): string | null {
  const iban = electronicFormatIBAN(input.trim());
  if (!iban || !isValidIBAN(iban)) return null;
  return iban;
}

/**
 * Why an IBAN cannot take a payout: `invalid` (length, country format or checksum) or `notSepa` (a valid
 * IBAN of a country outside SEPA: a SEPA credit transfer cannot reach it). Null when it can.
 */
export function ibanProblem(input: string): "invalid" | "notSepa" | null {
  const iban = normaliseIban(input);
  if (!iban) return "invalid";
  return isSEPACountry(iban.slice(0, 2)) ? null : "notSepa";
}

/** Grouped by four for reading ("NL91 ABNA 0417 1643 00"). */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}

/** Only the country and the last four characters, for e-mails and lists ("NL•• •••• •••• •• 4300"). */
export function maskIban(iban: string): string {
  return `${iban.slice(0, 2)} •••• ${iban.slice(-4)}`;
}

/** The public reference of a payout (the seller's history, the SEPA EndToEndId, the back office). */
export function payoutNumber(id: number): string {
  return `PO-${String(id).padStart(6, "0")}`;
}

/**
 * What a seller can pay out now: their net marketplace earnings in the wallet less what was paid out
 * before (`earnedCents`, booked `marketplace` less `payout` entries), and never more than the wallet
 * holds (earnings spent in the shop are gone). Never below 0.
 */
export function payableCents(input: { balanceCents: number; earnedCents: number }): number {
  return Math.max(0, Math.min(input.balanceCents, input.earnedCents));
}

/**
 * DAC7 (Council Directive (EU) 2021/514) as PRODUCT.md states it: a seller becomes reportable for a year
 * from 30 sales, or from more than €2,000 of consideration, whichever comes first.
 */
export const DAC7_THRESHOLDS = { sales: 30, considerationCents: 2_000_00 } as const;

export function isReportable(counters: { sales: number; considerationCents: number }): boolean {
  return (
    counters.sales >= DAC7_THRESHOLDS.sales ||
    counters.considerationCents > DAC7_THRESHOLDS.considerationCents
  );
}

/** The first year DAC7 applies to (reporting period 2023). */
export const DAC7_FIRST_YEAR = 2023;

/** The report's year: the one asked for if it is a DAC7 year up to now, else the last full year. */
export function dac7Year(asked: string | null, now = new Date()): number {
  const year = Number(asked);
  const current = now.getUTCFullYear();
  return asked && Number.isInteger(year) && year >= DAC7_FIRST_YEAR && year <= current ? year : current - 1;
}
