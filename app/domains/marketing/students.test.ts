import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../../platform/db/db.server";
import { authThrottle } from "../../platform/throttle/tables.server";
import { writeSetting } from "../content/content.server";
import { outboxMessages } from "../notifications/tables.server";
import { discountCodes } from "../promotions/tables.server";
import { confirmStudent, requestStudentVerification } from "./marketing.server";
import {
  isStudentAddress,
  parseDomainList,
  STUDENT_DOMAINS_SETTING,
  studentDomainsValue,
} from "./student-domains";
import { studentVerifications } from "./tables.server";

let connection: Connection;
const meta = { locale: "en" as const, ip: "203.0.113.20" };

beforeAll(async () => {
  connection = await freshDatabase();
}, 180_000);
afterAll(() => connection.close());
beforeEach(async () => {
  await connection.db.delete(studentVerifications);
  await connection.db.delete(outboxMessages);
  await connection.db.delete(authThrottle);
});

/** The token from the link of the newest verification e-mail. */
async function linkToken(): Promise<string> {
  const [mail] = await connection.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.template, "studentVerification"));
  const token = mail?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error("no verification link");
  return token;
}

describe("student domains", () => {
  it("accepts a listed domain and its subdomains, nothing that only ends alike", () => {
    expect(isStudentAddress("Jan@Student.UvA.nl", ["student.uva.nl"])).toBe(true);
    expect(isStudentAddress("jan@mail.student.uva.nl", ["student.uva.nl"])).toBe(true);
    expect(isStudentAddress("jan@fakestudent.uva.nl", ["student.uva.nl"])).toBe(false);
    expect(isStudentAddress("jan@gmail.com", ["student.uva.nl"])).toBe(false);
  });

  it("reads an operator's list, and falls back per country when a stored value is damaged", () => {
    expect(parseDomainList("@student.uva.nl, UGENT.be\nnot a domain\nugent.be")).toEqual([
      "student.uva.nl",
      "ugent.be",
    ]);
    const value = studentDomainsValue({ NL: ["hva.nl"], BE: "oops" });
    expect(value.NL).toEqual(["hva.nl"]);
    expect(value.BE.length).toBeGreaterThan(0);
  });
});

describe("student discount", () => {
  it("refuses an address outside the country's list, and sends nothing", async () => {
    expect(await requestStudentVerification({ email: "jan@gmail.com", country: "NL" }, meta)).toMatchObject({
      field: "email",
      messageKey: "marketing:student.errors.domain",
    });
    // A Belgian university's address does not count for the Netherlands.
    expect(
      await requestStudentVerification({ email: "jan@student.kuleuven.be", country: "NL" }, meta),
    ).toMatchObject({ messageKey: "marketing:student.errors.domain" });
    expect(await connection.db.select().from(outboxMessages)).toHaveLength(0);
  });

  it("verifies by a link, then issues one personal single-use code per address per year", async () => {
    expect(await requestStudentVerification({ email: "Jan@Student.UvA.nl", country: "NL" }, meta)).toEqual({
      email: "jan@student.uva.nl",
    });
    const token = await linkToken();
    const confirmed = await confirmStudent(token);
    expect(confirmed).toMatchObject({ percent: 10, code: expect.stringMatching(/^STUDENT-/) });
    // The same link again shows the same code; no second code.
    expect(await confirmStudent(token)).toEqual(confirmed);
    const codes = await connection.db.select().from(discountCodes).where(eq(discountCodes.source, "student"));
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ percent: 10, usageLimit: 1, perCustomerLimit: 1 });
    const mails = await connection.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.template, "studentCode"));
    expect(mails[0]?.text).toContain(codes[0]!.code);

    await connection.db.delete(outboxMessages);
    await requestStudentVerification({ email: "jan@student.uva.nl", country: "NL" }, meta);
    expect(await confirmStudent(await linkToken())).toMatchObject({
      messageKey: "marketing:student.errors.alreadyThisYear",
    });
  });

  it("refuses an unknown or expired link", async () => {
    expect(await confirmStudent("nope")).toMatchObject({ kind: "not-found" });
    await requestStudentVerification({ email: "eva@ugent.be", country: "BE" }, meta);
    const token = await linkToken();
    await connection.db.update(studentVerifications).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await confirmStudent(token)).toMatchObject({ messageKey: "marketing:student.errors.link" });
  });

  it("follows the operators' domain list and percentage", async () => {
    await writeSetting(STUDENT_DOMAINS_SETTING, { NL: ["example-hogeschool.nl"] });
    await writeSetting("studentDiscount", { percent: 20 });
    await requestStudentVerification({ email: "piet@example-hogeschool.nl", country: "NL" }, meta);
    expect(await confirmStudent(await linkToken())).toMatchObject({ percent: 20 });
    expect(
      await requestStudentVerification({ email: "jan@student.uva.nl", country: "NL" }, meta),
    ).toMatchObject({ messageKey: "marketing:student.errors.domain" });
  });

  it("throttles verification e-mails per address", async () => {
    for (let i = 0; i < 3; i++)
      await requestStudentVerification({ email: "ana@alumnos.upm.es", country: "ES" }, meta);
    expect(
      await requestStudentVerification({ email: "ana@alumnos.upm.es", country: "ES" }, meta),
    ).toMatchObject({
      kind: "too-many",
    });
  });
});
