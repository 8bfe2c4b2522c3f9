import { z } from "zod";
import * as rules from "../../platform/forms/rules";
import { luhnCheckDigit } from "../../platform/forms/validators";
import { idealIssuers } from "./methods";

/**
 * The sandbox PSP's hosted-page forms (client-safe: the browser validates with the same schemas as the
 * server). Field names that match the submission's sensitive pattern (cardNumber, cvc, pin) are never
 * echoed back in a reply.
 */
export const cardFormSchema = z
  .object({
    holder: rules.cardHolder(),
    cardNumber: rules.cardNumber(),
    month: rules.cardMonth(),
    year: rules.cardYear(),
    cvc: rules.cvc(),
  })
  .check(rules.cardNotExpired({ month: "month", year: "year" }));

const issuerIds = idealIssuers.map((issuer) => issuer.id) as [string, ...string[]];
export const idealFormSchema = z.object({ issuer: rules.choice(issuerIds) });

/** Fashioncheque: the 19-digit number on the card (Luhn-checked, like a gift card) and its 6-digit PIN. */
export const fashionchequeFormSchema = z.object({
  cardNumber: rules.giftCardCode(),
  pin: rules.giftCardPin(),
});

export const decisionIntents = ["approve", "decline", "cancel", "expire"] as const;
export type DecisionIntent = (typeof decisionIntents)[number];

/** Test data shown on the sandbox page, valid for its checks. */
export const sandboxTestData = {
  card: "4111 1111 1111 1111",
  fashioncheque: `6064 3600 0000 0000 00${luhnCheckDigit("606436000000000000")}`,
  fashionchequePin: "123456",
};
