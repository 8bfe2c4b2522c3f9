import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { freshDatabase } from "../../../tests/support/database";
import { latestMessages } from "../../domains/notifications/notifications.server";
import type { Connection } from "../../platform/db/db.server";
import { createApi } from "../index.server";

let connection: Connection;
const api = new Hono().route("/api", createApi());
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.request(`/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("account API", () => {
  it("registers with a captcha, confirms with the e-mailed token, then answers a bearer token at login", async () => {
    const body = {
      firstName: "Lucía",
      lastName: "García",
      email: "lucia@example.es",
      password: "contraseña-larga",
      confirmPassword: "contraseña-larga",
      gender: "female",
      newsletter: true,
    };
    const missing = await post("/v1/account/register?locale=es", body);
    expect(missing.status).toBe(400);
    const created = await post("/v1/account/register?locale=es", { ...body, captcha: await solvedCaptcha() });
    expect(created.status).toBe(201);
    expect(created.headers.get("set-cookie")).toBeNull();
    expect(await created.json()).toEqual({
      email: "lucia@example.es",
      message: expect.stringMatching(/e-mail/),
    });

    // Not confirmed yet: the right password gets 403 and the spec's kind of message, in the asked locale.
    const early = await post("/v1/account/login?locale=es", body);
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ messageTranslationKey: "account:login.unconfirmed" });

    const [mail] = await latestMessages({ to: "lucia@example.es", limit: 1 });
    const confirmToken = /confirm=([^"&]+)"/.exec(mail?.html ?? "")![1]!;
    expect((await post("/v1/account/confirm-email?locale=es", { token: "made-up" })).status).toBe(400);
    const confirmed = await post("/v1/account/confirm-email?locale=es", { token: confirmToken });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: "lucia@example.es" });

    const login = await post("/v1/account/login", { email: "lucia@example.es", password: body.password });
    expect(login.status).toBe(200);
    const { token, account } = await login.json();
    expect(account).toMatchObject({
      email: "lucia@example.es",
      gender: "female",
      newsletter: true,
      locale: "es",
    });
    const me = await api.request("/api/v1/account", { headers: { authorization: `Bearer ${token}` } });
    expect((await me.json()).email).toBe("lucia@example.es");

    const again = await post("/v1/account/register?locale=es", { ...body, captcha: await solvedCaptcha() });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ messageTranslationKey: "account:register.exists" });
  });

  it("answers translated messages per field for bad input, and changes nothing", async () => {
    const response = await post("/v1/account/register?locale=nl", {
      firstName: "",
      lastName: "X",
      email: "geen-email",
      password: "kort",
      confirmPassword: "anders",
      captcha: "x",
    });
    expect(response.status).toBe(400);
    const error = await response.json();
    expect(error.details.fields).toMatchObject({
      firstName: ["Dit veld is verplicht"],
      email: ["Dit is geen geldig e-mailadres"],
    });
    expect(error.details.fields.password[0]).toMatch(/8/);
  });

  it("logs in, throttles repeated failures with 429 and Retry-After, and logs out", async () => {
    const ok = await post("/v1/account/login", { email: "lucia@example.es", password: "contraseña-larga" });
    expect(ok.status).toBe(200);
    const { token } = await ok.json();
    for (let i = 0; i < 5; i++)
      expect(
        (await post("/v1/account/login", { email: "lucia@example.es", password: `wrong-${i}` })).status,
      ).toBe(401);
    const throttled = await post("/v1/account/login", {
      email: "lucia@example.es",
      password: "contraseña-larga",
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post("/v1/account/logout", {}, { authorization: `Bearer ${token}` })).status).toBe(204);
    expect(
      (await api.request("/api/v1/account", { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(401);
  });

  it("answers forgot password the same way for known and unknown e-mails", async () => {
    const known = await post("/v1/account/forgot-password?locale=fr", {
      email: "lucia@example.es",
      captcha: await solvedCaptcha(),
    });
    const unknown = await post("/v1/account/forgot-password?locale=fr", {
      email: "x@example.es",
      captcha: await solvedCaptcha(),
    });
    expect(known.status).toBe(202);
    expect(await known.json()).toEqual(await unknown.json());
    expect((await latestMessages({ to: "lucia@example.es" })).map((m) => m.template)).toContain(
      "passwordReset",
    );
  });

  it("documents the account endpoints in the OpenAPI document", async () => {
    const doc = await (await api.request("/api/v1/openapi.json")).json();
    for (const path of [
      "/v1/account",
      "/v1/account/addresses/{id}",
      "/v1/account/login",
      "/v1/account/confirm-email",
      "/v1/captcha",
    ])
      expect(doc.paths[path]).toBeDefined();
  });
});
