import { accountExists, createAccount, type NewAccount } from "../domains/customers/customers.server";
import { bookWalletEntry } from "../domains/wallet/wallet.server";

/** Wallet credit of the demo customer, so checkout can be tried with a gift card and credit at once. */
export const DEMO_WALLET_CREDIT_CENTS = 15_00;

/** The demo logins printed at start-up; one account per role so every screen can be tried. */
export const demoAccounts: NewAccount[] = [
  {
    email: "demo@loomandlabel.test",
    password: "demo-shopper-2026",
    firstName: "Sanne",
    lastName: "de Vries",
    locale: "nl",
  },
  {
    email: "admin@loomandlabel.test",
    password: "demo-admin-2026",
    firstName: "Ruben",
    lastName: "Jansen",
    locale: "en",
    role: "admin",
  },
  {
    email: "support@loomandlabel.test",
    password: "demo-support-2026",
    firstName: "Lotte",
    lastName: "Peeters",
    locale: "nl",
    role: "support",
  },
  {
    email: "merch@loomandlabel.test",
    password: "demo-merch-2026",
    firstName: "Camille",
    lastName: "Martin",
    locale: "fr",
    role: "merchandiser",
  },
];

export async function seedDemoAccounts(): Promise<number> {
  let created = 0;
  for (const account of demoAccounts) {
    if (await accountExists(account.email)) continue;
    const { id } = await createAccount(account);
    if (account.role === undefined)
      await bookWalletEntry({
        userId: id,
        amountCents: DEMO_WALLET_CREDIT_CENTS,
        kind: "goodwill",
        reference: "welcome",
        idempotencyKey: "demo-wallet-credit",
      });
    created++;
  }
  return created;
}
