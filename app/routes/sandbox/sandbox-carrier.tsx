import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import { moveSandboxParcel, sandboxParcel } from "~/domains/marketplace/transactions/transactions.server";
import { requestContext } from "~/platform/http/context";
import { serverI18n } from "~/platform/i18n/resources.server";
import { pageMeta } from "~/routing/meta";
import type { Route } from "./+types/sandbox-carrier";

export const handle = { i18n: ["trade"] };

/**
 * The sandbox carrier's public tracking page (it plays an outside carrier, like the sandbox PSP's page):
 * where the parcel is, and the sandbox's buttons that move it and send the signed webhooks.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const parcel = await sandboxParcel(params.code);
  if (!parcel) throw data(null, { status: 404 });
  const { locale } = context.get(requestContext);
  return {
    parcel: { ...parcel, updatedAt: parcel.updatedAt.toISOString() },
    title: serverI18n(locale).t("trade:carrier.title", { code: parcel.trackingCode }),
  };
}

export async function action({ params, request }: Route.ActionArgs) {
  const status = (await request.formData()).get("status");
  if (status !== "in-transit" && status !== "delivered") throw data(null, { status: 400 });
  const moved = await moveSandboxParcel(params.code, status);
  if (!moved) throw data(null, { status: 404 });
  throw redirect(`/sandbox-carrier/${params.code}/`);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex, nofollow" }]);
}

export default function SandboxCarrierPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("trade");
  const { parcel } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-display text-2xl">{loaderData.title}</h1>
      <p className="mt-2 text-sm text-muted">{t("carrier.sandbox")}</p>
      <p className="mt-6 text-lg" data-parcel-status={parcel.status}>
        {t(`parcel.${parcel.status}`)}
      </p>
      <p className="text-sm">{t("carrier.destination", { city: parcel.city })}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {(["in-transit", "delivered"] as const).map((status) => (
          <Form method="post" key={status}>
            <input type="hidden" name="status" value={status} />
            <button
              type="submit"
              disabled={parcel.status === "delivered" || parcel.status === status}
              className="min-h-12 border border-ink px-5 text-sm disabled:opacity-40"
            >
              {t(`carrier.mark.${status}`)}
            </button>
          </Form>
        ))}
      </div>
    </main>
  );
}
