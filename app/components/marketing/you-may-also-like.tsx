import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ProductCard } from "~/components/catalog/product-card";
import { useConsent } from "~/components/layout/cookie-consent";
import type { PageCard } from "~/domains/catalog/listing.server";
import { useRouting } from "~/routing/use-routing";

const SESSION_KEY = "shop:recommendation-session";

/** The anonymous browsing session of co-views: kept in localStorage, and only with personalisation consent. */
function browsingSession(): string {
  let session = window.localStorage.getItem(SESSION_KEY);
  if (!session) {
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    session = btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, (c) =>
      c === "+" ? "-" : c === "/" ? "_" : "",
    );
    window.localStorage.setItem(SESSION_KEY, session);
  }
  return session;
}

/**
 * "You may also like" on the product page and in the cart, loaded by the per-visitor request after the page
 * is shown, so the cached HTML holds nothing of the visitor. With personalisation consent the product page
 * also counts the view (co-views); without it the visitor gets the categories' best sellers and nothing
 * is stored, and a withdrawn consent drops the browsing session.
 */
export function YouMayAlsoLike({
  productIds,
  countView = false,
}: {
  productIds: number[];
  countView?: boolean;
}) {
  const { t } = useTranslation("common");
  const { locale } = useRouting();
  const consent = useConsent();
  const [products, setProducts] = useState<PageCard[] | null>(null);
  const titleId = useId();
  const key = productIds.join(",");
  const viewed = countView ? productIds[0] : undefined;

  useEffect(() => {
    if (consent === undefined || key === "") return;
    const personalised = consent?.personalisation === true;
    if (!personalised) window.localStorage.removeItem(SESSION_KEY);
    const controller = new AbortController();
    fetch(`/api/v1/recommendations?products=${key}&locale=${locale}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : { products: [] }))
      .then((body: { products: PageCard[] }) => setProducts(body.products))
      .catch(() => undefined);
    if (personalised && viewed)
      void fetch("/api/v1/recommendations/views", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ productId: viewed, session: browsingSession() }),
      }).catch(() => undefined);
    return () => controller.abort();
  }, [key, viewed, locale, consent]);

  if (!products || products.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="mt-12" data-testid="recommendations">
      <h2 id={titleId} className="font-display text-2xl">
        {t("recommendations.title")}
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {products.slice(0, 8).map((product) => (
          <li key={product.id}>
            <ProductCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}
