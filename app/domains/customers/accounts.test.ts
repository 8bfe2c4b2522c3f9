import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../../tests/support/captcha";
import {
  confirmationToken,
  cookieOf,
  registeredCustomer,
  registerUnconfirmed,
  requestMeta,
} from "../../../tests/support/customers";
import { freshDatabase } from "../../../tests/support/database";
import { accepted } from "../../../tests/support/refusals";
import { session, user, verification } from "../../platform/auth/tables.server";
import type { Connection } from "../../platform/db/db.server";
import { parseShopForm } from "../../platform/forms/submission";
import { isRefusal, type Refusal } from "../../platform/refusal";
import { latestMessages } from "../notifications/notifications.server";
import {
  changePassword,
  confirmEmail,
  registerCustomer,
  requestPasswordReset,
  resetPassword,
  resetTokenUsable,
  signIn,
} from "./customers.server";
import { throttleRules } from "./throttle-rules";
import { RegisterSchema, safeRedirect } from "./validation";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

/** Conform's submission, read loosely: the messages per field, or the parsed value. */
const loose = (submission: unknown) =>
  submission as { status?: string; error?: Record<string, string[] | null>; value?: Record<string, unknown> };
const meta = requestMeta;
const register = registeredCustomer;

describe("registration", () => {
  it("creates the account with its fields and e-mails the confirmation link in the page's language, signing nobody in", async () => {
    const outcome = await registerUnconfirmed("Anna@Example.nl");
    expect(outcome).toEqual({ userId: expect.any(String), email: "anna@example.nl" });
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
    expect(await signIn({ email: "anna@example.nl", password: "wrong-password" }, meta())).toMatchObject({
      messageKey: "account:login.invalid",
    });
    // Only the right password learns that the address waits for confirmation, and gets a fresh link.
    expect(await signIn({ email: "anna@example.nl", password: "a-long-password" }, meta())).toMatchObject({
      messageKey: "account:login.unconfirmed",
    });
    const [reminder] = await latestMessages({ to: "anna@example.nl", limit: 1 });
    expect(reminder).toMatchObject({ template: "confirmEmail", locale: "fr" });
    const second = await confirmationToken("anna@example.nl");
    expect(second).not.toBe(first);

    expect(await confirmEmail(first)).toEqual({ email: "anna@example.nl" });
    // Used once, and the other link of the same customer went with it.
    expect(await confirmEmail(first)).toMatchObject({ messageKey: "account:confirm.invalid" });
    expect(await confirmEmail(second)).toMatchObject({ messageKey: "account:confirm.invalid" });
    const signedIn = await signIn({ email: "anna@example.nl", password: "a-long-password" }, meta());
    expect(accepted(signedIn).setCookies.join()).toContain("session_token");
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
    expect(await confirmEmail(token)).toMatchObject({ messageKey: "account:confirm.invalid" });
    expect(await confirmEmail("made-up")).toMatchObject({ messageKey: "account:confirm.invalid" });
    expect(await confirmEmail("")).toMatchObject({ messageKey: "account:confirm.invalid" });
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
      answers.push(isRefusal(outcome) ? outcome.messageKey : "signed in");
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
    expect(await resetPassword({ token, password: "second-password" })).toBeUndefined();
    expect(
      isRefusal(
        await signIn({ email: "forgetful@example.nl", password: "second-password" }, meta("203.0.113.77")),
      ),
    ).toBe(false);
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
    expect(outcome).toMatchObject({ messageKey: "account:register.exists" });
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
    expect(await registerCustomer(input, meta())).toMatchObject({ messageKey: "account:captcha.missing" });
    expect(await registerCustomer({ ...input, captcha: "Zm9v" }, meta())).toMatchObject({
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
    expect(isRefusal(await signIn({ email: "ANNA@example.nl", password: "a-long-password" }, meta()))).toBe(
      false,
    );
    expect(await signIn({ email: "anna@example.nl", password: "wrong-password" }, meta())).toMatchObject({
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
    expect(outcome).toMatchObject({ messageKey: "account:throttled" });
    expect((outcome as Refusal).values.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("throttles an IP that tries many accounts", async () => {
    for (let i = 0; i < throttleRules.loginIp.limit; i++)
      await signIn({ email: `nobody${i}@example.nl`, password: "guess" }, meta("192.0.2.200"));
    expect(
      await signIn({ email: "anna@example.nl", password: "a-long-password" }, meta("192.0.2.200")),
    ).toMatchObject({ messageKey: "account:throttled" });
    expect(
      isRefusal(await signIn({ email: "anna@example.nl", password: "a-long-password" }, meta("192.0.2.201"))),
    ).toBe(false);
  });
});

describe("password reset", () => {
  it("answers the same for unknown e-mails and sends nothing", async () => {
    expect(
      await requestPasswordReset({ email: "ghost@example.nl", captcha: await solvedCaptcha() }, meta()),
    ).toBeUndefined();
    expect(await latestMessages({ to: "ghost@example.nl" })).toEqual([]);
  });

  it("e-mails a single-use link in the customer's language that ends every session", async () => {
    const { setCookies } = await register("reset@example.nl", "old-password-1");
    expect(
      await requestPasswordReset(
        { email: "reset@example.nl", captcha: await solvedCaptcha() },
        { locale: "en", ip: "203.0.113.9" },
      ),
    ).toBeUndefined();
    const [mail] = await latestMessages({ to: "reset@example.nl", limit: 1 });
    expect(mail).toMatchObject({ template: "passwordReset", locale: "fr" });
    const link = /href="([^"]*\/fr\/reset-password\/\?token=([^"&]+))"/.exec(mail!.html ?? "");
    expect(link).not.toBeNull();
    const token = link![2]!;
    expect(await resetTokenUsable(token)).toBe(true);

    expect(await resetPassword({ token, password: "new-password-2" })).toBeUndefined();
    expect(await resetPassword({ token, password: "new-password-3" })).toMatchObject({
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
      isRefusal(
        await signIn({ email: "reset@example.nl", password: "old-password-1" }, meta("203.0.113.50")),
      ),
    ).toBe(true);
    expect(
      isRefusal(
        await signIn({ email: "reset@example.nl", password: "new-password-2" }, meta("203.0.113.50")),
      ),
    ).toBe(false);
  });

  it("refuses an unknown token", async () => {
    expect(await resetPassword({ token: "made-up", password: "new-password-2" })).toMatchObject({
      messageKey: "account:reset.invalidToken",
    });
  });

  it("changes the password only with the current one", async () => {
    const { setCookies } = await register("change@example.nl", "first-password");
    const headers = new Headers({ cookie: cookieOf(setCookies) });
    expect(
      await changePassword(headers, { currentPassword: "wrong-one", password: "second-password" }),
    ).toMatchObject({ messageKey: "account:password.wrongCurrent" });
    expect(
      isRefusal(
        await changePassword(headers, { currentPassword: "first-password", password: "second-password" }),
      ),
    ).toBe(false);
    expect(
      isRefusal(
        await signIn({ email: "change@example.nl", password: "second-password" }, meta("203.0.113.60")),
      ),
    ).toBe(false);
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
