import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { secondaryButton } from "~/components/account/styles";
import { bundlePercents } from "~/domains/marketplace/transactions/validation";

const select = "mt-1 min-h-12 w-full border border-ink/40 bg-white px-3 text-base focus:border-ink";

/** The store owner's bundle discount: none, or a percentage from 2 or 3 items bought together. */
export function BundleForm({
  bundle,
  saved,
}: {
  bundle: { percent: number; fromItems: number } | null;
  saved: boolean;
}) {
  const { t } = useTranslation("trade");
  return (
    <Form
      method="post"
      className="mt-8 flex max-w-xl flex-col gap-3 border border-line bg-white p-4"
      aria-labelledby="bundle-title"
      data-bundle-form
    >
      <input type="hidden" name="intent" value="bundle" />
      <h2 id="bundle-title" className="font-semibold">
        {t("bundle.title")}
      </h2>
      <p className="text-sm">{t("bundle.help")}</p>
      <p className="text-sm" data-bundle-current={bundle ? `${bundle.percent}/${bundle.fromItems}` : "none"}>
        {bundle
          ? t("bundle.current", { percent: bundle.percent, count: bundle.fromItems })
          : t("bundle.currentNone")}
      </p>
      <div className="grid gap-3 tablet:grid-cols-2">
        <label className="text-sm">
          {t("bundle.percent")}
          <select name="percent" defaultValue={String(bundle?.percent ?? 0)} className={select}>
            {bundlePercents.map((p) => (
              <option key={p} value={p}>
                {p === 0 ? t("bundle.none") : `${p} %`}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t("bundle.fromItems")}
          <select name="fromItems" defaultValue={String(bundle?.fromItems ?? 2)} className={select}>
            {[2, 3].map((n) => (
              <option key={n} value={n}>
                {t("bundle.items", { count: n })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {saved ? (
        <p role="status" className="text-sm">
          {t("bundle.saved")}
        </p>
      ) : null}
      <button type="submit" className={secondaryButton}>
        {t("bundle.save")}
      </button>
    </Form>
  );
}
