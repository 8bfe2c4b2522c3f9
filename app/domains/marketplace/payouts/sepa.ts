// A SEPA credit transfer initiation (ISO 20022 pain.001.001.09) for the bank: one payment information
// block from the shop's account, one transaction per payout. Pure: the batch job gives it the payouts and
// stores what it answers; `pain.001.001.09.xsd` beside it is the schema the tests validate it against.
import { centsToDecimal } from "../../../platform/money";

export interface SepaParty {
  name: string;
  iban: string;
  bic: string;
}

export interface SepaTransfer {
  /** The payout's own reference: InstrId and EndToEndId, shown on the seller's statement. */
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  /** Unstructured remittance information (at most 140 characters). */
  remittance: string;
}

export interface SepaCreditTransfer {
  messageId: string;
  createdAt: Date;
  /** The requested execution date (YYYY-MM-DD). */
  executionDate: string;
  debtor: SepaParty;
  transfers: SepaTransfer[];
}

export const PAIN_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";

/**
 * Text in the Latin character set every SEPA bank accepts (EPC: a–z, A–Z, 0–9, / - ? : ( ) . , ' + and
 * space): accents are dropped ("Zoë" → "Zoe"), anything else becomes a space; cut to `max`.
 */
export function sepaText(value: string, max: number): string {
  const latin = value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-zA-Z0-9/\-?:().,'+ ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return latin.slice(0, max).trim() || "-";
}

/** Cents as the schema's decimal amount with two fraction digits ("1234.50"). */
export function sepaAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error("A transfer is a positive amount of cents");
  return centsToDecimal(cents);
}

/** ISO date-time without fractions or offset, as banks read CreDtTm (UTC). */
function isoDateTime(at: Date): string {
  return at.toISOString().slice(0, 19);
}

function element(name: string, content: string, attributes = ""): string {
  return `<${name}${attributes}>${content}</${name}>`;
}

function escapeXml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&apos;");
}

/** A SEPA-safe text element (the character set first, then XML escaping of what remains: `'` only). */
function text(name: string, value: string, max: number): string {
  return element(name, escapeXml(sepaText(value, max)));
}

function transferXml(transfer: SepaTransfer): string {
  return element(
    "CdtTrfTxInf",
    element("PmtId", text("InstrId", transfer.endToEndId, 35) + text("EndToEndId", transfer.endToEndId, 35)) +
      element("Amt", element("InstdAmt", sepaAmount(transfer.amountCents), ' Ccy="EUR"')) +
      element("Cdtr", text("Nm", transfer.creditorName, 70)) +
      element("CdtrAcct", element("Id", element("IBAN", transfer.creditorIban))) +
      element("RmtInf", text("Ustrd", transfer.remittance, 140)),
  );
}

/** The pain.001.001.09 document of the transfers (at least one). */
export function creditTransferXml(file: SepaCreditTransfer): string {
  if (file.transfers.length === 0) throw new Error("A SEPA file holds at least one transfer");
  const count = String(file.transfers.length);
  const sum = sepaAmount(file.transfers.reduce((total, t) => total + t.amountCents, 0));
  const header = element(
    "GrpHdr",
    text("MsgId", file.messageId, 35) +
      element("CreDtTm", isoDateTime(file.createdAt)) +
      element("NbOfTxs", count) +
      element("CtrlSum", sum) +
      element("InitgPty", text("Nm", file.debtor.name, 70)),
  );
  const payment = element(
    "PmtInf",
    text("PmtInfId", file.messageId, 35) +
      element("PmtMtd", "TRF") +
      element("BtchBookg", "true") +
      element("NbOfTxs", count) +
      element("CtrlSum", sum) +
      element("PmtTpInf", element("SvcLvl", element("Cd", "SEPA"))) +
      element("ReqdExctnDt", element("Dt", file.executionDate)) +
      element("Dbtr", text("Nm", file.debtor.name, 70)) +
      element("DbtrAcct", element("Id", element("IBAN", file.debtor.iban))) +
      element("DbtrAgt", element("FinInstnId", element("BICFI", file.debtor.bic))) +
      element("ChrgBr", "SLEV") +
      file.transfers.map(transferXml).join(""),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(
    "Document",
    element("CstmrCdtTrfInitn", header + payment),
    ` xmlns="${PAIN_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`,
  )}\n`;
}
