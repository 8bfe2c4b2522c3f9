import { issueGiftCard } from "../domains/gift-cards/gift-cards.server";
import { demoGiftCard } from "./demo-gift-card";

/** Issues the demo card once (its idempotency key makes later starts a no-op). Answers whether it did. */
export async function seedDemoGiftCard(): Promise<boolean> {
  const issued = await issueGiftCard({
    amountCents: demoGiftCard.amountCents,
    source: "demo",
    idempotencyKey: "demo-gift-card",
    known: { number: demoGiftCard.number, pin: demoGiftCard.pin },
  });
  return issued.number !== null;
}
