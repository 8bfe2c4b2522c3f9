import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { env } from "../../platform/env.server";
import type { Country } from "../../platform/forms/validators";
import type { Locale } from "../../platform/i18n/locales";
import { type Refusal, refuse } from "../../platform/refusal";
import { SHOP_TIME_ZONE } from "../../platform/shop-time";
import { attemptAllowed } from "../../platform/throttle/throttle.server";
import { href } from "../../routing/urls";
import { cachedSetting, readSetting, shopSetting, writeSetting } from "../content/content.server";
import { queueEmail } from "../notifications/notifications.server";
import { issueSingleUseCode } from "../promotions/promotions.server";
import {
  isStudentAddress,
  parseDomainList,
  STUDENT_DOMAINS_SETTING,
  type StudentDomains,
  studentDomainsValue,
} from "./student-domains";
import { studentVerifications } from "./tables.server";
import type { StudentDiscountInput } from "./validation";

const LINK_VALID_HOURS = 48;
/** Verification e-mails per address and per IP per hour. */
const LINKS_PER_ADDRESS = { limit: 3, windowSeconds: 60 * 60 };
const LINKS_PER_IP = { limit: 20, windowSeconds: 60 * 60 };

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

/** The operators' domain list for a country (a setting, with the bundled list as default). */
export async function studentDomains(): Promise<Record<Country, string[]>> {
  return studentDomainsValue(await cachedSetting(STUDENT_DOMAINS_SETTING));
}

/** Saves the operators' lists (the staff domain audits the change), composed into its transaction. */
export async function saveStudentDomains(
  lists: Record<Country, string>,
  options: { by: string; tx: Transaction },
): Promise<{ before: StudentDomains; after: StudentDomains }> {
  const before = studentDomainsValue(await readSetting(STUDENT_DOMAINS_SETTING, { tx: options.tx }));
  const after = Object.fromEntries(
    Object.entries(lists).map(([country, text]) => [country, parseDomainList(text)]),
  ) as StudentDomains;
  await writeSetting(STUDENT_DOMAINS_SETTING, after, options);
  return { before, after };
}

/**
 * Step 1 of the student discount: an address of a listed student domain of the chosen country gets a
 * confirmation link by e-mail (the link proves the student reads that mailbox). Any other address is
 * refused with the reason, on the e-mail field.
 */
export async function requestStudentVerification(
  input: StudentDiscountInput,
  meta: { locale: Locale; ip: string },
): Promise<{ email: string } | Refusal> {
  const email = input.email.toLowerCase();
  const domains = (await studentDomains())[input.country];
  if (!isStudentAddress(email, domains))
    return refuse.invalid("marketing:student.errors.domain", {}, "email");
  const allowed =
    (await attemptAllowed(`student:ip:${meta.ip}`, LINKS_PER_IP)) &&
    (await attemptAllowed(`student:address:${email}`, LINKS_PER_ADDRESS));
  if (!allowed) return refuse.tooMany("marketing:student.errors.throttled");
  const token = randomBytes(24).toString("base64url");
  return transaction(async (tx) => {
    await tx.insert(studentVerifications).values({
      email,
      country: input.country,
      tokenHash: hash(token),
      locale: meta.locale,
      expiresAt: new Date(Date.now() + LINK_VALID_HOURS * 3600_000),
    });
    const page = href("studenten-korting", {}, meta.locale, env().I18N_STRATEGY);
    await queueEmail(
      {
        to: email,
        locale: meta.locale,
        template: "studentVerification",
        data: { confirmUrl: `${env().BASE_URL}${page}?token=${token}`, validHours: LINK_VALID_HOURS },
      },
      { tx },
    );
    return { email };
  });
}

/**
 * Step 2: the link from the e-mail. A valid, unexpired link issues the student's personal code (the
 * `studentDiscount` setting's percentage, one order, valid to the end of the year) and e-mails it; one
 * code per address per calendar year, so a second link that year answers "already received".
 * The same link opened twice shows the same code again.
 */
export async function confirmStudent(token: string): Promise<{ code: string; percent: number } | Refusal> {
  const { percent } = await shopSetting("studentDiscount");
  return transaction(async (tx) => {
    const [verification] = await tx
      .select()
      .from(studentVerifications)
      .where(
        and(eq(studentVerifications.tokenHash, hash(token)), gt(studentVerifications.expiresAt, sql`now()`)),
      )
      .for("update");
    if (!verification) return refuse.notFound("marketing:student.errors.link");
    if (verification.code) return { code: verification.code, percent };
    const year = Number(
      new Intl.DateTimeFormat("en", { timeZone: SHOP_TIME_ZONE, year: "numeric" }).format(),
    );
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`student:${verification.email}`}))`);
    const [earlier] = await tx
      .select({ id: studentVerifications.id })
      .from(studentVerifications)
      .where(
        and(eq(studentVerifications.email, verification.email), eq(studentVerifications.codeYear, year)),
      );
    if (earlier) return refuse.conflict("marketing:student.errors.alreadyThisYear");
    const code = await issueSingleUseCode(
      {
        prefix: "STUDENT",
        kind: "percentage",
        percent,
        endsAt: new Date(`${year + 1}-01-01T00:00:00+01:00`),
        source: "student",
        description: `Student discount for ${verification.email}`,
      },
      { tx },
    );
    await tx
      .update(studentVerifications)
      .set({ confirmedAt: sql`now()`, codeYear: year, code })
      .where(and(eq(studentVerifications.id, verification.id), isNull(studentVerifications.code)));
    await queueEmail(
      {
        to: verification.email,
        locale: verification.locale as Locale,
        template: "studentCode",
        data: { code, percent, validUntil: `${year}-12-31` },
      },
      { tx },
    );
    return { code, percent };
  });
}
