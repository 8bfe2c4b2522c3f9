import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { card, primaryButton } from "~/components/account/styles";
import { FormErrorSummary, SelectField } from "~/components/forms/conform-fields";
import { Select } from "~/components/forms/controls";
import type { ReturnOptions } from "~/domains/returns/returns.server";
import { ReturnRequestSchema, returnMethods, returnReasons } from "~/domains/returns/validation";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { formatMoney, money } from "~/platform/money";
import { useRouting } from "~/routing/use-routing";
import { useOrderDate } from "../orders/order-detail";

/**
 * The return form of the customer's order page and of a guest's lookup: a quantity per line (0 keeps it),
 * a reason for each line sent back, the way back. Works without JavaScript; the shared schema validates
 * in the browser and on the server, which also checks what is left and the window.
 */
export function ReturnForm({
  options,
  email,
  lastResult,
}: {
  options: ReturnOptions;
  /** A guest's order e-mail, sent along so the server can check it again. */
  email?: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation(["returns", "forms"]);
  const { locale } = useRouting();
  const date = useOrderDate();
  const [sending, setSending] = useState(false);
  const [method, setMethod] = useState<string>("drop-off");
  const shop = useShopForm({
    schema: ReturnRequestSchema,
    id: "return-request",
    lastResult,
    pending: sending,
    onValidSubmit: () => setSending(true),
  });
  const labels: Record<string, string> = { method: t("form.method") };
  options.lines.forEach((_, index) => {
    labels[`lines[${index}].quantity`] = t("form.quantity");
    labels[`lines[${index}].reason`] = t("form.reason");
  });
  return (
    <Form method="post" reloadDocument {...shop.formProps} className="space-y-6">
      <input type="hidden" name="intent" value="return" />
      <input type="hidden" name="number" value={options.orderNumber} />
      {email ? <input type="hidden" name="email" value={email} /> : null}
      <p className="text-muted">{t("form.intro", { date: date(options.returnWindow.closesAt!) })}</p>
      <FormErrorSummary form={shop} labels={labels} />
      <ul className="space-y-4">
        {options.lines.map((line, index) => (
          <li key={line.orderLineId} className={`${card} grid gap-4 desktop:grid-cols-[96px_1fr_1fr]`}>
            <input type="hidden" name={`lines[${index}].orderLineId`} value={line.orderLineId} />
            {line.imageUrl ? (
              <img
                src={line.imageUrl}
                alt=""
                width={96}
                height={128}
                className="hidden aspect-[3/4] w-24 object-cover desktop:block"
              />
            ) : (
              <span className="hidden desktop:block" />
            )}
            <div>
              <p className="font-medium" id={`line-${line.orderLineId}`}>
                {t("form.line", { name: line.name, size: line.size })}
              </p>
              <p className="text-sm text-muted">
                {t("form.bought", { count: line.bought })} ·{" "}
                {line.left > 0 ? t("form.left", { count: line.left }) : t("form.noneLeft")}
              </p>
            </div>
            {line.left > 0 ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <label className="block text-sm" htmlFor={`return-qty-${line.orderLineId}`}>
                  <span className="mb-1 block font-medium">{t("form.quantity")}</span>
                  <Select
                    id={`return-qty-${line.orderLineId}`}
                    name={`lines[${index}].quantity`}
                    defaultValue="0"
                    aria-describedby={`line-${line.orderLineId}`}
                  >
                    {Array.from({ length: line.left + 1 }, (_, n) => String(n)).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </Select>
                </label>
                <SelectField
                  meta={shop.field(`lines[${index}].reason`)}
                  label={t("form.reason")}
                  placeholder={t("form.chooseReason")}
                >
                  {returnReasons.map((reason) => (
                    <option key={reason} value={reason}>
                      {t(`reasons.${reason}`)}
                    </option>
                  ))}
                </SelectField>
                {method === "exchange" && line.otherSizes.length > 0 ? (
                  <label className="block text-sm sm:col-span-2" htmlFor={`return-size-${line.orderLineId}`}>
                    <span className="mb-1 block font-medium">{t("form.exchangeSize")}</span>
                    <Select id={`return-size-${line.orderLineId}`} name={`lines[${index}].exchangeVariantId`}>
                      {line.otherSizes.map((s) => (
                        <option key={s.variantId} value={s.variantId} disabled={!s.inStock}>
                          {s.size}
                        </option>
                      ))}
                    </Select>
                  </label>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium">{t("form.method")}</legend>
        {returnMethods.map((m) => (
          <label key={m} className="flex min-h-11 items-center gap-3">
            <input
              type="radio"
              name="method"
              value={m}
              checked={method === m}
              onChange={() => setMethod(m)}
              className="size-4 accent-ink"
            />
            {t(`methods.${m}`)}
          </label>
        ))}
      </fieldset>
      {options.canUseWallet ? (
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" name="refundToWallet" value="on" className="size-4 accent-ink" />
          {t("form.refundToWallet")}
        </label>
      ) : null}
      <p className="text-sm text-muted">
        {options.feeCents > 0
          ? t("form.fee", { amount: formatMoney(money(options.feeCents), locale) })
          : t("form.free")}
      </p>
      <button
        type="submit"
        className={`${primaryButton} w-full desktop:w-auto`}
        aria-disabled={sending || undefined}
      >
        {sending ? t("form.pending") : t("form.submit")}
      </button>
    </Form>
  );
}
