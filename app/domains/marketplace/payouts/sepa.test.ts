import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { creditTransferXml, PAIN_NAMESPACE, type SepaCreditTransfer, sepaAmount, sepaText } from "./sepa";

const xsd = readFileSync(path.join(import.meta.dirname, "pain.001.001.09.xsd"), "utf8");

/** xmllint's verdict on a document against the committed pain.001.001.09 schema. */
async function validate(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: "payouts.xml", contents: xml }],
    schema: [{ fileName: "pain.001.001.09.xsd", contents: xsd }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}

const file: SepaCreditTransfer = {
  messageId: "LL-PAYOUTS-20261127-1",
  createdAt: new Date("2026-11-27T06:00:00.123Z"),
  executionDate: "2026-11-27",
  debtor: { name: "Loom & Label B.V.", iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
  transfers: [
    {
      endToEndId: "PO-000001",
      amountCents: 12_34,
      creditorName: "Zoë d'Arc-Ñúñez <test>",
      creditorIban: "FR1420041010050500013M02606",
      remittance: "Loom & Label marketplace payout PO-000001",
    },
    {
      endToEndId: "PO-000002",
      amountCents: 5_00,
      creditorName: "Sanne Smit",
      creditorIban: "NL91ABNA0417164300",
      remittance: "Loom & Label marketplace payout PO-000002",
    },
  ],
};

describe("the SEPA credit transfer file (pain.001.001.09)", () => {
  it("validates against the schema, with the count and control sum of its transfers", async () => {
    const xml = creditTransferXml(file);
    expect(await validate(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain(`xmlns="${PAIN_NAMESPACE}"`);
    expect(xml.match(/<NbOfTxs>2<\/NbOfTxs>/g)).toHaveLength(2);
    expect(xml.match(/<CtrlSum>17.34<\/CtrlSum>/g)).toHaveLength(2);
    expect(xml).toContain('<InstdAmt Ccy="EUR">12.34</InstdAmt>');
    expect(xml).toContain("<EndToEndId>PO-000001</EndToEndId>");
    expect(xml).toContain("<CreDtTm>2026-11-27T06:00:00</CreDtTm>");
    expect(xml).toContain("<ReqdExctnDt><Dt>2026-11-27</Dt></ReqdExctnDt>");
    expect(xml).toContain("<BICFI>ABNANL2A</BICFI>");
  });

  it("writes names in the SEPA character set only (accents dropped, the rest spaces)", () => {
    const xml = creditTransferXml(file);
    expect(xml).toContain("<Nm>Zoe d&apos;Arc-Nunez test</Nm>");
    expect(xml).toContain("<Nm>Loom Label B.V.</Nm>");
    expect(sepaText("  ", 10)).toBe("-");
    expect(sepaText("a".repeat(80), 70)).toHaveLength(70);
  });

  it("is caught by the validator when it breaks the schema (the test can fail)", async () => {
    const xml = creditTransferXml(file);
    const broken = [
      xml.replace("<EndToEndId>PO-000002</EndToEndId>", ""),
      xml.replace("<IBAN>NL91ABNA0417164300</IBAN>", "<IBAN>nl91 abna</IBAN>"),
      xml.replace("<PmtMtd>TRF</PmtMtd>", "<PmtMtd>XXX</PmtMtd>"),
      xml.replace("<MsgId>LL-PAYOUTS-20261127-1</MsgId>", `<MsgId>${"x".repeat(36)}</MsgId>`),
    ];
    for (const doc of broken) expect((await validate(doc)).valid).toBe(false);
  });

  it("writes amounts as euros with two decimals and refuses nothing to pay", () => {
    expect(sepaAmount(1)).toBe("0.01");
    expect(sepaAmount(100_000_00)).toBe("100000.00");
    expect(() => sepaAmount(0)).toThrow();
    expect(() => creditTransferXml({ ...file, transfers: [] })).toThrow();
  });
});
