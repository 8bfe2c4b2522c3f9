import { BellRing } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Select, TextInput } from "~/components/forms/controls";
import { useDeferredValidation } from "~/components/forms/deferred-validation";
import { Field } from "~/components/forms/field";
import type { ProductVariant } from "~/domains/catalog/product.server";
import { productMessage } from "./messages";
import { productChecks } from "./product-checks";
import { buttonClass, type ProductActionData, useProductReply } from "./reply";

/**
 * "Sold out in your size?": e-mail and/or phone for one sold-out size. A disclosure that works without
 * JavaScript (a plain POST to the page's action); open from the start when the whole product is sold out.
 */
export function StockAlertForm({
  sizes,
  chosen,
  open,
}: {
  sizes: ProductVariant[];
  chosen?: number;
  open: boolean;
}) {
  const { t } = useTranslation("product");
  const fetcher = useFetcher<ProductActionData>();
  const reply = useProductReply("stock-alert", fetcher.data);
  // Open at first when the whole product is sold out; later opened from here, closed only by the shopper.
  const [initiallyOpen] = useState(open || reply !== undefined);
  const details = useRef<HTMLDetailsElement>(null);
  const [size, setSize] = useState<string>(
    chosen ? String(chosen) : sizes.length === 1 ? String(sizes[0]!.id) : "",
  );
  useEffect(() => {
    if ((open || reply) && details.current) details.current.open = true;
  }, [open, reply]);
  useEffect(() => {
    if (chosen) setSize(String(chosen));
  }, [chosen]);
  const form = useDeferredValidation(productChecks["stock-alert"], fetcher, reply, reply?.result.error);
  const fields = {
    variantId: { id: "stock-alert-size", name: "variantId" },
    email: { id: "stock-alert-email", name: "email" },
    phone: { id: "stock-alert-phone", name: "phone" },
  };
  const previous = (reply?.result.initialValue ?? {}) as Record<string, unknown>;
  const labels = {
    variantId: t("stockAlert.size"),
    email: t("stockAlert.email"),
    phone: t("stockAlert.phone"),
  };
  const error = (name: keyof typeof labels) =>
    productMessage(t, form.errors[name]?.[0] ?? undefined, labels[name]);
  // Only a successful sign-up carries a message (a reply that resets the form has no status).
  const done = reply?.message;
  const failed = form.errors[""]?.[0];

  return (
    <details ref={details} open={initiallyOpen} className="group border border-line bg-white">
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-3 px-4 text-sm font-medium [&::-webkit-details-marker]:hidden">
        <BellRing aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.5} />
        {t("stockAlert.title")}
      </summary>
      <div className="border-t border-line px-4 pt-4 pb-5">
        {done ? (
          <p role="status" className="text-sm text-success">
            {reply.message}
          </p>
        ) : (
          <fetcher.Form {...form.formProps} className="space-y-4">
            <input type="hidden" name="intent" value="stock-alert" />
            <p className="text-sm text-muted">{t("stockAlert.intro")}</p>
            <Field id={fields.variantId.id} label={labels.variantId} required error={error("variantId")}>
              {(control) => (
                <Select
                  name={fields.variantId.name}
                  value={size}
                  onChange={(event) => setSize(event.target.value)}
                  placeholder={t("stockAlert.chooseSize")}
                  {...control}
                >
                  {sizes.map((variant) => (
                    <option key={variant.id} value={variant.id}>
                      {variant.size}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field id={fields.email.id} label={labels.email} error={error("email")}>
              {(control) => (
                <TextInput
                  type="email"
                  name={fields.email.name}
                  defaultValue={typeof previous.email === "string" ? previous.email : undefined}
                  autoComplete="email"
                  {...control}
                />
              )}
            </Field>
            <Field
              id={fields.phone.id}
              label={labels.phone}
              description={t("stockAlert.phoneHelp")}
              error={error("phone")}
            >
              {(control) => (
                <TextInput
                  type="tel"
                  name={fields.phone.name}
                  defaultValue={typeof previous.phone === "string" ? previous.phone : undefined}
                  autoComplete="tel"
                  {...control}
                />
              )}
            </Field>
            <button type="submit" aria-disabled={form.pending || undefined} className={buttonClass}>
              {t("stockAlert.submit")}
            </button>
            {failed ? (
              <p role="alert" className="text-sm text-sale">
                {failed}
              </p>
            ) : null}
          </fetcher.Form>
        )}
      </div>
    </details>
  );
}
