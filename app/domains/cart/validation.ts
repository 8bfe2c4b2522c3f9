import { z } from "zod";

/** More of one size than this in one bag is not a shopper's order. */
export const MAX_LINE_QUANTITY = 20;

/** Translation keys (namespace `cart`) of the cart forms' own messages. */
export const cartMessageKeys = {
  sizeRequired: "cart:errors.sizeRequired",
  quantity: "cart:errors.quantity",
  line: "cart:errors.removeFailed",
} as const;

const id = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message });
const quantity = z
  .number({ error: cartMessageKeys.quantity })
  .int({ error: cartMessageKeys.quantity })
  .min(1, { error: cartMessageKeys.quantity })
  .max(MAX_LINE_QUANTITY, { error: cartMessageKeys.quantity });

/** Add a size to the bag (`POST /api/v1/cart/lines`; the product page uses the catalogue's AddToBag form). */
export const AddLineSchema = z.object({
  variantId: id(cartMessageKeys.sizeRequired),
  quantity: quantity.default(1),
});

/** The quantity stepper of a cart line. */
export const SetQuantitySchema = z.object({ lineId: id(cartMessageKeys.line), quantity });

/** The remove button of a cart line. */
export const RemoveLineSchema = z.object({ lineId: id(cartMessageKeys.line) });
