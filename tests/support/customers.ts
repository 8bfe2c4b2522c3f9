import { confirmEmail, registerCustomer, signIn } from "../../app/domains/customers/customers.server";
import { latestMessages } from "../../app/domains/notifications/notifications.server";
import { auth } from "../../app/platform/auth/auth.server";
import { demoAccounts, seedDemoAccounts } from "../../app/seed/demo-accounts.server";
import { solvedCaptcha } from "./captcha";
import { accepted } from "./refusals";

/** A request from a French page, from `ip`. */
export const requestMeta = (ip = "203.0.113.1") => ({ locale: "fr" as const, ip });

/** The cookie header a browser sends back after these `set-cookie` headers. */
export const cookieOf = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

/** Each registration from its own address: the per-IP registration limit is not what these tests test. */
let registrations = 0;

/** Anna Jansen (born 1990-05-17, newsletter on) registered under `email`, not confirmed yet. */
export async function registerUnconfirmed(email: string, password = "a-long-password") {
  registrations += 1;
  return accepted(
    await registerCustomer(
      {
        firstName: "Anna",
        lastName: "Jansen",
        email,
        password,
        confirmPassword: password,
        birthDate: "1990-05-17",
        gender: "female",
        newsletter: true,
        captcha: await solvedCaptcha(),
      },
      requestMeta(`192.0.2.${registrations}`),
    ),
  );
}

/** The token of the newest confirmation link e-mailed to `email` (it opens the login page). */
export async function confirmationToken(email: string): Promise<string> {
  const [mail] = await latestMessages({ to: email.toLowerCase(), limit: 1 });
  const link = /href="[^"]*\/login\/\?confirm=([^"&]+)"/.exec(mail?.html ?? "");
  if (!link) throw new Error(`no confirmation link to ${email}`);
  return link[1]!;
}

/** A registered customer who confirmed the e-mail address and signed in. */
export async function registeredCustomer(email: string, password = "a-long-password") {
  await registerUnconfirmed(email, password);
  accepted(await confirmEmail(await confirmationToken(email)));
  return accepted(await signIn({ email, password }, requestMeta()));
}

/** The demo accounts (a customer and one per staff role), seeded and signed in: their cookie per role. */
export async function signedInDemoAccounts(): Promise<Record<string, string>> {
  await seedDemoAccounts();
  const cookies: Record<string, string> = {};
  for (const account of demoAccounts) {
    const { headers } = await auth.api.signInEmail({
      body: { email: account.email, password: account.password },
      returnHeaders: true,
    });
    cookies[account.role ?? "customer"] = cookieOf(headers.getSetCookie());
  }
  return cookies;
}
