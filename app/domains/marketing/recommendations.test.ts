import { describe, expect, it } from "vitest";
import { placedOrder } from "../../../tests/support/factories";
import { orderingDatabase } from "../../../tests/support/ordering";
import { newGuestToken } from "../../platform/http/guest-token.server";
import { addToCart } from "../cart/cart.server";
import { coPurchasedPairs } from "../orders/orders.server";
import { computeAffinities, recommendations, recordRecommendationView } from "./marketing.server";

const world = orderingDatabase();

describe("recommendations", () => {
  it("without consent: the categories' best sellers, never the product itself, nothing about the visitor", async () => {
    const { size } = world.state;
    const result = await recommendations("nl", [size.productId], { personalised: false });
    expect(result.personalised).toBe(false);
    expect(result.products.map((p) => p.id)).not.toContain(size.productId);
    expect(result.products.every((p) => p.stock > 0)).toBe(true);
  });

  it("with consent: neighbours by co-purchases and co-views, computed by the job, first", async () => {
    const { size, otherSize } = world.state;
    const cart = { token: newGuestToken() };
    await addToCart(cart, { variantId: otherSize.id, quantity: 1 }, "web");
    await placedOrder({ variantId: size.id, email: "pair@example.nl", cart, paid: true });
    expect(await coPurchasedPairs()).toEqual(
      expect.arrayContaining([{ a: size.productId, b: otherSize.productId, n: 1 }]),
    );
    await recordRecommendationView("session-one-abcdefgh", size.productId);
    await recordRecommendationView("session-one-abcdefgh", otherSize.productId);
    await recordRecommendationView("session-one-abcdefgh", otherSize.productId);
    const computed = await computeAffinities();
    expect(computed.pairs).toBeGreaterThanOrEqual(2);
    const result = await recommendations("nl", [size.productId], { personalised: true });
    expect(result.personalised).toBe(true);
    expect(result.products[0]!.id).toBe(otherSize.productId);
    expect(new Set(result.products.map((p) => p.id)).size).toBe(result.products.length);
    // The same request without consent does not use them.
    const anonymous = await recommendations("nl", [size.productId], { personalised: false });
    expect(anonymous.personalised).toBe(false);
  });
});
