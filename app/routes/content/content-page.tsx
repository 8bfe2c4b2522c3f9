import { ContentBlocks } from "~/components/content/blocks";
import { PreviewBanner } from "~/components/content/preview-banner";
import { pageMeta } from "~/routing/meta";
import type { Route } from "./+types/content-page";
import { entryHeaders, loadEntry } from "./entry.server";

export const handle = { i18n: ["content", "catalog", "wishlist"] };
export const headers = entryHeaders;

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadEntry(request, context, "page", "content", params.slug);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return pageMeta(matches);
  return pageMeta(matches, loaderData.entry.title, [
    ...(loaderData.entry.summary ? [{ name: "description", content: loaderData.entry.summary }] : []),
    ...(loaderData.preview ? [{ name: "robots", content: "noindex" }] : []),
  ]);
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { entry, shelves, preview } = loaderData;
  const heroFirst = entry.blocks[0]?.type === "hero";
  return (
    <main id="main" className="pb-12">
      {preview ? <PreviewBanner /> : null}
      {heroFirst ? null : (
        <div className="mx-auto max-w-3xl px-4 pt-10 desktop:px-8 desktop:pt-12">
          <h1 className="font-display text-4xl desktop:text-5xl">{entry.title}</h1>
          {entry.summary ? <p className="mt-2 text-lg text-muted">{entry.summary}</p> : null}
        </div>
      )}
      <ContentBlocks blocks={entry.blocks} shelves={shelves} />
    </main>
  );
}
