import { type Translate, translateMessage } from "~/platform/forms/messages";

/**
 * The text of a form message on the product page: shared validation messages (`forms:validation.*`), the
 * product namespace's own keys (`product:…`) and the sizing domain's keys (`sizing.*`, kept in `product`).
 */
export function productMessage(t: Translate, text: string | undefined, label?: string): string | undefined {
  if (!text) return undefined;
  if (text.startsWith("product:") || text.startsWith("cart:")) return t(text, {});
  if (text.startsWith("sizing.")) return t(`product:${text}`, {});
  return translateMessage(t, text, { label });
}
