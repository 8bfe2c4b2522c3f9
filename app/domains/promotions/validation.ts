import { z } from "zod";
import * as rules from "../../platform/forms/rules";

/** The discount-code field of the checkout and `POST /api/v1/checkout/discount-code`. */
export const DiscountCodeSchema = z.object({
  code: rules.required({ max: 40, label: "checkout:discount.label" }),
});
