import { type AnchorHTMLAttributes, useEffect } from "react";
import { useNavigate } from "react-router";

/** The attribute that marks a `ListLink`: the root's `ListLinkNavigation` navigates its clicks in the app. */
const MARKER = "data-list-link";

/**
 * A link repeated many times on one page (the product cards of a listing: 48 on a category page). It is a
 * plain `<a>`: React Router's `<Link>` runs a dozen hooks per link on every server render (≈ 3.4 % of an
 * uncached category page's CPU, docs/scaling.md), while one listener in the root (`ListLinkNavigation`)
 * navigates every marked link's click in the app, as `<Link>` would. `data-discover` lets the lazy route
 * discovery find its route like a `<Link>`'s. Use `<Link>` everywhere else.
 */
export function ListLink({ href, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...rest} href={href} data-discover="true" {...{ [MARKER]: "" }} />;
}

/** What a click on a marked link says: the mouse event's button and keys, and the link's own attributes. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
  /** The link's `target` attribute ("" when none). */
  target: string;
  download: boolean;
  /** The link's resolved URL. */
  href: string;
}

/**
 * The path to navigate to in the app, or null for a click the browser should take (as `<Link>` decides):
 * only the main button with no modifier key, no other target, no download, the same origin, and not
 * already handled by a handler inside.
 */
export function inAppHref(click: LinkClick, origin: string): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if ((click.target && click.target !== "_self") || click.download) return null;
  const url = new URL(click.href, origin);
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Rendered once in the root: navigates the clicks on every `ListLink` in the app. */
export function ListLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = event.target instanceof Element ? event.target.closest(`a[${MARKER}]`) : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const to = inAppHref(
        {
          button: event.button,
          metaKey: event.metaKey,
          altKey: event.altKey,
          ctrlKey: event.ctrlKey,
          shiftKey: event.shiftKey,
          defaultPrevented: event.defaultPrevented,
          target: anchor.target,
          download: anchor.hasAttribute("download"),
          href: anchor.href,
        },
        window.location.origin,
      );
      if (to === null) return;
      event.preventDefault();
      void navigate(to);
    };
    // Added after React's own root listener, so a handler inside that prevents the default wins.
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
