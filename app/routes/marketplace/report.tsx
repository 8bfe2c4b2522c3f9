import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { primaryButton } from "~/components/account/styles";
import {
  FormErrorSummary,
  InputField,
  SelectField,
  SwitchField,
  TextareaField,
} from "~/components/forms/conform-fields";
import { reportContent } from "~/domains/marketplace/marketplace.server";
import { type ReportTarget, reportReasons, reportTargets } from "~/domains/marketplace/moderation/rules";
import { ReportSchema } from "~/domains/marketplace/validation";
import { checkSession } from "~/platform/auth/session.server";
import { parseSubmission } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { href } from "~/routing/urls";
import type { Route } from "./+types/report";

export const handle = { i18n: ["marketplace", "forms"] };
export const headers = personalPage;

/** The notice form (DSA art. 16): `?listing=`, `?store=` or `?message=` with the id of what is reported. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  const url = new URL(request.url);
  const kind = reportTargets.find((k) => url.searchParams.has(k));
  const id = kind ? Number(url.searchParams.get(kind)) : Number.NaN;
  const sent = url.searchParams.get("sent") === "1";
  if (!sent && (!kind || !Number.isSafeInteger(id) || id <= 0)) throw data(null, { status: 404 });
  const { visitor } = await checkSession(request);
  return {
    target: kind ? { kind: kind as ReportTarget, id } : null,
    sent,
    email: visitor?.email ?? "",
    referrer: request.headers.get("referer") ?? "",
    title: serverI18n(locale).t("marketplace:report.title"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { locale, strategy } = context.get(routingContext);
  const { visitor } = await checkSession(request);
  const parsed = parseSubmission(await request.formData(), ReportSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result }, { status: 400 });
  const report = await reportContent(parsed.value, visitor?.id ?? null);
  if (isRefusal(report)) return data({ result: parsed.reply({ refusal: report }) }, { status: 409 });
  throw redirect(`${href("marketplace-report", {}, locale, strategy)}?sent=1`);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketplace");
  const pending = useNavigation().state === "submitting";
  const { target, sent, email, referrer } = loaderData;
  const shop = useShopForm({
    schema: ReportSchema,
    id: "report",
    lastResult: actionData?.result,
    pending,
    defaultValue: {
      targetKind: target?.kind ?? "listing",
      targetId: String(target?.id ?? ""),
      email,
      url: referrer,
    },
  });
  const { fields } = shop;
  const labels = {
    reason: t("fields.reportReason"),
    details: t("fields.reportDetails"),
    url: t("fields.reportUrl"),
    email: t("fields.reportEmail"),
    goodFaith: t("fields.goodFaith"),
  };
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 pt-6 pb-16 desktop:pt-10">
      <h1 className="font-display text-3xl">{t("report.title")}</h1>
      {sent ? (
        <p role="status" className="mt-6 border border-ink/20 bg-sand px-4 py-3" data-report-sent>
          {t("report.sent")}
        </p>
      ) : target ? (
        <>
          <p className="mt-2 text-sm text-muted">
            {t("report.intro", { target: t(`moderation.targets.${target.kind}`) })}
          </p>
          <Form method="post" {...shop.formProps} className="mt-6 space-y-5">
            <FormErrorSummary form={shop} labels={labels} />
            <input type="hidden" name="targetKind" value={target.kind} />
            <input type="hidden" name="targetId" value={target.id} />
            <SelectField meta={fields.reason} label={labels.reason} placeholder={t("sell.choose")}>
              {reportReasons.map((reason) => (
                <option key={reason} value={reason}>
                  {t(`report.reasons.${reason}`)}
                </option>
              ))}
            </SelectField>
            <TextareaField meta={fields.details} label={labels.details} rows={5} />
            <InputField meta={fields.url} label={labels.url} type="url" />
            <InputField meta={fields.email} label={labels.email} type="email" autoComplete="email" />
            <SwitchField meta={fields.goodFaith} label={labels.goodFaith} />
            <button type="submit" className={primaryButton} aria-disabled={pending || undefined}>
              {t("report.send")}
            </button>
          </Form>
        </>
      ) : null}
    </main>
  );
}
