import { Heart, Menu, Search, ShoppingBag, User } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { FlyIn } from "~/components/ui/fly-in";
import { useOverlay } from "~/components/ui/overlay-manager";
import type { CategoryNode } from "~/domains/catalog/catalog.server";
import { useIdlePrefetch } from "~/platform/navigation/hooks";
import { isServed } from "~/routing/pages";
import { usePageHref } from "~/routing/use-routing";
import { useVisitor } from "./use-visitor";

const NAVIGATION = "navigation";
const iconLink =
  "relative inline-flex size-11 items-center justify-center text-ink transition-colors hover:bg-sand focus-visible:bg-sand";

function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="absolute top-1 right-0.5 min-w-4 rounded-full bg-accent px-1 text-center text-[10px] leading-4 font-semibold text-white">
      {count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

/** The category tree in the navigation fly-in: departments with their categories. */
function CategoryNavigation({ categories }: { categories: CategoryNode[] }) {
  const { t } = useTranslation();
  const to = usePageHref();
  const prefetch = useIdlePrefetch(isServed("category"));
  return (
    <nav aria-label={t("nav.categories")}>
      <ul className="space-y-8">
        {categories.map((department) => (
          <li key={department.id}>
            <Link
              to={to("category", { slug: department.slug })}
              prefetch={prefetch}
              className="font-display text-2xl underline-offset-4 hover:underline"
            >
              {department.name}
            </Link>
            {department.children.length > 0 ? (
              <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {department.children.map((category) => (
                  <li key={category.id}>
                    <Link
                      to={to("category", { slug: category.slug })}
                      prefetch={prefetch}
                      className="block py-1 underline-offset-4 hover:underline"
                    >
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The shop header: navigation fly-in, logo, departments, search, wishlist, account and bag. */
export function Header({ categories }: { categories: CategoryNode[] }) {
  const { t } = useTranslation();
  const to = usePageHref();
  const visitor = useVisitor();
  const overlays = useOverlay();
  const { pathname } = useLocation();
  const prefetch = useIdlePrefetch(isServed("category"));

  // A link followed from the fly-in closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => overlays.close(NAVIGATION), [pathname]);

  const cartCount = visitor?.cartCount ?? 0;
  const wishlistCount = visitor?.wishlistCount ?? 0;
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 desktop:gap-6 desktop:px-8">
        <FlyIn
          id={NAVIGATION}
          side="left"
          title={t("nav.menu")}
          trigger={
            <button type="button" className={iconLink} aria-label={t("nav.openMenu")}>
              <Menu aria-hidden="true" strokeWidth={1.5} />
            </button>
          }
        >
          <CategoryNavigation categories={categories} />
        </FlyIn>
        <Link
          to={to("home")}
          className="font-display text-lg tracking-[0.2em] whitespace-nowrap uppercase desktop:text-2xl"
          aria-label={t("nav.home")}
        >
          {t("shop.name")}
        </Link>
        <nav aria-label={t("nav.departments")} className="hidden flex-1 desktop:block">
          <ul className="flex gap-6 text-sm tracking-wider uppercase">
            {categories.map((department) => (
              <li key={department.id}>
                <Link
                  to={to("category", { slug: department.slug })}
                  prefetch={prefetch}
                  className="py-2 underline-offset-8 hover:underline"
                >
                  {department.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ms-auto flex items-center">
          <Link to={to("search")} className={iconLink} aria-label={t("nav.search")}>
            <Search aria-hidden="true" strokeWidth={1.5} />
          </Link>
          <Link to={to("wishlist")} className={iconLink} aria-label={t("nav.wishlist")}>
            <Heart aria-hidden="true" strokeWidth={1.5} />
            <Badge count={wishlistCount} label={t("nav.items", { count: wishlistCount })} />
          </Link>
          <Link
            to={visitor?.signedIn ? to("account") : to("login")}
            className={iconLink}
            aria-label={
              visitor?.signedIn ? t("nav.account", { name: visitor.firstName ?? "" }) : t("nav.login")
            }
          >
            <User aria-hidden="true" strokeWidth={1.5} />
          </Link>
          <Link to={to("checkout")} className={iconLink} aria-label={t("nav.bag")}>
            <ShoppingBag aria-hidden="true" strokeWidth={1.5} />
            <Badge count={cartCount} label={t("nav.items", { count: cartCount })} />
          </Link>
        </div>
      </div>
    </header>
  );
}
