import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { updateVisitor, useVisitorValue } from "~/components/layout/use-visitor";
import { HEART_SYMBOL_ID } from "~/components/ui/heart-symbol";
import { usePageHref, useRouting } from "~/routing/use-routing";

/**
 * The heart of a product card or page. The page HTML is the same for everyone (it is cached), so the
 * pressed state comes from the visitor bits after load. With JavaScript it toggles through the API and
 * every heart and the header badge follow at once; without, it is a form that adds the product on the
 * wishlist page. A failure says so in the spec's words and puts the heart back.
 */
export function WishlistButton({
  productId,
  productName,
  variant = "card",
}: {
  productId: number;
  productName: string;
  variant?: "card" | "page";
}) {
  const { t } = useTranslation("wishlist");
  const { locale } = useRouting();
  const to = usePageHref();
  const pressed = useVisitorValue((visitor) => visitor?.wishlist.includes(productId) ?? false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const adding = !pressed;
    setBusy(true);
    setError(null);
    const flip = (ids: number[]) => (adding ? [productId, ...ids] : ids.filter((id) => id !== productId));
    await updateVisitor((bits) => ({
      ...bits,
      wishlist: flip(bits.wishlist),
      wishlistCount: flip(bits.wishlist).length,
    }));
    try {
      const response = await fetch(`/api/v1/wishlist/items/${productId}?locale=${locale}`, {
        method: adding ? "PUT" : "DELETE",
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(String(response.status));
    } catch {
      setError(t(adding ? "errors.add" : "errors.remove"));
      await updateVisitor((bits) => {
        const undo = adding ? bits.wishlist.filter((id) => id !== productId) : [productId, ...bits.wishlist];
        return { ...bits, wishlist: undo, wishlistCount: undo.length };
      });
    } finally {
      setBusy(false);
    }
  };

  const card = variant === "card";
  return (
    <form
      method="post"
      action={to("wishlist")}
      onSubmit={toggle}
      className={card ? "absolute top-1 right-1 z-10" : "relative"}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <button
        type="submit"
        aria-pressed={pressed}
        aria-label={t("add", { product: productName })}
        aria-disabled={busy || undefined}
        data-wishlist-button={productId}
        className={
          card
            ? "inline-flex size-11 items-center justify-center rounded-full text-ink transition-colors hover:bg-white/70"
            : "inline-flex size-12 shrink-0 items-center justify-center border border-ink text-ink transition-colors hover:bg-sand"
        }
      >
        <span
          className={
            card ? "inline-flex size-8 items-center justify-center rounded-full bg-white/85 shadow-sm" : ""
          }
        >
          <HeartIcon className={`size-5 transition-colors ${pressed ? "fill-accent text-accent" : ""}`} />
        </span>
      </button>
      {error ? (
        <p
          role="alert"
          className={
            card
              ? "absolute top-12 right-1 w-48 bg-white p-2 text-xs text-sale shadow"
              : "absolute top-14 right-0 z-10 w-64 bg-white p-2 text-xs text-sale shadow"
          }
        >
          {error}
        </p>
      ) : null}
    </form>
  );
}

/**
 * Lucide's heart, drawn from the page's one `<symbol>` (`HeartSymbol`, in the root layout): a category page
 * draws 48 hearts, and each inline copy of the path and lucide's attributes was ≈ 420 bytes of HTML for
 * React to write and the server to compress (docs/scaling.md). The outer `<svg>` carries the stroke and
 * fill, which the symbol's path inherits, so the pressed heart fills with the accent colour.
 */
function HeartIcon({ className }: { className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      className={`lucide-heart ${className}`}
      aria-hidden="true"
    >
      <use href={`#${HEART_SYMBOL_ID}`} />
    </svg>
  );
}
