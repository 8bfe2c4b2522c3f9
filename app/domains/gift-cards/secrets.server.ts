import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
} from "node:crypto";
import { promisify } from "node:util";
import { env } from "../../platform/env.server";
import { luhnCheckDigit } from "../../platform/forms/validators";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  keylen: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/** 18 digits from the CSPRNG and a Luhn check digit: 10^18 numbers, not guessable, one typo caught. */
export function newCardNumber(): string {
  let payload = String(randomInt(1, 10)); // no leading 0: the number reads as 19 digits everywhere
  while (payload.length < 18) payload += String(randomInt(0, 10));
  return `${payload}${luhnCheckDigit(payload)}`;
}

export function newPin(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

const numberKey = () => createHash("sha256").update(`${env().SESSION_SECRET}:gift-card-number`).digest();

/**
 * The stored form of a number (PRODUCT.md: a keyed hash): finds the card by its number, and a copy of
 * the table alone does not give the numbers back (10^18 of them, but the key makes even that moot).
 */
export function numberHash(number: string): string {
  return createHmac("sha256", numberKey()).update(number).digest("hex");
}

// scrypt with a cost that takes a few milliseconds: a PIN has only 10^6 values, so the hash alone does not
// protect it; the lock after 5 wrong PINs and the keyed number hash do.
const PIN_COST = { N: 2 ** 14, r: 8, p: 1 };

export async function hashPin(pin: string): Promise<string> {
  const salt = String(randomInt(0, 2 ** 47)).padStart(15, "0");
  const hash = await scryptAsync(pin, salt, 32, PIN_COST);
  return `scrypt$${salt}$${hash.toString("hex")}`;
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [, salt, hex] = stored.split("$");
  if (!salt || !hex) return false;
  const hash = await scryptAsync(pin, salt, 32, PIN_COST);
  const expected = Buffer.from(hex, "hex");
  return expected.length === hash.length && timingSafeEqual(expected, hash);
}

const sealKey = () => createHash("sha256").update(`${env().SESSION_SECRET}:gift-card-seal`).digest();

/**
 * Seals a sold card's number and PIN until the dispatch job sends them (AES-256-GCM, a key derived from
 * SESSION_SECRET like the number hash): the only place a full number waits, and only until it is sent.
 */
export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64url")).join(".");
}

export function unseal(sealed: string): string {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", sealKey(), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
}
