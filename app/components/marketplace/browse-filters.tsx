import { type FormEvent, useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSubmit } from "react-router";
import { listingColours, listingSorts } from "~/domains/marketplace/attributes";
import type { BrowseQuery, FacetName } from "~/domains/marketplace/listings/query";
import type { FacetValue } from "~/domains/marketplace/marketplace.server";

type Facets = Record<FacetName, FacetValue[]>;

const chosenOf = (query: BrowseQuery): Record<Exclude<FacetName, "category">, string[]> => ({
  size: query.sizes,
  brand: query.brands,
  colour: query.colours,
  condition: query.conditions,
});

/**
 * The filters of a browse page as one GET form: checkboxes per facet with their counts, a price range and
 * the sort. Without JavaScript the "show items" button submits; with it, every change does.
 */
export function BrowseFilters({
  query,
  facets,
  action,
  categoryHref,
}: {
  query: BrowseQuery;
  facets: Facets;
  action: string;
  categoryHref: (category: string | null) => string;
}) {
  const { t } = useTranslation("marketplace");
  const submit = useSubmit();
  const sortId = useId();
  const chosen = chosenOf(query);
  const label = (facet: FacetName, value: string) => {
    if (facet === "category") return t(`categories.${value}`);
    if (facet === "colour") return t(`colours.${value}`);
    if (facet === "condition") return t(`conditions.${value}`);
    if (facet === "size" && value === "one-size") return t("sizes.one-size");
    return value;
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if ((event.target as HTMLElement).getAttribute("type") === "number") return;
    submit(event.currentTarget, { preventScrollReset: true });
  };
  return (
    <Form method="get" action={action} onChange={onChange} className="flex flex-col gap-5 text-sm">
      {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
      <div>
        <label htmlFor={sortId} className="mb-1 block font-semibold">
          {t("browse.sort")}
        </label>
        <select
          id={sortId}
          name="sort"
          defaultValue={query.sort}
          className="min-h-11 w-full border border-ink/30 bg-white px-3"
        >
          {listingSorts.map((sort) => (
            <option key={sort} value={sort}>
              {t(`browse.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <nav aria-label={t("facets.category")}>
        <p className="mb-1 font-semibold">{t("facets.category")}</p>
        <ul className="flex flex-col">
          {facets.category.map(({ value, count }) => (
            <li key={value}>
              <Link
                to={categoryHref(query.category === value ? null : value)}
                aria-current={query.category === value ? "page" : undefined}
                className={`flex min-h-9 items-center justify-between gap-2 hover:underline ${query.category === value ? "font-semibold" : ""}`}
              >
                <span>{label("category", value)}</span>
                <span className="text-xs text-muted">{count}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {(["size", "brand", "colour", "condition"] as const).map((facet) =>
        facets[facet].length > 0 ? (
          <fieldset key={facet}>
            <legend className="mb-1 font-semibold">{t(`facets.${facet}`)}</legend>
            <ul
              className={
                facet === "size" ? "grid grid-cols-3 gap-1" : "flex max-h-64 flex-col overflow-y-auto"
              }
            >
              {facets[facet].map(({ value, count }) => (
                <li key={value}>
                  <label className="flex min-h-9 cursor-pointer items-center gap-2">
                    <input
                      type="checkbox"
                      name={facet}
                      value={value}
                      defaultChecked={chosen[facet].includes(value)}
                      className="size-4 accent-ink"
                    />
                    {facet === "colour" ? (
                      <span
                        aria-hidden="true"
                        className="size-3.5 rounded-full border border-ink/20"
                        style={{ background: listingColours[value as keyof typeof listingColours] }}
                      />
                    ) : null}
                    <span>{label(facet, value)}</span>
                    <span className="ms-auto text-xs text-muted">{count}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null,
      )}
      <fieldset>
        <legend className="mb-1 font-semibold">{t("browse.price")}</legend>
        <div className="flex gap-2">
          <label className="flex-1">
            <span className="text-xs text-muted">{t("browse.minPrice")}</span>
            <input
              type="number"
              name="min"
              min={0}
              inputMode="numeric"
              defaultValue={query.minPriceCents !== null ? query.minPriceCents / 100 : ""}
              className="min-h-11 w-full border border-ink/30 bg-white px-3"
            />
          </label>
          <label className="flex-1">
            <span className="text-xs text-muted">{t("browse.maxPrice")}</span>
            <input
              type="number"
              name="max"
              min={0}
              inputMode="numeric"
              defaultValue={query.maxPriceCents !== null ? query.maxPriceCents / 100 : ""}
              className="min-h-11 w-full border border-ink/30 bg-white px-3"
            />
          </label>
        </div>
      </fieldset>
      <button type="submit" className="min-h-11 bg-ink px-4 text-sm tracking-wider text-white uppercase">
        {t("browse.apply")}
      </button>
      <Link to={categoryHref(query.category)} className="text-center underline underline-offset-4">
        {t("browse.clear")}
      </Link>
    </Form>
  );
}
