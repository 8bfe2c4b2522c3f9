// The guest order lookup of the returns page and the order API (docs/decisions/0023).
import { type Refusal, refuse } from "../../platform/refusal";
import {
  attemptAllowed,
  countAttempt,
  retryAfter,
  type ThrottleRule,
} from "../../platform/throttle/throttle.server";
import type { GuestOrderLookupInput } from "./validation";
import { type OrderDetail, orderForGuest } from "./views.server";

const throttleRules = {
  /** Guest order lookups per IP: slows down trying order numbers from one place. */
  orderLookupIp: { limit: 20, windowSeconds: 15 * 60 },
  /** Failed lookups per order number: slows down guessing the e-mail address of one order. */
  orderLookupNumber: { limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, ThrottleRule>;

/**
 * A guest's order by number and e-mail. "No such order" and "wrong e-mail" give the same answer;
 * lookups are throttled per IP and failures per order number, so neither numbers nor the e-mail of a
 * known number can be tried out. Throttled: "too many", with the seconds to wait (`retryAfterSeconds`).
 */
export async function lookUpGuestOrder(
  input: GuestOrderLookupInput,
  context: { ip: string },
): Promise<OrderDetail | Refusal> {
  const ipKey = `order-lookup:ip:${context.ip}`;
  const numberKey = `order-lookup:number:${input.number}`;
  const waitNumber = await retryAfter(numberKey, throttleRules.orderLookupNumber);
  if (waitNumber > 0) return refuse.tooMany("account:throttled", { retryAfterSeconds: waitNumber });
  if (!(await attemptAllowed(ipKey, throttleRules.orderLookupIp)))
    return refuse.tooMany("account:throttled", {
      retryAfterSeconds: await retryAfter(ipKey, throttleRules.orderLookupIp),
    });
  const order = await orderForGuest(input.number, input.email);
  if (!order) {
    await countAttempt(numberKey, throttleRules.orderLookupNumber);
    return refuse.notFound("myorders:lookup.notFound");
  }
  return order;
}
