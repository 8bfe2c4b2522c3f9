import { Heart, Menu, Search, ShoppingBag, User } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useOpenBagListener } from "~/components/cart/bag-events";
import type { CategoryNode } from "~/domains/catalog/catalog.server";
import { useIdlePrefetch } from "~/platform/navigation/hooks";
import { isServed } from "~/routing/pages";
import { usePageHref } from "~/routing/use-routing";
import { useVisitor } from "./use-visitor";

const NAVIGATION = "navigation";
// The fly-in (and the dialog code behind it) loads on first use, not with every page.
const NavigationFlyIn = lazy(() => import("./navigation-fly-in"));
const SEARCH = "search";
const SearchFlyIn = lazy(() => import("~/components/search/search-fly-in"));
const BAG = "cart";
const CartFlyIn = lazy(() => import("~/components/cart/cart-fly-in"));
const LOGIN = "login";
const LoginFlyIn = lazy(() => import("~/components/account/login-fly-in"));
const iconLink =
  "relative inline-flex size-11 items-center justify-center text-ink transition-colors hover:bg-sand focus-visible:bg-sand";

/**
 * An icon link's name with its count: "Shopping bag, 2 items" for screen readers, the count as a bubble
 * for the eye (the visible number is hidden from the name, so name and text never disagree).
 */
function CountedName({ name, count, items }: { name: string; count: number; items: string }) {
  return (
    <>
      <span className="sr-only">{count > 0 ? `${name}, ${items}` : name}</span>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-0.5 min-w-4 rounded-full bg-accent px-1 text-center text-[10px] leading-4 font-semibold text-white"
        >
          {count}
        </span>
      ) : null}
    </>
  );
}

/** The shop header: navigation fly-in, logo, departments, search, wishlist, account and bag. */
export function Header({ categories }: { categories: CategoryNode[] }) {
  const { t } = useTranslation();
  const to = usePageHref();
  const visitor = useVisitor();
  const [menuOpen, setMenuOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  // Once loaded the search fly-in stays mounted and is closed through its `open` state, so the overlay
  // manager hears about every close (and lifts `inert` from the page) even when a suggestion navigates.
  // It closes itself when it navigates: a close on the next pathname would land late (the new page may
  // still be loading) and shut a fly-in opened again meanwhile.
  const [searchLoaded, setSearchLoaded] = useState(false);
  const [bagLoaded, setBagLoaded] = useState(false);
  const [bagOpen, setBagOpen] = useState(false);
  const openTheBag = () => {
    setBagLoaded(true);
    setBagOpen(true);
  };
  useOpenBagListener(openTheBag);
  const closeBag = useCallback(() => setBagOpen(false), []);
  const { pathname } = useLocation();
  const prefetch = useIdlePrefetch(isServed("category"));

  // A link followed from the fly-in closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    setMenuOpen(false);
    setLoginOpen(false);
  }, [pathname]);

  const cartCount = visitor?.cartCount ?? 0;
  const wishlistCount = visitor?.wishlistCount ?? 0;
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-2 desktop:gap-6 desktop:px-8">
        <button
          type="button"
          className={iconLink}
          aria-label={t("nav.openMenu")}
          aria-haspopup="dialog"
          onClick={() => setMenuOpen(true)}
        >
          <Menu aria-hidden="true" strokeWidth={1.5} />
        </button>
        {menuOpen ? (
          <Suspense fallback={null}>
            <NavigationFlyIn id={NAVIGATION} categories={categories} onClose={() => setMenuOpen(false)} />
          </Suspense>
        ) : null}
        <Link
          to={to("home")}
          className="font-display text-base tracking-[0.12em] whitespace-nowrap uppercase min-[400px]:text-lg min-[400px]:tracking-[0.2em] desktop:text-2xl"
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
          {/* A link to the search page without JavaScript; with it, the fly-in (loaded on first use). */}
          <Link
            to={to("search")}
            className={iconLink}
            aria-label={t("nav.search")}
            aria-haspopup="dialog"
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              setSearchLoaded(true);
              setSearchOpen(true);
            }}
          >
            <Search aria-hidden="true" strokeWidth={1.5} />
          </Link>
          {searchLoaded ? (
            <Suspense fallback={null}>
              <SearchFlyIn id={SEARCH} open={searchOpen} onClose={() => setSearchOpen(false)} />
            </Suspense>
          ) : null}
          <Link to={to("wishlist")} className={iconLink} data-wishlist-count={wishlistCount}>
            <Heart aria-hidden="true" strokeWidth={1.5} />
            <CountedName
              name={t("nav.wishlist")}
              count={wishlistCount}
              items={t("nav.items", { count: wishlistCount })}
            />
          </Link>
          {/* Signed in: the account. Otherwise the login page, or with JavaScript the login fly-in. */}
          <Link
            to={visitor?.signedIn ? to("account") : to("login")}
            className={iconLink}
            aria-label={
              visitor?.signedIn ? t("nav.account", { name: visitor.firstName ?? "" }) : t("nav.login")
            }
            aria-haspopup={visitor?.signedIn ? undefined : "dialog"}
            onClick={(event) => {
              if (visitor?.signedIn || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
                return;
              event.preventDefault();
              setLoginOpen(true);
            }}
          >
            <User aria-hidden="true" strokeWidth={1.5} />
          </Link>
          {loginOpen ? (
            <Suspense fallback={null}>
              <LoginFlyIn id={LOGIN} onClose={() => setLoginOpen(false)} />
            </Suspense>
          ) : null}
          {/* The cart page without JavaScript; with it, the fly-in (loaded on first use). */}
          <Link
            to={to("cart")}
            className={iconLink}
            aria-haspopup="dialog"
            data-bag-count={cartCount}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              openTheBag();
            }}
          >
            <ShoppingBag aria-hidden="true" strokeWidth={1.5} />
            <CountedName name={t("nav.bag")} count={cartCount} items={t("nav.items", { count: cartCount })} />
          </Link>
          {bagLoaded ? (
            <Suspense fallback={null}>
              <CartFlyIn id={BAG} open={bagOpen} onClose={closeBag} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </header>
  );
}
