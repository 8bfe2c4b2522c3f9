// DAC7 (Council Directive (EU) 2021/514): per seller per calendar year, the number of sales and the
// consideration paid or credited to them, the commission the shop kept, per quarter, and whether the
// seller is reportable (PRODUCT.md: from 30 sales or more than €2,000). A sale counts in the year and
// quarter its transaction was completed (the earnings were credited), on the shop's clock; a refunded
// purchase never completes, so it never counts. The counters are read from the transaction log, so
// they cannot drift from what happened. The seller's details come from the store, its trader details,
// the account and the payout account.
import { and, eq, inArray, sql } from "drizzle-orm";
import { user } from "../../../platform/auth/tables.server";
import { db } from "../../../platform/db/db.server";
import { centsToDecimal } from "../../../platform/money";
import { addressesOf } from "../../customers/customers.server";
import { marketplaceStores } from "../tables.server";
import { marketplaceTransactionLog, marketplaceTransactions } from "../transactions/tables.server";
import { isReportable } from "./rules";
import { marketplacePayoutAccounts } from "./tables.server";

export interface Dac7Row {
  userId: string;
  storeHandle: string | null;
  sellerType: string;
  /** The legal name of a business seller, else the person's first and last name. */
  name: string;
  email: string;
  dateOfBirth: string | null;
  address: string | null;
  country: string | null;
  tradeRegister: string | null;
  iban: string | null;
  accountHolder: string | null;
  sales: number;
  considerationCents: number;
  commissionCents: number;
  /** Consideration per quarter (Q1–Q4). */
  quarterCents: [number, number, number, number];
  reportable: boolean;
}

/** Sales per seller and quarter of `year`, counted from the completions in the log (one seller's, or all). */
async function countersOf(year: number, userId?: string) {
  const completedAt = sql`(${marketplaceTransactionLog.createdAt} at time zone 'Europe/Amsterdam')`;
  const quarter = sql<number>`extract(quarter from ${completedAt})::int`;
  return db()
    .select({
      userId: marketplaceTransactions.providerId,
      quarter,
      sales: sql<string>`count(*)`,
      considerationCents: sql<string>`sum(${marketplaceTransactions.priceCents})`,
      commissionCents: sql<string>`sum(${marketplaceTransactions.commissionCents})`,
    })
    .from(marketplaceTransactionLog)
    .innerJoin(
      marketplaceTransactions,
      eq(marketplaceTransactions.id, marketplaceTransactionLog.transactionId),
    )
    .where(
      and(
        eq(marketplaceTransactionLog.toState, "completed"),
        sql`extract(year from ${completedAt}) = ${year}`,
        userId ? eq(marketplaceTransactions.providerId, userId) : undefined,
      ),
    )
    .groupBy(marketplaceTransactions.providerId, quarter);
}

export interface Dac7Counters {
  year: number;
  sales: number;
  considerationCents: number;
  reportable: boolean;
}

/** One seller's counters of `year` (their earnings page says when they are reportable). */
export async function dac7CountersOf(userId: string, year: number): Promise<Dac7Counters> {
  const rows = await countersOf(year, userId);
  const sales = rows.reduce((sum, r) => sum + Number(r.sales), 0);
  const considerationCents = rows.reduce((sum, r) => sum + Number(r.considerationCents), 0);
  return { year, sales, considerationCents, reportable: isReportable({ sales, considerationCents }) };
}

/** Every seller with a sale in `year`, with their counters and whether they are reportable. */
export async function dac7Report(year: number): Promise<Dac7Row[]> {
  const counters = await countersOf(year);
  const totals = new Map<
    string,
    Pick<Dac7Row, "sales" | "considerationCents" | "commissionCents" | "quarterCents">
  >();
  for (const c of counters) {
    const total = totals.get(c.userId) ?? {
      sales: 0,
      considerationCents: 0,
      commissionCents: 0,
      quarterCents: [0, 0, 0, 0],
    };
    total.sales += Number(c.sales);
    total.considerationCents += Number(c.considerationCents);
    total.commissionCents += Number(c.commissionCents);
    total.quarterCents[Number(c.quarter) - 1]! += Number(c.considerationCents);
    totals.set(c.userId, total);
  }
  const ids = [...totals.keys()];
  if (ids.length === 0) return [];
  const people = await db()
    .select({
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      dateOfBirth: user.dateOfBirth,
      handle: marketplaceStores.handle,
      country: marketplaceStores.country,
      sellerType: marketplaceStores.sellerType,
      trader: marketplaceStores.trader,
      iban: marketplacePayoutAccounts.iban,
      accountHolder: marketplacePayoutAccounts.holderName,
    })
    .from(user)
    .leftJoin(marketplaceStores, eq(marketplaceStores.userId, user.id))
    .leftJoin(marketplacePayoutAccounts, eq(marketplacePayoutAccounts.userId, user.id))
    .where(inArray(user.id, ids));
  const rows: Dac7Row[] = [];
  for (const person of people) {
    const total = totals.get(person.userId)!;
    const business = person.sellerType === "business" && person.trader;
    let address = business ? person.trader!.address : null;
    if (!address) {
      const book = await addressesOf(person.userId);
      const home = book.find((a) => a.isDefaultBilling) ?? book[0];
      if (home)
        address = `${home.street} ${home.houseNumber}${home.addition ? ` ${home.addition}` : ""}, ${home.postalCode} ${home.city}, ${home.country}`;
    }
    rows.push({
      userId: person.userId,
      storeHandle: person.handle,
      sellerType: person.sellerType ?? "private",
      name: business ? person.trader!.legalName : `${person.firstName} ${person.lastName}`.trim(),
      email: person.email,
      dateOfBirth: business ? null : person.dateOfBirth,
      address,
      country: person.country,
      tradeRegister: business ? person.trader!.tradeRegister : null,
      iban: person.iban,
      accountHolder: person.accountHolder,
      ...total,
      reportable: isReportable(total),
    });
  }
  return rows.sort(
    (a, b) => Number(b.reportable) - Number(a.reportable) || b.considerationCents - a.considerationCents,
  );
}

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? "" : String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet (CSV injection).
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * The annual DAC7 export (CSV, RFC 4180): the reportable sellers of `year` (or every seller with a sale,
 * `all`), amounts in euros. TIN is not asked yet: the column is there for the operator to complete.
 */
export async function dac7Csv(year: number, options: { all?: boolean } = {}): Promise<string> {
  const report = (await dac7Report(year)).filter((r) => options.all || r.reportable);
  const header = [
    "year",
    "seller_id",
    "store",
    "seller_type",
    "name",
    "email",
    "date_of_birth",
    "address",
    "country",
    "trade_register",
    "tin",
    "iban",
    "account_holder",
    "sales",
    "consideration_eur",
    "commission_eur",
    "q1_consideration_eur",
    "q2_consideration_eur",
    "q3_consideration_eur",
    "q4_consideration_eur",
    "reportable",
  ];
  const lines = report.map((r) =>
    [
      year,
      r.userId,
      r.storeHandle,
      r.sellerType,
      r.name,
      r.email,
      r.dateOfBirth,
      r.address,
      r.country,
      r.tradeRegister,
      "",
      r.iban,
      r.accountHolder,
      r.sales,
      centsToDecimal(r.considerationCents),
      centsToDecimal(r.commissionCents),
      ...r.quarterCents.map(centsToDecimal),
      r.reportable ? "yes" : "no",
    ]
      .map(csvCell)
      .join(","),
  );
  return `${[header.join(","), ...lines].join("\r\n")}\r\n`;
}
