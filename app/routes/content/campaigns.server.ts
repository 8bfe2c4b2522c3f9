import { data, type RouterContextProvider } from "react-router";
import { liveEntries } from "~/domains/content/content.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { routingContext } from "~/routing/middleware.server";
import { loadEntry } from "./entry.server";

/** The campaigns page's data, for the shop's page or its in-app view (`page`: where its links lead). */
export async function loadCampaigns(
  request: Request,
  context: Readonly<RouterContextProvider>,
  slug: string | undefined,
  page: "campaigns" | "app-campaigns",
) {
  if (slug || new URL(request.url).searchParams.has("preview")) {
    const entry = await loadEntry(request, context, "campaign", page, slug);
    return data({ list: null, ...entry.data }, entry.init ?? undefined);
  }
  const { locale } = context.get(routingContext);
  const campaigns = await liveEntries("campaign", locale);
  return data({
    list: {
      page,
      title: serverI18n(locale).t("content:campaigns.title"),
      campaigns: campaigns.map((c) => {
        const hero = c.blocks.find((b) => b.type === "hero");
        return {
          slug: c.slug,
          title: c.title,
          summary: c.summary ?? null,
          image: hero?.type === "hero" ? (hero.image ?? null) : null,
          imageAlt: hero?.type === "hero" ? (hero.imageAlt ?? "") : "",
          onlineUntil: c.onlineUntil?.toISOString() ?? null,
        };
      }),
    },
    entry: null,
    early: null,
    shelves: [],
    selection: null,
    listing: null,
    alternates: undefined,
    preview: false,
  });
}
