import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { AddressForm } from "~/components/account/address-form";
import { addressOf, updateAddress } from "~/domains/customers/customers.server";
import { AddressSchema } from "~/domains/customers/validation";
import { requireCustomer } from "~/platform/auth/guards.server";
import { parseSubmission } from "~/platform/forms/submission";
import { serverI18n, translator } from "~/platform/i18n/resources.server";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import type { Route } from "./+types/address-edit";

export const middleware = pageMiddleware("address-edit");
export const handle = { i18n: ["account", "forms", "ui"] };
export const headers = personalPage;

/** `user-owns-address` already answered 404 for someone else's id; the query checks the owner again. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const address = await addressOf(visitor.id, Number(params.id));
  if (!address) throw data(null, { status: 404 });
  const { userId: _owner, createdAt: _c, updatedAt: _u, ...rest } = address;
  return { address: rest, title: serverI18n(locale).t("account:addresses.editTitle") };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const parsed = parseSubmission(await request.formData(), AddressSchema, { t: translator(locale) });
  if (parsed.status === "error") return data({ result: parsed.result }, { status: 400 });
  if (!(await updateAddress(visitor.id, Number(params.id), parsed.value))) throw data(null, { status: 404 });
  throw redirect(`${href("address-book", {}, locale, strategy)}?saved=updated`);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

export default function AddressEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  return (
    <AccountShell title={t("addresses.editTitle")}>
      <AddressForm address={loaderData.address} lastResult={actionData?.result} />
    </AccountShell>
  );
}
