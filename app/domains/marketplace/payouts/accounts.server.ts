// The seller's payout account: a checksum-valid SEPA IBAN and the name on the account. Setting or changing
// it takes the password again (as deleting the account does) and e-mails the address on the account, so a
// stolen session cannot quietly send the earnings elsewhere.
import { eq, sql } from "drizzle-orm";
import { user } from "../../../platform/auth/tables.server";
import { db, type Queryable } from "../../../platform/db/db.server";
import { transaction } from "../../../platform/db/transaction.server";
import { env } from "../../../platform/env.server";
import { type Refusal, refuse } from "../../../platform/refusal";
import { href } from "../../../routing/urls";
import { passwordMatches } from "../../customers/customers.server";
import { queueEmail } from "../../notifications/notifications.server";
import { localeOf } from "../listings/notices.server";
import { formatIban, ibanProblem, maskIban, normaliseIban } from "./rules";
import { marketplacePayoutAccounts } from "./tables.server";
import type { PayoutAccountInput } from "./validation";

export interface PayoutAccount {
  iban: string;
  /** Grouped by four, for the seller's own page. */
  ibanFormatted: string;
  ibanMasked: string;
  holderName: string;
  verifiedAt: Date;
}

/** The seller's verified payout account, or null when they have none yet. */
export async function payoutAccountOf(
  userId: string,
  options: { tx?: Queryable } = {},
): Promise<PayoutAccount | null> {
  const [row] = await (options.tx ?? db())
    .select()
    .from(marketplacePayoutAccounts)
    .where(eq(marketplacePayoutAccounts.userId, userId));
  if (!row) return null;
  return {
    iban: row.iban,
    ibanFormatted: formatIban(row.iban),
    ibanMasked: maskIban(row.iban),
    holderName: row.holderName,
    verifiedAt: row.verifiedAt,
  };
}

/**
 * Sets or changes the payout account after checking the password of the request's session (`headers`).
 * The IBAN is checked again here (mod 97, SEPA country), whatever the form did. The e-mail to the
 * account's address is written in the same transaction (the outbox), naming the old and new account.
 */
export async function savePayoutAccount(
  headers: Headers,
  userId: string,
  input: PayoutAccountInput,
): Promise<PayoutAccount | Refusal> {
  const problem = ibanProblem(input.iban);
  if (problem)
    return refuse.invalid(
      problem === "notSepa" ? "payouts:errors.ibanNotSepa" : "payouts:errors.ibanInvalid",
      undefined,
      "iban",
    );
  const iban = normaliseIban(input.iban)!;
  const holderName = input.holderName.trim().replace(/\s+/g, " ");
  if (!holderName || holderName.length > 70)
    return refuse.invalid("payouts:errors.holderName", undefined, "holderName");
  if (!(await passwordMatches(headers, input.password)))
    return refuse.forbidden("account:password.wrongCurrent", undefined, "password");

  await transaction(async (tx) => {
    const [person] = await tx
      .select({ email: user.email, firstName: user.firstName, name: user.name, locale: user.locale })
      .from(user)
      .where(eq(user.id, userId));
    if (!person) throw new Error(`no user ${userId}`);
    const [old] = await tx
      .select({ iban: marketplacePayoutAccounts.iban, holderName: marketplacePayoutAccounts.holderName })
      .from(marketplacePayoutAccounts)
      .where(eq(marketplacePayoutAccounts.userId, userId))
      .for("update");
    if (old?.iban === iban && old.holderName === holderName) return;
    await tx
      .insert(marketplacePayoutAccounts)
      .values({ userId, iban, holderName, verifiedAt: sql`now()`, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: marketplacePayoutAccounts.userId,
        set: { iban, holderName, verifiedAt: sql`now()`, updatedAt: sql`now()` },
      });
    const locale = localeOf(person.locale);
    await queueEmail(
      {
        to: person.email,
        locale,
        template: "payoutAccountChanged",
        data: {
          name: person.firstName || person.name,
          oldIban: old ? maskIban(old.iban) : null,
          newIban: maskIban(iban),
          holderName,
          url: `${env().BASE_URL}${href("my-marketplace-earnings", {}, locale, env().I18N_STRATEGY)}`,
        },
      },
      { tx },
    );
  });
  return (await payoutAccountOf(userId))!;
}
