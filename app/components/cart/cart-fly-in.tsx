import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { FlyIn } from "~/components/ui/fly-in";
import { usePageHref } from "~/routing/use-routing";
import {
  CartLineList,
  CartSummary,
  EmptyBag,
  FreeShippingBar,
  ShippingPromiseNote,
  useBadgeFollows,
} from "./cart-contents";
import type { CartView } from "./types";

/**
 * The bag as a fly-in, from the header's bag button and after add to bag. It reads the cart page's own
 * loader (one `.data` request) each time it opens; its stepper and remove buttons post to the cart page's
 * action, after which React Router reloads that data by itself. Loaded on first use.
 */
export default function CartFlyIn({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const { t } = useTranslation("cart");
  const to = usePageHref();
  const cart = useFetcher<{ view: CartView }>({ key: "cart-fly-in" });
  const { pathname } = useLocation();
  const href = to("cart");

  // biome-ignore lint/correctness/useExhaustiveDependencies: load on every opening, not when the fetcher changes
  useEffect(() => {
    if (open) void cart.load(href);
  }, [open, href]);

  // A link followed from the fly-in closes it.
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current !== pathname) onClose();
    shownOn.current = pathname;
  }, [pathname, onClose]);

  const view = cart.data?.view;
  useBadgeFollows(view);
  return (
    <FlyIn
      id={id}
      title={t("flyInTitle")}
      open={open}
      onOpenChange={(next) => !next && onClose()}
      footer={
        view && view.lines.length + view.giftCards.length > 0 ? (
          <CartSummary view={view} layout="fly-in" />
        ) : undefined
      }
    >
      {!view ? (
        <p role="status" className="text-sm text-muted">
          {t("loading")}
        </p>
      ) : view.lines.length + view.giftCards.length === 0 ? (
        <EmptyBag />
      ) : (
        <div className="space-y-6" aria-busy={cart.state === "loading" || undefined}>
          <div className="space-y-3">
            <FreeShippingBar view={view} />
            <ShippingPromiseNote view={view} />
          </div>
          <CartLineList view={view} />
        </div>
      )}
    </FlyIn>
  );
}
