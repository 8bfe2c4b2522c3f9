import type { DeferredCheck } from "~/components/forms/deferred-validation";

const load = () => import("./validate-forms");

function productCheck(intent: "add" | "stock-alert"): DeferredCheck {
  return { load, validate: async (formData) => (await load()).validateProductForm(intent, formData) };
}

/** The product page's two forms, checked with the action's schemas (loaded on first use). */
export const productChecks = { add: productCheck("add"), "stock-alert": productCheck("stock-alert") };
