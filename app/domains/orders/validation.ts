import { z } from "zod";
import * as rules from "../../platform/forms/rules";
import { ORDER_NUMBER } from "./numbers";

/**
 * The guest order lookup (order number + the e-mail it was placed with). Client-safe: the form validates
 * with it in the browser and the server again.
 */
export const GuestOrderLookupSchema = z.object({
  number: rules.pattern(ORDER_NUMBER, { label: "myorders:lookup.number", example: "123456789" }),
  email: rules.email(),
});

export type GuestOrderLookupInput = z.infer<typeof GuestOrderLookupSchema>;
