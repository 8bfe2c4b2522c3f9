import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { AddressForm } from "~/components/account/address-form";
import { createAddress } from "~/domains/customers/customers.server";
import { AddressSchema } from "~/domains/customers/validation";
import { requireCustomer } from "~/platform/auth/guards.server";
import { parseSubmission } from "~/platform/forms/submission";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import type { Route } from "./+types/address-new";

export const middleware = pageMiddleware("address-new");
export const handle = { i18n: ["account", "forms", "ui"] };
export const headers = personalPage;

export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(routingContext);
  return { title: serverI18n(locale).t("account:addresses.newTitle") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), AddressSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result }, { status: 400 });
  await createAddress(visitor.id, parsed.value);
  throw redirect(`${href("address-book", {}, locale, strategy)}?saved=created`);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function AddressNewPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <AccountShell title={t("addresses.newTitle")}>
      <AddressForm lastResult={actionData?.result} />
    </AccountShell>
  );
}
