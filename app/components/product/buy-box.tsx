import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { openBag } from "~/components/cart/bag-events";
import { useDeferredValidation } from "~/components/forms/deferred-validation";
import { FieldError } from "~/components/forms/field";
import { refreshVisitor } from "~/components/layout/use-visitor";
import type { ProductDetail } from "~/domains/catalog/product.server";
import { type OrderState, variantAvailability } from "~/domains/catalog/product-rules";
import { type FitAnswers, fitShift } from "~/domains/sizing/fit";
import { usePageHref } from "~/routing/use-routing";
import { productMessage } from "./messages";
import { productChecks } from "./product-checks";
import { buttonClass, type ProductActionData, useProductReply } from "./reply";
import { SizeAdvice } from "./size-advice";
import { StockAlertForm as RenderedStockAlertForm } from "./stock-alert-form";

/**
 * Most products have no sold-out size, so the browser loads the stock alert form (and the form controls
 * it alone uses here) only for a page that shows it: the server renders it in place, and the browser
 * keeps that HTML, a working form without JavaScript, until the module has come and hydrated it.
 */
const StockAlertForm = import.meta.env.SSR
  ? RenderedStockAlertForm
  : lazy(() => import("./stock-alert-form").then((module) => ({ default: module.StockAlertForm })));

/** Size choice, add to bag (size required, checked here and on the server) and the stock alert. */
export function BuyBox({
  product,
  orderState,
  fit,
  adviceOffered,
}: {
  product: ProductDetail;
  orderState: OrderState;
  fit: FitAnswers;
  adviceOffered: boolean;
}) {
  const { t } = useTranslation(["product", "cart"]);
  const to = usePageHref();
  const fetcher = useFetcher<ProductActionData>();
  const reply = useProductReply("add", fetcher.data);
  const [chosen, setChosen] = useState<number | null>(null);
  const form = useDeferredValidation(productChecks.add, fetcher, reply, reply?.result.error);
  const legendId = useId();
  const field = { id: "add-to-bag-size", name: "variantId" };
  const error = productMessage(t, form.errors.variantId?.[0]);
  const chosenVariant = product.variants.find((v) => v.id === chosen);
  const chosenSoldOut = chosenVariant !== undefined && chosenVariant.stock <= 0;
  const soldOutSizes = product.variants.filter((v) => v.stock <= 0);
  const canOrder = orderState === "orderable";
  const alertRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (chosenSoldOut) alertRef.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [chosenSoldOut]);

  const showPicker = orderState === "orderable" || orderState === "app-only";
  // The fit note where shoppers' answers say so.
  const shift = fitShift(fit);

  // A successful add opens the bag and the badge counts it, without a page load.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.added) {
      openBag();
      void refreshVisitor();
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <div className="space-y-6">
      {showPicker ? (
        <fetcher.Form {...form.formProps} className="space-y-4">
          <input type="hidden" name="intent" value="add" />
          <fieldset aria-describedby={error ? `${field.id}-error` : undefined}>
            <div className="flex items-end justify-between gap-4">
              <legend id={legendId} className="text-xs font-medium tracking-[0.2em] uppercase">
                {t("size.legend")}
              </legend>
              {adviceOffered ? (
                <SizeAdvice product={product} fit={fit} onChoose={(variantId) => setChosen(variantId)} />
              ) : null}
            </div>
            {shift !== 0 ? (
              <p className="mt-2 text-sm" data-testid="fit-note">
                {t(shift > 0 ? "fit.runsSmall" : "fit.runsLarge")}
              </p>
            ) : null}
            <div className="mt-3 grid grid-cols-[repeat(auto-fill,minmax(3.75rem,1fr))] gap-2">
              {product.variants.map((variant) => {
                const availability = variantAvailability(variant.stock, product.fewLeftThreshold);
                const note =
                  availability === "sold-out"
                    ? t("size.soldOut")
                    : availability === "few-left"
                      ? t("size.onlyLeft", { count: variant.stock })
                      : null;
                return (
                  <label
                    key={variant.id}
                    className="group relative flex min-h-14 cursor-pointer flex-col items-center justify-center border border-line bg-white px-1 py-2 text-center transition-colors hover:border-ink has-checked:border-ink has-checked:bg-ink has-checked:text-paper has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent"
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={variant.id}
                      checked={chosen === variant.id}
                      onChange={() => setChosen(variant.id)}
                      aria-invalid={error ? true : undefined}
                      className="sr-only"
                    />
                    <span
                      className={`text-sm font-medium ${availability === "sold-out" ? "line-through opacity-60" : ""}`}
                    >
                      {variant.size}
                    </span>
                    {note ? (
                      <span
                        className={`mt-0.5 text-[10px] leading-tight ${availability === "few-left" ? "text-sale group-has-checked:text-paper" : "opacity-70"}`}
                      >
                        {note}
                      </span>
                    ) : null}
                  </label>
                );
              })}
            </div>
            <FieldError id={`${field.id}-error`} error={error} />
          </fieldset>
          {chosenSoldOut ? (
            <p className="text-sm text-muted">{t("size.soldOutChosen", { size: chosenVariant.size })}</p>
          ) : canOrder ? (
            <button type="submit" aria-disabled={form.pending || undefined} className={buttonClass}>
              {form.pending ? t("bag.adding") : t("bag.add")}
            </button>
          ) : null}
          <p role="status" className="text-sm text-success empty:hidden">
            {reply?.message && reply.result.status !== "error" ? reply.message : ""}
          </p>
          {reply?.added && !fetcher.data ? (
            // Without JavaScript the bag cannot fly in: a link to it instead.
            <Link to={to("cart")} className="text-sm underline underline-offset-4">
              {t("cart:summary.viewBag")}
            </Link>
          ) : null}
          {form.errors[""]?.[0] ? (
            <p role="alert" className="text-sm text-sale">
              {form.errors[""][0]}
            </p>
          ) : null}
        </fetcher.Form>
      ) : null}
      {soldOutSizes.length > 0 && orderState !== "coming-soon" ? (
        <div ref={alertRef}>
          <Suspense>
            <StockAlertForm
              sizes={soldOutSizes}
              chosen={chosenSoldOut ? chosenVariant.id : undefined}
              open={chosenSoldOut || orderState === "sold-out" || orderState === "available-soon"}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
