import { type Context, type ReactNode, use } from "react";
import { I18nContext } from "react-i18next";
import {
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterDataContext,
  UNSAFE_DataRouterNavigationContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
} from "react-router";
import { MarkupCacheContext } from "~/platform/render/markup-cache";

/** What a cached subtree reads from the page around it (translations, the router), handed to its render. */
const forwarded = [
  I18nContext,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterDataContext,
  UNSAFE_DataRouterNavigationContext,
  UNSAFE_DataRouterStateContext,
  UNSAFE_FetchersContext,
  UNSAFE_FrameworkContext,
  UNSAFE_LocationContext,
  UNSAFE_NavigationContext,
  UNSAFE_RouteContext,
  UNSAFE_ViewTransitionContext,
] as Context<unknown>[];

/**
 * An element whose children the server renders once per `cacheKey` and pastes into every page as HTML
 * (decision 0060): a product card is the same markup on every listing it appears in, the header on every
 * page of a locale. The browser renders the children as usual and hydrates them against that same markup.
 *
 * `cacheKey` names everything the children show: their props in full (the locale and URL strategy are
 * the cache's own). `null` renders them in place, as for the first card, whose photo the page preloads.
 * Cached children must not call `useId` (their ids would differ from the page's), hoist `<title>`, `<meta>`
 * or preloads into the head, suspend, or hold a `<script>` or `<style>`: their HTML is made by a render of
 * its own, and letters beyond Latin-1 are written as character references.
 */
export function CachedElement({
  as: Tag,
  cacheKey,
  className,
  children,
}: {
  as: "li" | "div";
  cacheKey: string | null;
  className?: string;
  children: ReactNode;
}) {
  const cache = use(MarkupCacheContext);
  const values = forwarded.map((context) => use(context));
  if (!cache || cacheKey === null) return <Tag className={className}>{children}</Tag>;
  let tree = children;
  for (let i = forwarded.length - 1; i >= 0; i--) {
    const Provider = forwarded[i] as Context<unknown>;
    tree = <Provider value={values[i]}>{tree}</Provider>;
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of these children
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: cache.html(cacheKey, tree) }} />;
}
