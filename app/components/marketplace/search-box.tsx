import { Search } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { usePageHref } from "~/routing/use-routing";

/** The marketplace's own search (a GET form: works without JavaScript, results are shareable links). */
export function MarketplaceSearchBox({
  defaultValue = "",
  className = "",
}: {
  defaultValue?: string;
  className?: string;
}) {
  const { t } = useTranslation("marketplace");
  const to = usePageHref();
  const id = useId();
  return (
    <Form method="get" action={to("marketplace-browse", {})} role="search" className={`flex ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        placeholder={t("search.placeholder")}
        className="min-h-12 w-full min-w-0 border border-ink/30 bg-white px-4 text-base outline-offset-0 placeholder:text-muted"
      />
      <button
        type="submit"
        className="inline-flex min-h-12 shrink-0 items-center gap-2 bg-ink px-5 text-sm tracking-wider text-white uppercase"
      >
        <Search aria-hidden="true" className="size-4" />
        <span className="sr-only desktop:not-sr-only">{t("search.submit")}</span>
      </button>
    </Form>
  );
}
