import { data, type RouterContextProvider } from "react-router";
import { entryShelves, selectionPage } from "~/domains/catalog/catalog.server";
import {
  type EntryKind,
  type EntryView,
  isEarlyAccessUnlocked,
  previewEntry,
  publishedEntry,
} from "~/domains/content/content.server";
import { EARLY_ACCESS_COOKIE } from "~/domains/content/schedule";
import { checkSession } from "~/platform/auth/session.server";
import { type Locale, locales } from "~/platform/i18n/locales";
import { pack } from "~/platform/render/packed";
import { routingContext } from "~/routing/middleware.server";
import type { PageId } from "~/routing/pages";
import { href } from "~/routing/urls";

const personal = { "Cache-Control": "private, no-store" };

function cookie(request: Request, name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(request.headers.get("cookie") ?? "");
  return match ? decodeURIComponent(match[1] as string) : null;
}

/**
 * The loader of every page that shows one content entry (`/content/{slug}/`, `/campaigns/{slug}/` and
 * their in-app views): the published version inside its window, or the draft behind `?preview=`, with
 * the products of its shelves, its product selection (filters and sorts from the query string) and its
 * URL in every locale. Unknown, unpublished or out of its window: 404. A campaign in its early-access
 * window is shown to a visitor the engagement domain's check lets in (never cached: it is theirs), and
 * as a teaser with the opening time to everyone else.
 */
export async function loadEntry(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: EntryKind,
  page: PageId,
  slug: string | undefined,
  now = new Date(),
) {
  const { locale, strategy } = context.get(routingContext);
  const url = new URL(request.url);
  const token = url.searchParams.get("preview");
  const entry: EntryView | null = token
    ? await previewEntry(token, locale, now)
    : slug
      ? await publishedEntry(kind, locale, slug, now, { early: kind === "campaign" })
      : null;
  if (!entry || entry.kind !== kind) throw data(null, { status: 404 });
  let locked = false;
  let unlocked = false;
  if (!token && entry.phase === "early") {
    const { visitor } = await checkSession(request);
    unlocked = await isEarlyAccessUnlocked(
      { customerId: visitor?.id ?? null, ticket: cookie(request, EARLY_ACCESS_COOKIE) },
      entry,
      now,
    );
    locked = !unlocked;
  }
  const alternates = Object.fromEntries(
    locales.flatMap((l) => (entry.slugs[l] ? [[l, href(page, { slug: entry.slugs[l] }, l, strategy)]] : [])),
  ) as Record<Locale, string>;
  const listingBlock = locked ? undefined : entry.blocks.find((b) => b.type === "listing");
  const [shelves, selection] = await Promise.all([
    locked ? [] : entryShelves(locale, entry.blocks),
    listingBlock?.type === "listing" ? selectionPage(locale, listingBlock.source, url.searchParams) : null,
  ]);
  const listing = selection && pack(selection.listing);
  const body = {
    entry: {
      title: entry.title,
      summary: entry.summary,
      // A locked campaign shows its title and opening time only.
      blocks: locked ? [] : entry.blocks,
      onlineFrom: entry.onlineFrom?.toISOString() ?? null,
      onlineUntil: entry.onlineUntil?.toISOString() ?? null,
    },
    early: entry.phase === "early" ? { unlocked } : null,
    shelves,
    selection:
      selection && listing && listingBlock ? { ...selection, listing, title: listingBlock.title } : null,
    // "Load more" of the selection fetches this page's data and reads `listing`.
    listing,
    alternates,
    preview: Boolean(token),
  };
  // A draft is for staff with the link, an unlocked early window for one shopper: never cached, never indexed.
  return data(body, token || unlocked ? { headers: personal } : undefined);
}

/** `headers` of an entry page: shareable, unless the loader said otherwise (a preview). */
export function entryHeaders({ loaderHeaders }: { loaderHeaders: Headers }) {
  if (loaderHeaders.has("Cache-Control")) return loaderHeaders;
  return { "Cache-Control": "public, max-age=0, s-maxage=10, stale-while-revalidate=60" };
}
