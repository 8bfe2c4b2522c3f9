import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../../../tests/support/captcha";
import { freshDatabase } from "../../../tests/support/database";
import type { Connection } from "../db/db.server";
import { captchaChallenge, verifyCaptcha } from "./captcha.server";

let connection: Connection;
beforeAll(async () => {
  connection = await freshDatabase();
});
afterAll(() => connection.close());

describe("captcha", () => {
  it("accepts a solved challenge once", async () => {
    const payload = await solvedCaptcha();
    expect(await verifyCaptcha(payload)).toBe("ok");
    expect(await verifyCaptcha(payload)).toBe("invalid");
  });

  it("refuses missing, garbled and tampered payloads", async () => {
    expect(await verifyCaptcha(undefined)).toBe("missing");
    expect(await verifyCaptcha("")).toBe("missing");
    expect(await verifyCaptcha("not base64 json")).toBe("invalid");
    const payload = JSON.parse(Buffer.from(await solvedCaptcha(), "base64").toString("utf8"));
    payload.solution.derivedKey = "00".repeat(32);
    expect(await verifyCaptcha(Buffer.from(JSON.stringify(payload)).toString("base64"))).toBe("invalid");
    const challenge = await captchaChallenge();
    const unsolved = { challenge, solution: { counter: 1, derivedKey: "00" } };
    expect(await verifyCaptcha(Buffer.from(JSON.stringify(unsolved)).toString("base64"))).toBe("invalid");
  });
});
