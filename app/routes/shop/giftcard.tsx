import { getInputProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { primaryButton, textLink } from "~/components/account/styles";
import { EmailField, FormErrorSummary, InputField, TextareaField } from "~/components/forms/conform-fields";
import { addGiftCardToCart } from "~/domains/cart/cart.server";
import {
  GIFT_CARD_AMOUNT,
  GiftCardPurchaseSchema,
  giftCardKinds,
  MESSAGE_MAX,
} from "~/domains/gift-cards/validation";
import { env } from "~/platform/env.server";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { isRefusal } from "~/platform/refusal";
import { bagsContext, bagsMiddleware } from "~/routing/bags.server";
import { pageMeta, shareablePage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/giftcard";

export const middleware = [...pageMiddleware("giftcard"), bagsMiddleware];
export const handle = { i18n: ["giftcard", "forms"] };
export const headers = shareablePage;

export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  return { title: serverI18n(locale).t("giftcard:buy.title") };
}

/**
 * Puts the card, as the shopper filled it in, in the bag (docs/decisions/0039) and goes to the bag; a
 * card that does not pass the schema changes nothing and is answered with translated messages.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { locale } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), GiftCardPurchaseSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result }, { status: 400 });
  const { value } = parsed;
  const added = await addGiftCardToCart(context.get(bagsContext).cartToChange(), {
    kind: value.kind,
    amountCents: Number(value.amount) * 100,
    toName: value.to,
    fromName: value.from,
    message: value.message ?? null,
    recipientEmail: value.kind === "egift" ? (value.recipientEmail ?? null) : null,
    dispatchDate: value.kind === "egift" ? (value.dispatchDate ?? null) : null,
  });
  if (isRefusal(added)) return data({ result: parsed.reply({ refusal: added }) }, { status: 409 });
  return redirect(href("cart", {}, locale, env().I18N_STRATEGY));
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title);
}

const today = () => new Date().toISOString().slice(0, 10);

export default function GiftCardPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("giftcard");
  const { locale } = useRouting();
  const to = usePageHref();
  const [sending, setSending] = useState(false);
  const shop = useShopForm({
    schema: GiftCardPurchaseSchema,
    id: "giftcard",
    lastResult: actionData?.result,
    pending: sending,
    onValidSubmit: () => setSending(true),
    defaultValue: { kind: "egift", amount: "50", dispatchDate: today() },
  });
  const { fields } = shop;
  const labels = {
    kind: t("buy.kind"),
    amount: t("buy.amount"),
    to: t("buy.to"),
    from: t("buy.from"),
    message: t("buy.message"),
    recipientEmail: t("buy.recipientEmail"),
    dispatchDate: t("buy.dispatchDate"),
  };
  const value = (name: keyof typeof labels) => {
    const v = fields[name].value;
    return typeof v === "string" ? v : "";
  };
  const euros = Number(value("amount"));
  const egift = value("kind") !== "physical";
  const formError = shop.form.errors?.[0];
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-10 desktop:py-16">
      <h1 className="font-display text-4xl">{t("buy.title")}</h1>
      <p className="mt-2 max-w-2xl text-muted">{t("buy.intro")}</p>
      <div className="mt-8 grid gap-10 desktop:grid-cols-[1fr_26rem]">
        <Form method="post" reloadDocument {...shop.formProps} className="space-y-6">
          <FormErrorSummary form={shop} labels={labels} />
          {formError ? (
            <p role="alert" className="border border-sale bg-white p-4 text-sale">
              {formError}
            </p>
          ) : null}
          <fieldset>
            <legend className="font-medium">{labels.kind}</legend>
            <div className="mt-3 grid gap-2 tablet:grid-cols-2">
              {giftCardKinds.map((kind) => (
                <label
                  key={kind}
                  className="flex min-h-11 cursor-pointer items-start gap-3 border border-line bg-white p-3 has-checked:border-ink has-checked:bg-sand"
                >
                  <input
                    {...getInputProps(fields.kind, { type: "radio", value: kind, ariaAttributes: false })}
                    key={kind}
                    className="mt-1 size-4 accent-ink"
                  />
                  <span>
                    <span className="block font-medium">{t(`buy.kinds.${kind}`)}</span>
                    <span className="block text-sm text-muted">{t(`buy.kinds.${kind}Help`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <InputField
              meta={fields.amount}
              label={labels.amount}
              inputMode="numeric"
              description={t("buy.amountHelp", { min: GIFT_CARD_AMOUNT.min, max: GIFT_CARD_AMOUNT.max })}
              className="max-w-60"
            />
            <fieldset className="mt-2 flex flex-wrap gap-2" aria-label={t("buy.presets")}>
              {GIFT_CARD_AMOUNT.presets.map((preset) => (
                <button
                  key={preset}
                  type="button"
                  aria-pressed={euros === preset}
                  disabled={!shop.hydrated}
                  onClick={() => shop.setValue("amount", String(preset))}
                  className="min-h-11 min-w-16 border border-line bg-white px-3 aria-pressed:border-ink aria-pressed:bg-sand"
                >
                  {formatMoney(money(preset * 100), locale)}
                </button>
              ))}
            </fieldset>
          </div>
          <div className="grid gap-6 tablet:grid-cols-2">
            <InputField meta={fields.to} label={labels.to} autoComplete="off" />
            <InputField meta={fields.from} label={labels.from} autoComplete="name" />
          </div>
          <TextareaField meta={fields.message} label={labels.message} maxChars={MESSAGE_MAX} rows={4} />
          {egift ? (
            <div className="grid gap-6 tablet:grid-cols-2">
              <EmailField form={shop} meta={fields.recipientEmail} label={labels.recipientEmail} />
              <InputField
                meta={fields.dispatchDate}
                label={labels.dispatchDate}
                type="date"
                description={t("buy.dispatchHelp")}
              />
            </div>
          ) : (
            <p className="text-sm text-muted">{t("buy.physicalHelp")}</p>
          )}
          <button type="submit" className={`${primaryButton} w-full`} aria-disabled={sending || undefined}>
            {t("buy.submit")}
          </button>
          <p className="text-sm text-muted">
            {t("buy.noVat")}{" "}
            <Link to={to("saldo-checker")} className={textLink}>
              {t("buy.checkBalance")}
            </Link>
          </p>
        </Form>
        <aside
          aria-labelledby="giftcard-preview"
          className="desktop:sticky desktop:top-24 desktop:self-start"
        >
          <h2 id="giftcard-preview" className="text-sm uppercase tracking-wide text-muted">
            {t("buy.preview")}
          </h2>
          <div
            data-testid="giftcard-preview"
            className="mt-3 flex aspect-[1.586] flex-col justify-between bg-ink p-6 text-white shadow-lg"
          >
            <div className="flex items-start justify-between">
              <span className="font-display text-2xl">Loom &amp; Label</span>
              <span className="text-sm uppercase tracking-widest">
                {egift ? t("buy.kinds.egift") : t("buy.kinds.physical")}
              </span>
            </div>
            <p className="font-display text-5xl" data-testid="giftcard-preview-amount">
              {Number.isInteger(euros) && euros > 0 ? formatMoney(money(euros * 100), locale) : "—"}
            </p>
            <div className="text-sm">
              <p>{t("buy.previewTo", { name: value("to") || "…" })}</p>
              <p>{t("buy.previewFrom", { name: value("from") || "…" })}</p>
            </div>
          </div>
          {value("message") ? (
            <blockquote className="mt-4 border-l-2 border-ink pl-4 whitespace-pre-line italic">
              {value("message")}
            </blockquote>
          ) : null}
        </aside>
      </div>
    </main>
  );
}
