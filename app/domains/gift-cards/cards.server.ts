import { and, eq, sql } from "drizzle-orm";
import { verifyCaptcha } from "../../platform/captcha/captcha.server";
import { db, type Transaction } from "../../platform/db/db.server";
import { transaction } from "../../platform/db/transaction.server";
import { checkGiftCardCode, checkGiftCardPin } from "../../platform/forms/validators";
import { type Refusal, refuse } from "../../platform/refusal";
import { attemptAllowed } from "../../platform/throttle/throttle.server";
import { readSetting, settingValue, shopSetting } from "../content/content.server";
import { availableCents } from "./ledger";
import { hashPin, newCardNumber, newPin, numberHash, pinMatches } from "./secrets.server";
import { type GiftCardSource, type GiftCardStatus, giftCardEntries, giftCards } from "./tables.server";

/** The one answer for "no such card", "wrong PIN" and "locked": none of them tells a guesser anything. */
export const NOT_RECOGNISED = "giftcard:errors.notRecognised";

/** Balance checks per IP and per card number (on top of the captcha and the PIN lock). */
export const balanceCheckRules = {
  ip: { limit: 20, windowSeconds: 60 * 60 },
  card: { limit: 10, windowSeconds: 60 * 60 },
};

export interface IssuedGiftCard {
  id: number;
  /** The full number and PIN: handed out once (e-mail, printed card), null when the key was issued before. */
  number: string | null;
  pin: string | null;
  last4: string;
  amountCents: number;
  validUntil: Date;
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/**
 * Issues a new card worth `amountCents`, valid for the operator's validity *(setting)*. The same
 * idempotency key issues once: sent again, it answers the card without its number and PIN.
 */
export async function issueGiftCard(
  input: {
    amountCents: number;
    source: GiftCardSource;
    idempotencyKey: string;
    orderReference?: string;
    note?: string;
    now?: Date;
    /** A number and PIN known beforehand: the demo card printed at start-up, never a sold one. */
    known?: { number: string; pin: string };
  },
  options: { tx?: Transaction } = {},
): Promise<IssuedGiftCard> {
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0)
    throw new Error("A gift card is issued for a positive number of cents");
  // Inside a caller's transaction the setting is read through it (an embedded database has one connection).
  const { months } = options.tx
    ? settingValue("giftCardValidity", await readSetting("giftCardValidity", { tx: options.tx }))
    : await shopSetting("giftCardValidity");
  const validUntil = addMonths(input.now ?? new Date(), months);
  const pin = input.known?.pin ?? newPin();
  const pinHash = await hashPin(pin);
  return transaction(
    async (tx) => {
      const [existing] = await tx
        .select({
          id: giftCards.id,
          last4: giftCards.last4,
          amountCents: giftCards.initialCents,
          validUntil: giftCards.validUntil,
        })
        .from(giftCardEntries)
        .innerJoin(giftCards, eq(giftCards.id, giftCardEntries.cardId))
        .where(eq(giftCardEntries.idempotencyKey, input.idempotencyKey));
      if (existing) return { ...existing, number: null, pin: null };
      // 10^18 numbers: a clash is all but impossible, and the unique index turns one into a retry.
      for (;;) {
        const number = input.known?.number ?? newCardNumber();
        const [card] = await tx
          .insert(giftCards)
          .values({
            numberHash: numberHash(number),
            last4: number.slice(-4),
            pinHash,
            initialCents: input.amountCents,
            balanceCents: input.amountCents,
            source: input.source,
            orderReference: input.orderReference ?? null,
            validUntil,
          })
          .onConflictDoNothing()
          .returning({ id: giftCards.id });
        if (!card) {
          if (input.known) throw new Error("a card with this number exists already");
          continue;
        }
        await tx.insert(giftCardEntries).values({
          cardId: card.id,
          kind: "issue",
          amountCents: input.amountCents,
          reference: input.orderReference ?? null,
          note: input.note ?? null,
          idempotencyKey: input.idempotencyKey,
        });
        return {
          id: card.id,
          number,
          pin,
          last4: number.slice(-4),
          amountCents: input.amountCents,
          validUntil,
        };
      }
    },
    { on: options.tx },
  );
}

export interface RecognisedCard {
  id: number;
  last4: string;
  availableCents: number;
  validUntil: Date;
  status: GiftCardStatus;
  expired: boolean;
}

// A PIN hash to check against when no card has the number, so both answers take as long.
let decoyHash: Promise<string> | undefined;

/**
 * Finds a card by number and PIN. Wrong PINs count; at the limit *(setting)* the card is locked for a
 * while, and while it is locked even the right PIN is refused. Every "no" is the same refusal.
 */
export async function recogniseGiftCard(input: {
  number: string;
  pin: string;
}): Promise<RecognisedCard | Refusal> {
  const number = checkGiftCardCode(input.number);
  const pin = checkGiftCardPin(input.pin);
  if (!number.ok) return refuse.invalid(NOT_RECOGNISED, {}, "number");
  if (!pin.ok) return refuse.invalid(NOT_RECOGNISED, {}, "pin");
  const [card] = await db()
    .select({
      id: giftCards.id,
      last4: giftCards.last4,
      pinHash: giftCards.pinHash,
      balanceCents: giftCards.balanceCents,
      heldCents: giftCards.heldCents,
      validUntil: giftCards.validUntil,
      status: giftCards.status,
      locked: sql<boolean>`coalesce(${giftCards.lockedUntil} > now(), false)`,
    })
    .from(giftCards)
    .where(eq(giftCards.numberHash, numberHash(number.value)));
  if (!card) {
    decoyHash ??= hashPin("000000");
    await pinMatches(pin.value, await decoyHash);
    return refuse.invalid(NOT_RECOGNISED, {}, "number");
  }
  if (card.locked) return refuse.invalid(NOT_RECOGNISED, {}, "number");
  if (!(await pinMatches(pin.value, card.pinHash))) {
    const lock = await shopSetting("giftCardPinLock");
    // One statement: parallel wrong guesses each count, and the one that reaches the limit locks.
    await db()
      .update(giftCards)
      .set({
        failedPins: sql`case when ${giftCards.failedPins} + 1 >= ${lock.attempts} then 0 else ${giftCards.failedPins} + 1 end`,
        lockedUntil: sql`case when ${giftCards.failedPins} + 1 >= ${lock.attempts}
          then now() + make_interval(mins => ${lock.minutes}) else ${giftCards.lockedUntil} end`,
      })
      .where(eq(giftCards.id, card.id));
    return refuse.invalid(NOT_RECOGNISED, {}, "number");
  }
  await db()
    .update(giftCards)
    .set({ failedPins: 0 })
    .where(and(eq(giftCards.id, card.id), sql`${giftCards.failedPins} > 0`));
  return {
    id: card.id,
    last4: card.last4,
    availableCents: availableCents(card),
    validUntil: card.validUntil,
    status: card.status,
    expired: card.validUntil.getTime() <= Date.now(),
  };
}

/**
 * The balance checker (`/saldo-checker/`, the app's balance call): a solved captcha, at most a few
 * checks per IP and per number an hour, then number + PIN → balance and valid-until.
 */
export async function checkGiftCardBalance(
  input: { number: string; pin: string; captcha?: string },
  meta: { ip: string },
): Promise<RecognisedCard | Refusal> {
  const captcha = await verifyCaptcha(input.captcha);
  if (captcha !== "ok") return refuse.invalid(`account:captcha.${captcha}`, undefined, "captcha");
  if (!(await attemptAllowed(`gift-card-check:ip:${meta.ip}`, balanceCheckRules.ip)))
    return refuse.tooMany("giftcard:errors.tooMany");
  const number = checkGiftCardCode(input.number);
  if (
    number.ok &&
    !(await attemptAllowed(`gift-card-check:card:${numberHash(number.value)}`, balanceCheckRules.card))
  )
    return refuse.tooMany("giftcard:errors.tooMany");
  return recogniseGiftCard(input);
}
