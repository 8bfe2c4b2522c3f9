import { z } from "zod";

/** Translation key (namespace `product`) of SPEC §5 "a size must be chosen before adding to bag". */
export const SIZE_REQUIRED = "product:size.required";

/** The add-to-bag form: the browser and the page's action parse it with this one schema. */
export const AddToBagSchema = z.object({
  variantId: z
    .number({ error: SIZE_REQUIRED })
    .int({ error: SIZE_REQUIRED })
    .positive({ error: SIZE_REQUIRED }),
});
