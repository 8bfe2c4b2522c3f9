import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { usePageHref } from "~/routing/use-routing";

/** The search as a plain GET form to the search page: works without JavaScript, URLs to share. */
export function SearchForm({ q, autoFocus = false }: { q: string; autoFocus?: boolean }) {
  const { t } = useTranslation("search");
  const to = usePageHref();
  return (
    <search>
      <form method="get" action={to("search")} className="flex max-w-2xl gap-2">
        <label htmlFor="search-q" className="sr-only">
          {t("label")}
        </label>
        <input
          id="search-q"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={100}
          placeholder={t("placeholder")}
          autoComplete="off"
          // biome-ignore lint/a11y/noAutofocus: the search page exists to type a search; only without results yet
          autoFocus={autoFocus}
          className="min-h-12 min-w-0 flex-1 border border-ink bg-white px-4 text-base"
        />
        <button
          type="submit"
          className="flex min-h-12 items-center gap-2 bg-ink px-5 text-sm tracking-wider text-white uppercase"
        >
          <Search aria-hidden="true" size={18} strokeWidth={1.5} />
          <span>{t("submit")}</span>
        </button>
      </form>
    </search>
  );
}
