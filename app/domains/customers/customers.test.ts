import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { freshDatabase } from "../../../tests/support/database";
import { spentCaptchas } from "../../platform/captcha/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { parseShopForm } from "../../platform/forms/submission";
import { latestMessages } from "../notifications/notifications.server";
import { bookWalletEntry } from "../wallet/wallet.server";
import {
  addressesOf,
  changePassword,
  confirmEmail,
  createAddress,
  deleteAddress,
  deleteCustomerAccount,
  exportCustomerData,
  forgetOldAuthAttemptsJob,
  registerCustomer,
  requestPasswordReset,
  resetPassword,
  resetTokenUsable,
  signIn,
  updateAddress,
} from "./customers.server";
import { addresses, authThrottle, session, user, verification } from "./tables.server";
import { throttleRules } from "./throttle.server";
import { type AddressInput, AddressSchema, RegisterSchema, safeRedirect } from "./validation";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

/** Conform's submission, read loosely: the messages per field, or the parsed value. */
const loose = (submission: unknown) =>
  submission as { status?: string; error?: Record<string, string[] | null>; value?: Record<string, unknown> };
const meta = (ip = "203.0.113.1") => ({ locale: "fr" as const, ip });
const cookieOf = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");

/** Each registration from its own address: the per-IP registration limit is not what these tests test. */
let registrations = 0;
async function registerUnconfirmed(email: string, password = "a-long-password") {
  registrations += 1;
  const outcome = await registerCustomer(
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
    meta(`192.0.2.${registrations}`),
  );
  if (!outcome.ok) throw new Error(outcome.messageKey);
  return outcome;
}

/** The token of the newest confirmation link e-mailed to `email` (it opens the login page). */
async function confirmationToken(email: string): Promise<string> {
  const [mail] = await latestMessages({ to: email.toLowerCase(), limit: 1 });
  const link = /href="[^"]*\/login\/\?confirm=([^"&]+)"/.exec(mail?.html ?? "");
  if (!link) throw new Error(`no confirmation link to ${email}`);
  return link[1]!;
}

/** A registered customer who confirmed the e-mail address and signed in. */
async function register(email: string, password = "a-long-password") {
  await registerUnconfirmed(email, password);
  const confirmed = await confirmEmail(await confirmationToken(email));
  if (!confirmed.ok) throw new Error(confirmed.messageKey);
  const signedIn = await signIn({ email, password }, meta());
  if (!signedIn.ok) throw new Error(signedIn.messageKey);
  return signedIn;
}

const address: AddressInput = {
  firstName: "Anna",
  lastName: "Jansen",
  country: "NL",
  postalCode: "1012 LG",
  houseNumber: "1",
  street: "Damrak",
  city: "Amsterdam",
  isDefaultBilling: false,
  isDefaultShipping: false,
};

describe("registration", () => {
  it("creates the account with its fields and e-mails the confirmation link in the page's language, signing nobody in", async () => {
    const outcome = await registerUnconfirmed("Anna@Example.nl");
    expect(outcome).toEqual({ ok: true, userId: expect.any(String), email: "anna@example.nl" });
    const [row] = await connection.db.select().from(user).where(eq(user.id, outcome.userId));
    expect(row).toMatchObject({
      email: "anna@example.nl",
      firstName: "Anna",
      dateOfBirth: "1990-05-17",
      gender: "female",
      newsletter: true,
      locale: "fr",
      role: "customer",
      emailVerified: false,
    });
    expect(await connection.db.select().from(session).where(eq(session.userId, outcome.userId))).toEqual([]);
    const [welcome] = await latestMessages({ to: "anna@example.nl" });
    expect(welcome).toMatchObject({
      template: "welcome",
      locale: "fr",
      subject: "Bienvenue chez Loom & Label : confirmez votre adresse e-mail",
    });
    expect(welcome?.html).toMatch(/href="http[^"]*\/fr\/login\/\?confirm=[\w-]{20,}"/);
  });

  it("signs in only once the address is confirmed; until then the right password gets a new link", async () => {
    const first = await confirmationToken("anna@example.nl");
    expect(await signIn({ email: "anna@example.nl", password: "wrong-password" }, meta())).toEqual({
      ok: false,
      messageKey: "account:login.invalid",
    });
    // Only the right password learns that the address waits for confirmation, and gets a fresh link.
    expect(await signIn({ email: "anna@example.nl", password: "a-long-password" }, meta())).toEqual({
      ok: false,
      messageKey: "account:login.unconfirmed",
    });
    const [reminder] = await latestMessages({ to: "anna@example.nl", limit: 1 });
    expect(reminder).toMatchObject({ template: "confirmEmail", locale: "fr" });
    const second = await confirmationToken("anna@example.nl");
    expect(second).not.toBe(first);

    expect(await confirmEmail(first)).toEqual({ ok: true, email: "anna@example.nl" });
    // Used once, and the other link of the same customer went with it.
    expect(await confirmEmail(first)).toEqual({ ok: false, messageKey: "account:confirm.invalid" });
    expect(await confirmEmail(second)).toEqual({ ok: false, messageKey: "account:confirm.invalid" });
    const signedIn = await signIn({ email: "anna@example.nl", password: "a-long-password" }, meta());
    expect(signedIn.ok).toBe(true);
    if (signedIn.ok) expect(signedIn.setCookies.join()).toContain("session_token");
    // A confirmed customer gets no more reminders.
    expect(await latestMessages({ to: "anna@example.nl" })).toHaveLength(2);
  });

  it("refuses an expired or made-up confirmation link and confirms nothing", async () => {
    const { userId } = await registerUnconfirmed("late@example.nl");
    const token = await confirmationToken("late@example.nl");
    await connection.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `confirm-email:${token}`));
    expect(await confirmEmail(token)).toEqual({ ok: false, messageKey: "account:confirm.invalid" });
    expect(await confirmEmail("made-up")).toEqual({ ok: false, messageKey: "account:confirm.invalid" });
    expect(await confirmEmail("")).toEqual({ ok: false, messageKey: "account:confirm.invalid" });
    const [row] = await connection.db.select().from(user).where(eq(user.id, userId));
    expect(row?.emailVerified).toBe(false);
  });

  it("sends at most a few new links an hour to an unconfirmed account", async () => {
    await registerUnconfirmed("patient@example.nl", "patient-password");
    const answers: string[] = [];
    for (let i = 0; i < throttleRules.confirmAccount.limit + 2; i++) {
      const outcome = await signIn(
        { email: "patient@example.nl", password: "patient-password" },
        meta(`198.51.100.${70 + i}`),
      );
      answers.push(outcome.ok ? "signed in" : outcome.messageKey);
    }
    // A new link is promised only while one goes out; after that the answer points to the earlier ones.
    expect(answers).toEqual([
      ...Array(throttleRules.confirmAccount.limit).fill("account:login.unconfirmed"),
      "account:login.unconfirmedEarlierLinks",
      "account:login.unconfirmedEarlierLinks",
    ]);
    const reminders = (await latestMessages({ to: "patient@example.nl" })).filter(
      (m) => m.template === "confirmEmail",
    );
    expect(reminders).toHaveLength(throttleRules.confirmAccount.limit);
  });

  it("confirms the address with a completed password reset (the link came by e-mail)", async () => {
    await registerUnconfirmed("forgetful@example.nl", "first-password");
    await requestPasswordReset({ email: "forgetful@example.nl", captcha: await solvedCaptcha() }, meta());
    const [mail] = await latestMessages({ to: "forgetful@example.nl", limit: 1 });
    const token = /reset-password\/\?token=([^"&]+)"/.exec(mail?.html ?? "")![1]!;
    expect(await resetPassword({ token, password: "second-password" })).toEqual({ ok: true });
    expect(
      (await signIn({ email: "forgetful@example.nl", password: "second-password" }, meta("203.0.113.77"))).ok,
    ).toBe(true);
  });

  it("refuses an e-mail that has an account, without a second welcome", async () => {
    const outcome = await registerCustomer(
      {
        ...RegisterSchema.parse({
          firstName: "B",
          lastName: "C",
          email: "anna@example.nl",
          password: "xxxxxxxx",
          confirmPassword: "xxxxxxxx",
        }),
        captcha: await solvedCaptcha(),
      },
      meta(),
    );
    expect(outcome).toEqual({ ok: false, messageKey: "account:register.exists" });
    expect(await latestMessages({ to: "anna@example.nl" })).toHaveLength(2);
  });

  it("needs a solved captcha", async () => {
    const input = RegisterSchema.parse({
      firstName: "B",
      lastName: "C",
      email: "bot@example.nl",
      password: "xxxxxxxx",
      confirmPassword: "xxxxxxxx",
    });
    expect(await registerCustomer(input, meta())).toEqual({
      ok: false,
      messageKey: "account:captcha.missing",
    });
    expect(await registerCustomer({ ...input, captcha: "Zm9v" }, meta())).toEqual({
      ok: false,
      messageKey: "account:captcha.invalid",
    });
    expect(await connection.db.select().from(user).where(eq(user.email, "bot@example.nl"))).toEqual([]);
  });

  it("checks the form by SPEC §5: password length, confirmation, required names", () => {
    const result = parseShopForm(
      new URLSearchParams({ email: "anna@", password: "short", confirmPassword: "other", firstName: "" }),
      RegisterSchema,
    );
    expect(loose(result).error).toMatchObject({
      firstName: [expect.stringContaining("forms:validation.required")],
      email: ["forms:validation.email"],
      password: [expect.stringContaining("forms:validation.passwordMin")],
    });
    const mismatch = parseShopForm(
      new URLSearchParams({
        firstName: "A",
        lastName: "B",
        email: "a@b.nl",
        password: "long-enough",
        confirmPassword: "long-enougH",
      }),
      RegisterSchema,
    );
    expect(loose(mismatch).error).toEqual({ confirmPassword: ["forms:validation.passwordMatch"] });
    const long = "x".repeat(128);
    expect(
      parseShopForm(
        new URLSearchParams({
          firstName: "A",
          lastName: "B",
          email: "a@b.nl",
          password: long,
          confirmPassword: long,
        }),
        RegisterSchema,
      ).status,
    ).toBe("success");
  });
});

describe("signing in", () => {
  it("signs in with the right password and refuses a wrong one", async () => {
    expect((await signIn({ email: "ANNA@example.nl", password: "a-long-password" }, meta())).ok).toBe(true);
    expect(await signIn({ email: "anna@example.nl", password: "wrong-password" }, meta())).toEqual({
      ok: false,
      messageKey: "account:login.invalid",
    });
  });

  it("throttles an account after repeated failures, from any IP, even for the right password", async () => {
    await register("target@example.nl");
    for (let i = 0; i < throttleRules.loginAccount.limit; i++)
      await signIn({ email: "target@example.nl", password: `guess-${i}` }, meta(`198.51.100.${i}`));
    const outcome = await signIn(
      { email: "target@example.nl", password: "a-long-password" },
      meta("192.0.2.99"),
    );
    expect(outcome).toMatchObject({ ok: false, messageKey: "account:throttled" });
    expect((outcome as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
  });

  it("throttles an IP that tries many accounts", async () => {
    for (let i = 0; i < throttleRules.loginIp.limit; i++)
      await signIn({ email: `nobody${i}@example.nl`, password: "guess" }, meta("192.0.2.200"));
    expect(
      await signIn({ email: "anna@example.nl", password: "a-long-password" }, meta("192.0.2.200")),
    ).toMatchObject({
      ok: false,
      messageKey: "account:throttled",
    });
    expect(
      (await signIn({ email: "anna@example.nl", password: "a-long-password" }, meta("192.0.2.201"))).ok,
    ).toBe(true);
  });
});

describe("password reset", () => {
  it("answers the same for unknown e-mails and sends nothing", async () => {
    expect(
      await requestPasswordReset({ email: "ghost@example.nl", captcha: await solvedCaptcha() }, meta()),
    ).toEqual({ ok: true });
    expect(await latestMessages({ to: "ghost@example.nl" })).toEqual([]);
  });

  it("e-mails a single-use link in the customer's language that ends every session", async () => {
    const { setCookies } = await register("reset@example.nl", "old-password-1");
    expect(
      await requestPasswordReset(
        { email: "reset@example.nl", captcha: await solvedCaptcha() },
        { locale: "en", ip: "203.0.113.9" },
      ),
    ).toEqual({ ok: true });
    const [mail] = await latestMessages({ to: "reset@example.nl", limit: 1 });
    expect(mail).toMatchObject({ template: "passwordReset", locale: "fr" });
    const link = /href="([^"]*\/fr\/reset-password\/\?token=([^"&]+))"/.exec(mail!.html ?? "");
    expect(link).not.toBeNull();
    const token = link![2]!;
    expect(await resetTokenUsable(token)).toBe(true);

    expect(await resetPassword({ token, password: "new-password-2" })).toEqual({ ok: true });
    expect(await resetPassword({ token, password: "new-password-3" })).toEqual({
      ok: false,
      messageKey: "account:reset.invalidToken",
    });
    expect(await resetTokenUsable(token)).toBe(false);
    const [owner] = await connection.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "reset@example.nl"));
    expect(await connection.db.select().from(session).where(eq(session.userId, owner!.id))).toEqual([]);
    expect(setCookies.length).toBeGreaterThan(0);
    expect(
      (await signIn({ email: "reset@example.nl", password: "old-password-1" }, meta("203.0.113.50"))).ok,
    ).toBe(false);
    expect(
      (await signIn({ email: "reset@example.nl", password: "new-password-2" }, meta("203.0.113.50"))).ok,
    ).toBe(true);
  });

  it("refuses an unknown token", async () => {
    expect(await resetPassword({ token: "made-up", password: "new-password-2" })).toEqual({
      ok: false,
      messageKey: "account:reset.invalidToken",
    });
  });

  it("changes the password only with the current one", async () => {
    const { setCookies } = await register("change@example.nl", "first-password");
    const headers = new Headers({ cookie: cookieOf(setCookies) });
    expect(
      await changePassword(headers, { currentPassword: "wrong-one", password: "second-password" }),
    ).toEqual({
      ok: false,
      messageKey: "account:password.wrongCurrent",
    });
    expect(
      (await changePassword(headers, { currentPassword: "first-password", password: "second-password" })).ok,
    ).toBe(true);
    expect(
      (await signIn({ email: "change@example.nl", password: "second-password" }, meta("203.0.113.60"))).ok,
    ).toBe(true);
  });
});

describe("address book", () => {
  it("keeps one default billing and shipping address, the first by itself", async () => {
    const { userId } = await register("book@example.nl");
    const first = await createAddress(userId, address);
    expect(first).toMatchObject({ isDefaultBilling: true, isDefaultShipping: true });
    const second = await createAddress(userId, { ...address, street: "Rokin", isDefaultShipping: true });
    const book = await addressesOf(userId);
    expect(book.find((a) => a.id === first.id)).toMatchObject({
      isDefaultBilling: true,
      isDefaultShipping: false,
    });
    expect(book.find((a) => a.id === second.id)).toMatchObject({
      isDefaultBilling: false,
      isDefaultShipping: true,
    });
  });

  it("never changes or deletes another customer's address", async () => {
    const { userId: owner } = await register("owner@example.nl");
    const { userId: other } = await register("other@example.nl");
    const mine = await createAddress(owner, address);
    expect(await updateAddress(other, mine.id, { ...address, street: "Stolen" })).toBeNull();
    expect(await deleteAddress(other, mine.id)).toBe(false);
    expect((await addressesOf(owner))[0]?.street).toBe("Damrak");
    expect(await deleteAddress(owner, mine.id)).toBe(true);
  });

  it("applies SPEC §5: postal code per country, overseas areas refused, digits-only house numbers", () => {
    const check = (values: Record<string, string>) =>
      loose(
        parseShopForm(
          new URLSearchParams({
            firstName: "A",
            lastName: "B",
            street: "S",
            city: "C",
            houseNumber: "1",
            country: "NL",
            postalCode: "1012 LG",
            ...values,
          }),
          AddressSchema,
        ),
      );
    expect(check({}).status).toBe("success");
    expect(check({ postalCode: "1012lg" }).value?.postalCode).toBe("1012 LG");
    expect(check({ postalCode: "12345" }).error?.postalCode?.[0]).toContain("forms:validation.postalCode");
    expect(check({ country: "FR", postalCode: "97110" }).error?.postalCode).toEqual([
      "forms:validation.postalCodeNoDelivery",
    ]);
    expect(check({ country: "ES", postalCode: "35001" }).error?.postalCode).toEqual([
      "forms:validation.postalCodeNoDelivery",
    ]);
    expect(check({ houseNumber: "12a" }).error?.houseNumber).toEqual(["forms:validation.houseNumberLetters"]);
    expect(check({ street: "" }).error?.street).toEqual([
      expect.stringContaining("forms:validation.required"),
    ]);
  });
});

describe("my data", () => {
  it("exports everything held on the customer, and deletes it all after the password", async () => {
    const { userId, setCookies } = await register("leaving@example.nl", "leaving-password");
    await createAddress(userId, address);
    await bookWalletEntry({ userId, amountCents: 500, kind: "goodwill", idempotencyKey: "leaving-1" });
    const data = await exportCustomerData(userId);
    expect(data).toMatchObject({
      account: { email: "leaving@example.nl", firstName: "Anna", birthDate: "1990-05-17" },
      addresses: [{ street: "Damrak" }],
      wallet: { balanceCents: 500 },
    });
    expect(JSON.stringify(data)).not.toMatch(/password|scrypt/i);
    expect(data!.sessions.length).toBeGreaterThan(0);

    const headers = new Headers({ cookie: cookieOf(setCookies) });
    expect(await deleteCustomerAccount(headers, userId, "not-my-password")).toEqual({
      ok: false,
      messageKey: "account:password.wrongCurrent",
    });
    expect(await deleteCustomerAccount(headers, userId, "leaving-password")).toEqual({ ok: true });
    expect(await connection.db.select().from(user).where(eq(user.id, userId))).toEqual([]);
    expect(await connection.db.select().from(addresses).where(eq(addresses.userId, userId))).toEqual([]);
    expect(await exportCustomerData(userId)).toBeNull();
  });
});

describe("the daily clean-up", () => {
  it("drops counters of ended windows, spent captchas of expired challenges and expired links, and nothing else", async () => {
    await connection.db.insert(authThrottle).values([
      { key: "login:ip:old", attempts: 9, windowStartedAt: new Date(Date.now() - 2 * 86_400_000) },
      { key: "login:ip:fresh", attempts: 1 },
    ]);
    await connection.db.insert(spentCaptchas).values([
      { signature: "old", expiresAt: new Date(Date.now() - 60_000) },
      { signature: "fresh", expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await connection.db.insert(verification).values([
      { identifier: "confirm-email:old", value: "u1", expiresAt: new Date(Date.now() - 60_000) },
      { identifier: "reset-password:old", value: "u1", expiresAt: new Date(Date.now() - 60_000) },
      { identifier: "confirm-email:fresh", value: "u1", expiresAt: new Date(Date.now() + 60_000) },
      { identifier: "reset-password:fresh", value: "u1", expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await forgetOldAuthAttemptsJob.handle({ reason: "test" }, {} as never);
    const links = (await connection.db.select().from(verification)).map((r) => r.identifier);
    expect(links).toEqual(expect.arrayContaining(["confirm-email:fresh", "reset-password:fresh"]));
    expect(links).not.toContain("confirm-email:old");
    expect(links).not.toContain("reset-password:old");
    const keys = (await connection.db.select({ key: authThrottle.key }).from(authThrottle)).map((r) => r.key);
    expect(keys).toContain("login:ip:fresh");
    expect(keys).not.toContain("login:ip:old");
    expect((await connection.db.select().from(spentCaptchas)).map((r) => r.signature)).toContain("fresh");
    expect((await connection.db.select().from(spentCaptchas)).map((r) => r.signature)).not.toContain("old");
  });
});

describe("safeRedirect", () => {
  it("allows same-site paths only", () => {
    expect(safeRedirect("/nl/customer/orders/?page=2", "/x/")).toBe("/nl/customer/orders/?page=2");
    for (const evil of [
      "//evil.example/",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      undefined,
      "/\t/evil.example",
    ])
      expect(safeRedirect(evil, "/en/customer/account/")).toBe("/en/customer/account/");
  });
});
