import { createHash } from "node:crypto";
import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt, sql } from "drizzle-orm";
import { db } from "../db/db.server";
import { env } from "../env.server";
import { spentCaptchas } from "./tables.server";

/**
 * The ALTCHA captcha (ARCHITECTURE.md: self-hosted proof of work, no outside service). The server signs a
 * challenge; the browser's widget searches for the counter that solves it (a second or two on a phone)
 * and posts the solution with the form; the server checks the signature and the work, and remembers the
 * solution so it serves one submission only. Nothing about the visitor is stored or sent anywhere.
 */

const ALGORITHM = "PBKDF2/SHA-256";
/** PBKDF2 iterations per attempt and the range of attempts: about 1–3 s of a phone's time. */
const COST = 1_000;
const COUNTER = [1_000, 4_000] as const;
const VALID_SECONDS = 10 * 60;

// Derived from the session secret: one secret to set for all replicas, two independent keys.
const secret = (purpose: string) =>
  createHash("sha256").update(`${env().SESSION_SECRET}:altcha:${purpose}`).digest("hex");

/** A fresh signed challenge for the widget (GET /api/v1/captcha). */
export async function captchaChallenge() {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER[0], COUNTER[1]),
    deriveKey,
    expiresAt: new Date(Date.now() + VALID_SECONDS * 1000),
    hmacSignatureSecret: secret("signature"),
    hmacKeySignatureSecret: secret("key"),
  });
}

export type CaptchaOutcome = "ok" | "missing" | "invalid";

/**
 * Checks the widget's payload (base64 JSON of challenge + solution) and spends it. `missing` when the
 * form came without one (no JavaScript, or sent before the check finished), `invalid` when forged,
 * expired or used before.
 */
export async function verifyCaptcha(payload: unknown): Promise<CaptchaOutcome> {
  if (typeof payload !== "string" || payload === "") return "missing";
  let parsed: {
    challenge?: { signature?: unknown; parameters?: { expiresAt?: number } };
    solution?: unknown;
  };
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return "invalid";
  }
  const signature = parsed.challenge?.signature;
  if (!parsed.challenge || !parsed.solution || typeof signature !== "string") return "invalid";
  try {
    const result = await verifySolution({
      challenge: parsed.challenge as never,
      solution: parsed.solution as never,
      deriveKey,
      hmacSignatureSecret: secret("signature"),
      hmacKeySignatureSecret: secret("key"),
    });
    if (!result.verified) return "invalid";
  } catch {
    return "invalid";
  }
  const expiresAt = new Date(
    (parsed.challenge.parameters?.expiresAt ?? Date.now() / 1000 + VALID_SECONDS) * 1000,
  );
  const spent = await db()
    .insert(spentCaptchas)
    .values({ signature, expiresAt })
    .onConflictDoNothing()
    .returning({ signature: spentCaptchas.signature });
  return spent.length === 1 ? "ok" : "invalid";
}

/** Drops spent solutions whose challenge expired anyway (they could not be replayed any more). */
export async function forgetExpiredCaptchas(): Promise<void> {
  await db().delete(spentCaptchas).where(lt(spentCaptchas.expiresAt, sql`now()`));
}
