import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { openBag } from "~/components/cart/bag-events";
import { ProductCard } from "~/components/catalog/product-card";
import { Select } from "~/components/forms/controls";
import { refreshVisitor } from "~/components/layout/use-visitor";
import { usePageHref } from "~/routing/use-routing";
import type { WishlistActionData, WishlistPageEntry } from "./types";

const bagButton =
  "inline-flex min-h-11 w-full items-center justify-center bg-ink px-4 text-xs font-medium tracking-[0.14em] text-paper uppercase transition-colors hover:bg-accent aria-disabled:opacity-70";

/** One wishlisted product: its card, a size choice with "add to bag", and remove. */
function WishlistItem({ entry, reply }: { entry: WishlistPageEntry; reply?: WishlistActionData }) {
  const { t } = useTranslation(["wishlist", "cart"]);
  const to = usePageHref();
  const action = to("wishlist");
  const bag = useFetcher<WishlistActionData>();
  const remove = useFetcher<WishlistActionData>();
  const sizeId = useId();
  const { card } = entry;
  // The fetcher's answer, or the plain POST's (no JavaScript) when it was about this product.
  const answer =
    bag.data ?? (reply?.intent === "add-to-bag" && reply.productId === card.id ? reply : undefined);
  const removeAnswer =
    remove.data ?? (reply?.intent === "remove" && reply.productId === card.id ? reply : undefined);

  useEffect(() => {
    if (bag.state === "idle" && bag.data?.ok) {
      openBag();
      void refreshVisitor();
    }
  }, [bag.state, bag.data]);

  return (
    <li
      className={`flex flex-col gap-3 ${remove.state !== "idle" ? "opacity-40" : ""}`}
      data-wishlist-item={card.id}
    >
      <ProductCard product={card} />
      {entry.orderable ? (
        <bag.Form method="post" action={action} className="space-y-2">
          <input type="hidden" name="intent" value="add-to-bag" />
          <input type="hidden" name="productId" value={card.id} />
          <label htmlFor={sizeId} className="sr-only">
            {t("size", { product: card.name })}
          </label>
          <Select id={sizeId} name="variantId" defaultValue="" placeholder={t("chooseSize")}>
            {entry.sizes.map((size) => (
              <option key={size.id} value={size.id} disabled={size.stock <= 0}>
                {size.stock <= 0 ? t("soldOut", { size: size.size }) : size.size}
              </option>
            ))}
          </Select>
          <button type="submit" className={bagButton} aria-disabled={bag.state !== "idle" || undefined}>
            {t("addToBag")}
          </button>
          {answer && !answer.ok ? (
            <p role="alert" className="text-xs text-sale">
              {answer.message}
            </p>
          ) : null}
          {answer?.ok && !bag.data ? (
            <Link to={to("cart")} className="text-xs underline underline-offset-4">
              {t("cart:summary.viewBag")}
            </Link>
          ) : null}
        </bag.Form>
      ) : (
        <p className="text-xs text-muted">{t("unavailable")}</p>
      )}
      <remove.Form method="post" action={action}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="productId" value={card.id} />
        <button
          type="submit"
          className="min-h-11 text-xs tracking-[0.12em] text-muted uppercase underline-offset-4 hover:text-ink hover:underline"
        >
          {t("removeShort")}
          <span className="sr-only normal-case">{t("removeRest", { product: card.name })}</span>
        </button>
        {removeAnswer && !removeAnswer.ok ? (
          <p role="alert" className="text-xs text-sale">
            {removeAnswer.message}
          </p>
        ) : null}
      </remove.Form>
    </li>
  );
}

export function WishlistGrid({
  entries,
  reply,
}: {
  entries: WishlistPageEntry[];
  reply?: WishlistActionData;
}) {
  const { t } = useTranslation("wishlist");
  const to = usePageHref();
  // A removed item unmounts with its own form, so the list tells the header when it shrinks.
  const shown = useRef(entries.length);
  useEffect(() => {
    if (entries.length !== shown.current) void refreshVisitor();
    shown.current = entries.length;
  }, [entries.length]);
  if (entries.length === 0) {
    return (
      <div className="mt-10 flex flex-col items-center py-10 text-center" data-empty-wishlist="">
        <h2 className="font-display text-2xl">{t("empty.title")}</h2>
        <p className="mt-2 max-w-sm text-sm text-muted">{t("empty.body")}</p>
        <Link
          to={to("category", {})}
          className="mt-6 inline-flex min-h-12 items-center justify-center bg-ink px-8 text-sm font-medium tracking-[0.14em] text-paper uppercase hover:bg-accent"
        >
          {t("empty.cta")}
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className="mt-2 text-sm text-muted">
        {t("count", { count: entries.length })} · {t("intro")}
      </p>
      {reply?.intent === "add" && !reply.ok ? (
        <p role="alert" className="mt-4 text-sm text-sale">
          {reply.message}
        </p>
      ) : null}
      <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-10 sm:grid-cols-3 desktop:grid-cols-4">
        {entries.map((entry) => (
          <WishlistItem key={entry.card.id} entry={entry} reply={reply} />
        ))}
      </ul>
    </>
  );
}
