import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { captchaChallenge } from "../../app/platform/captcha/captcha.server";

/** What the ALTCHA widget posts once it solved a challenge: base64 JSON of the challenge and solution. */
export async function solvedCaptcha(): Promise<string> {
  const challenge = await captchaChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
