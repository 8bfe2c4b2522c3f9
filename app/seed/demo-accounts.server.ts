import { accountExists, createAccount, type NewAccount } from "../domains/customers/customers.server";
import type { Database } from "../platform/db/db.server";

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

export async function seedDemoAccounts(db: Database): Promise<number> {
  let created = 0;
  for (const account of demoAccounts) {
    if (await accountExists(db, account.email)) continue;
    await createAccount(account);
    created++;
  }
  return created;
}
