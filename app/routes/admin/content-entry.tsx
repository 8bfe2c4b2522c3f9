import { ArrowDown, ArrowUp, ExternalLink, Trash2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import {
  ActionStatus,
  AdminFormView,
  AdminInput,
  AdminSelect,
  AdminTextarea,
  useAdminForm,
} from "~/components/admin/admin-form";
import { Badge, PageHeader, Panel, quietButton, secondaryButton } from "~/components/admin/ui";
import { ContentBlocks } from "~/components/content/blocks";
import { categoryTree, entryShelves, findProducts } from "~/domains/catalog/catalog.server";
import type { Block, EntryKind } from "~/domains/content/blocks";
import { listingSorts, missingLocales } from "~/domains/content/blocks";
import {
  copyTranslation,
  editBlocks,
  editTranslation,
  entryForEditor,
  storeContentImage,
} from "~/domains/content/content.server";
import {
  AddBlockSchema,
  BlockFormSchema,
  BlockIndexSchema,
  blockFromForm,
  blockToForm,
  blockTypeNames,
  blockTypes,
  CopyLocaleSchema,
  EntrySettingsSchema,
  PickSchema,
  RestoreSchema,
  starterBlock,
  TranslationMetaSchema,
} from "~/domains/content/editor";
import {
  publishContentEntry,
  restoreContentVersion,
  scheduleContentEntry,
} from "~/domains/staff/staff.server";
import { IntentOnlySchema } from "~/domains/staff/validation";
import { isLocale, type Locale, languageNames, locales } from "~/platform/i18n/locales";
import { isRefusal } from "~/platform/refusal";
import { formatShopTime, utcToShopLocal } from "~/platform/shop-time";
import type { PageId } from "~/routing/pages";
import { href } from "~/routing/urls";
import type { Route } from "./+types/content-entry";
import { idParam, notFound, requirePermission, runForm, said, unknownIntent } from "./admin.server";

export const handle = { i18n: ["content", "catalog", "wishlist"] };

const pageOfKind: Record<EntryKind, PageId> = { page: "content", campaign: "campaigns", home: "home" };

function localeOf(request: Request): Locale {
  const locale = new URL(request.url).searchParams.get("locale") ?? "en";
  return isLocale(locale) ? locale : "en";
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  const id = idParam(params.id);
  const found = await entryForEditor(id);
  if (!found) notFound();
  const locale = localeOf(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  const translation = found.entry.draft.translations[locale] ?? null;
  const blocks = translation?.blocks ?? [];
  const [shelves, tree, picks] = await Promise.all([
    entryShelves(locale, blocks),
    categoryTree(locale),
    q ? findProducts({ q, status: "active" }) : null,
  ]);
  const categories = tree.flatMap((d) => [
    { slug: d.slug, name: d.name },
    ...d.children.map((c) => ({ slug: c.slug, name: `${d.name} › ${c.name}` })),
  ]);
  const { entry } = found;
  const previewPath = `${href(pageOfKind[entry.kind], {}, locale, "prefix")}?preview=${entry.previewToken}`;
  return {
    entry: {
      id: entry.id,
      kind: entry.kind,
      name: entry.name,
      onlineFrom: entry.onlineFrom,
      onlineUntil: entry.onlineUntil,
      earlyAccessFrom: entry.earlyAccessFrom,
      publishedVersion: entry.publishedVersion,
      updatedAt: entry.updatedAt,
    },
    missing: missingLocales(entry.draft),
    versions: found.versions,
    unpublishedChanges: found.unpublishedChanges,
    locale,
    translation,
    translatedLocales: locales.filter((l) => entry.draft.translations[l]),
    shelves,
    categories,
    q,
    picks: picks?.products.slice(0, 12).map((p) => ({ id: p.id, name: p.name, brand: p.brand })) ?? null,
    previewPath,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "content");
  const id = idParam(params.id);
  const locale = localeOf(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const by = { by: actor.id };
  if (intent === "settings")
    return runForm(formData, EntrySettingsSchema, async (value) =>
      said(await scheduleContentEntry(actor, id, value), "Name and schedule saved."),
    );
  if (intent === "meta")
    return runForm(formData, TranslationMetaSchema, async (value) =>
      said(await editTranslation(id, locale, value, by), `${languageNames[locale]} title and slug saved.`),
    );
  if (intent === "copy")
    return runForm(formData, CopyLocaleSchema, async ({ from }) =>
      said(
        await copyTranslation(id, from, locale, by),
        `Copied from ${languageNames[from]}: now translate the texts.`,
      ),
    );
  if (intent === "add-block")
    return runForm(formData, AddBlockSchema, async ({ type }) =>
      said(
        await editBlocks(id, locale, { op: "add", block: starterBlock(type, new Date()) }, by),
        "Block added.",
      ),
    );
  if (intent === "publish")
    return runForm(formData, IntentOnlySchema, async () => {
      const outcome = await publishContentEntry(actor, id);
      return isRefusal(outcome) ? outcome : `Published as version ${outcome.version}; shoppers see it now.`;
    });
  const [, verb, n] = /^(block|up|down|remove|image|pick|restore)-(\d+)$/.exec(intent) ?? [];
  switch (verb) {
    case "block": {
      let problem: { field: string; message: string } | null = null;
      const reply = await runForm(formData, BlockFormSchema, async (value) => {
        const built = blockFromForm(value);
        if ("field" in built) {
          problem = built;
          return "";
        }
        return said(
          await editBlocks(id, locale, { op: "replace", index: value.index, block: built.block }, by),
          "Block saved.",
        );
      });
      if (problem) {
        const { field, message } = problem as { field: string; message: string };
        return {
          intent,
          result: { ...reply.result, status: "error" as const, error: { [field]: [message] } },
        };
      }
      return reply;
    }
    case "up":
    case "down":
      return runForm(formData, BlockIndexSchema, async ({ index }) =>
        said(await editBlocks(id, locale, { op: "move", index, by: verb === "up" ? -1 : 1 }, by), "Moved."),
      );
    case "remove":
      return runForm(formData, BlockIndexSchema, async ({ index }) =>
        said(await editBlocks(id, locale, { op: "remove", index }, by), "Block removed."),
      );
    case "image":
      return runForm(formData, BlockIndexSchema, async ({ index }) => {
        const file = formData.get("image");
        const stored = await storeContentImage(file instanceof Blob ? file : new Blob([]));
        if (isRefusal(stored)) return stored;
        const found = await entryForEditor(id);
        const block = found?.entry.draft.translations[locale]?.blocks[index];
        if (!block) notFound();
        const withImage: Block =
          block.type === "hero"
            ? { ...block, image: stored.src }
            : block.type === "image"
              ? { ...block, src: stored.src }
              : block.type === "video"
                ? { ...block, poster: stored.src }
                : block;
        return said(
          await editBlocks(id, locale, { op: "replace", index, block: withImage }, by),
          "Picture uploaded.",
        );
      });
    case "pick":
      return runForm(formData, PickSchema, async ({ index, productId }) => {
        const found = await entryForEditor(id);
        const block = found?.entry.draft.translations[locale]?.blocks[index];
        if (block?.type !== "shelf" && block?.type !== "listing") notFound();
        const ids = block.source.kind === "picks" ? block.source.productIds : [];
        const productIds = [...new Set([...ids, productId])].slice(0, block.type === "shelf" ? 24 : 200);
        const next: Block =
          block.type === "shelf"
            ? { ...block, source: { kind: "picks", productIds } }
            : { ...block, source: { kind: "picks", productIds } };
        return said(
          await editBlocks(id, locale, { op: "replace", index, block: next }, by),
          "Product added to the shelf.",
        );
      });
    case "restore":
      return runForm(formData, RestoreSchema, async ({ number }) => {
        const outcome = await restoreContentVersion(actor, id, number);
        return isRefusal(outcome)
          ? outcome
          : `Version ${number} is back online as version ${outcome.version}.`;
      });
  }
  void n;
  unknownIntent();
}

function SettingsForm({ entry }: { entry: Route.ComponentProps["loaderData"]["entry"] }) {
  const form = useAdminForm("settings", EntrySettingsSchema, {
    name: entry.name,
    onlineFrom: utcToShopLocal(entry.onlineFrom),
    onlineUntil: utcToShopLocal(entry.onlineUntil),
    earlyAccessFrom: utcToShopLocal(entry.earlyAccessFrom),
  });
  return (
    <AdminFormView form={form} submitLabel="Save schedule">
      <AdminInput form={form} name="name" label="Internal name" />
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInput form={form} name="onlineFrom" label="Online from" type={"datetime-local" as "text"} />
        <AdminInput form={form} name="onlineUntil" label="Online until" type={"datetime-local" as "text"} />
      </div>
      {entry.kind === "campaign" ? (
        <AdminInput
          form={form}
          name="earlyAccessFrom"
          label="Early access from"
          hint="Shoppers with an early-access ticket see the campaign from here until “online from”."
          type={"datetime-local" as "text"}
        />
      ) : null}
    </AdminFormView>
  );
}

function MetaForm({ translation }: { translation: Route.ComponentProps["loaderData"]["translation"] }) {
  const form = useAdminForm("meta", TranslationMetaSchema, {
    slug: translation?.slug ?? "",
    title: translation?.title ?? "",
    summary: translation?.summary ?? "",
  });
  return (
    <AdminFormView form={form} submitLabel={translation ? "Save title and slug" : "Start this translation"}>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInput form={form} name="title" label="Title" />
        <AdminInput form={form} name="slug" label="Slug (in the URL)" />
      </div>
      <AdminTextarea form={form} name="summary" label="Summary (search engines, lists)" rows={2} />
    </AdminFormView>
  );
}

function IndexButton({
  intent,
  index,
  label,
  children,
}: {
  intent: string;
  index: number;
  label: string;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="index" value={index} />
      <button type="submit" className={quietButton} aria-disabled={busy || undefined} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

function BlockEditor({
  block,
  index,
  count,
  categories,
}: {
  block: Block;
  index: number;
  count: number;
  categories: { slug: string; name: string }[];
}) {
  const form = useAdminForm(`block-${index}`, BlockFormSchema, {
    index: String(index),
    ...blockToForm(block, (iso) => utcToShopLocal(iso)),
  });
  const upload = useAdminForm(`image-${index}`, BlockIndexSchema, { index: String(index) });
  const name = blockTypeNames[block.type];
  const label = `${name} (block ${index + 1})`;
  const field = (key: string, text: string, extra: Record<string, unknown> = {}) => (
    <AdminInput form={form} name={key} label={text} {...extra} />
  );
  return (
    <li className="border border-line p-4" id={`block-${index + 1}`}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">
          {index + 1}. {name}
        </h3>
        <div className="flex items-center">
          {index > 0 ? (
            <IndexButton intent={`up-${index}`} index={index} label={`Move ${label} up`}>
              <ArrowUp aria-hidden="true" className="size-4" />
            </IndexButton>
          ) : null}
          {index < count - 1 ? (
            <IndexButton intent={`down-${index}`} index={index} label={`Move ${label} down`}>
              <ArrowDown aria-hidden="true" className="size-4" />
            </IndexButton>
          ) : null}
          <IndexButton intent={`remove-${index}`} index={index} label={`Remove ${label}`}>
            <Trash2 aria-hidden="true" className="size-4" />
          </IndexButton>
        </div>
      </div>
      <AdminFormView
        form={form}
        submitLabel={
          <>
            Save block<span className="sr-only"> {index + 1}</span>
          </>
        }
      >
        <input type="hidden" name="index" value={index} />
        <input type="hidden" name="type" value={block.type} />
        {block.type === "hero" ? (
          <>
            {field("title", "Title")}
            <AdminTextarea form={form} name="text" label="Text" rows={2} />
            <div className="grid gap-4 sm:grid-cols-2">
              {field("image", "Picture path")}
              {field("imageAlt", "Picture description (alt)")}
              {field("ctaLabel", "Button label")}
              {field("ctaHref", "Button link (a path in the shop)")}
            </div>
          </>
        ) : null}
        {block.type === "text" ? (
          <>
            {field("heading", "Heading")}
            <AdminTextarea form={form} name="body" label="Text (blank line between paragraphs)" rows={6} />
          </>
        ) : null}
        {block.type === "image" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {field("src", "Picture path")}
            {field("alt", "Picture description (alt)")}
            {field("caption", "Caption")}
          </div>
        ) : null}
        {block.type === "shelf" ? (
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              {field("title", "Title")}
              <AdminSelect form={form} name="sourceKind" label="Products">
                <option value="filter">By filter (category and sort)</option>
                <option value="picks">Hand-picked</option>
                <option value="automatic">The shop's list (new in, best sellers)</option>
              </AdminSelect>
              {field("limit", "How many (1–24)", { inputMode: "numeric" })}
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <AdminSelect form={form} name="category" label="Filter: category">
                <option value="">Whole catalogue</option>
                {categories.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </AdminSelect>
              <AdminSelect form={form} name="sort" label="Filter: sort">
                {listingSorts.map((s) => (
                  <option key={s} value={s}>
                    {s.replace("_", " ")}
                  </option>
                ))}
              </AdminSelect>
              {field("productIds", "Hand-picked: product numbers")}
            </div>
            <AdminSelect form={form} name="list" label="The shop's list">
              <option value="new-in">New in</option>
              <option value="best-sellers">Best sellers</option>
            </AdminSelect>
          </>
        ) : null}
        {block.type === "listing" ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              {field("title", "Title")}
              <AdminSelect form={form} name="sourceKind" label="Products">
                <option value="filter">A category (and everything under it)</option>
                <option value="picks">Hand-picked</option>
              </AdminSelect>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <AdminSelect form={form} name="category" label="Category">
                <option value="">Whole catalogue</option>
                {categories.map((c) => (
                  <option key={c.slug} value={c.slug}>
                    {c.name}
                  </option>
                ))}
              </AdminSelect>
              {field("productIds", "Hand-picked: product numbers")}
            </div>
            <p className="text-xs text-muted">
              Shoppers filter and sort it like a category page. The preview shows its first products.
            </p>
          </>
        ) : null}
        {block.type === "tiles" ? (
          <>
            {field("title", "Title")}
            <AdminTextarea
              form={form}
              name="tiles"
              label="Tiles, one a line: Label | category-slug"
              rows={4}
            />
          </>
        ) : null}
        {block.type === "countdown" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {field("title", "Title")}
            {field("until", "Counts down to (Amsterdam time)", { type: "datetime-local" })}
          </div>
        ) : null}
        {block.type === "faq" ? (
          <>
            {field("title", "Title")}
            <AdminTextarea
              form={form}
              name="items"
              label="Questions: the question on the first line, the answer below, --- between questions"
              rows={6}
            />
          </>
        ) : null}
        {block.type === "video" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            {field("title", "Title")}
            {field("src", "Video path")}
            {field("poster", "Poster picture path")}
          </div>
        ) : null}
      </AdminFormView>
      {block.type === "hero" || block.type === "image" || block.type === "video" ? (
        <div className="mt-3 border-t border-line pt-3">
          <AdminFormView
            form={upload}
            encType="multipart/form-data"
            submitLabel={
              <>
                Upload picture<span className="sr-only"> for block {index + 1}</span>
              </>
            }
            className="flex flex-wrap items-end gap-3"
          >
            <input type="hidden" name="index" value={index} />
            <label className="text-sm">
              <span className="block pb-1">Picture (JPEG, PNG, WebP; at least 600 px wide)</span>
              <input type="file" name="image" accept="image/*" required className="text-sm" />
            </label>
          </AdminFormView>
        </div>
      ) : null}
    </li>
  );
}

function PickerResults({
  picks,
  shelfIndexes,
  q,
}: {
  picks: { id: number; name: string; brand: string | null }[];
  shelfIndexes: number[];
  q: string;
}) {
  if (picks.length === 0) return <p className="text-sm text-muted">Nothing found for “{q}”.</p>;
  return (
    <ul className="divide-y divide-line">
      {picks.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span>
            #{p.id} {p.name}
            {p.brand ? <span className="text-muted"> · {p.brand}</span> : null}
          </span>
          <span className="flex flex-wrap gap-1">
            {shelfIndexes.map((index) => (
              <Form method="post" key={index}>
                <input type="hidden" name="intent" value={`pick-${index}`} />
                <input type="hidden" name="index" value={index} />
                <input type="hidden" name="productId" value={p.id} />
                <button type="submit" className={secondaryButton}>
                  Add to block {index + 1}
                  <span className="sr-only"> ({p.name})</span>
                </button>
              </Form>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}

export default function ContentEntry({ loaderData }: Route.ComponentProps) {
  const { entry, locale, translation, missing, versions, shelves, categories, picks, q, previewPath } =
    loaderData;
  const addBlock = useAdminForm("add-block", AddBlockSchema, { type: "shelf" });
  const copy = useAdminForm("copy", CopyLocaleSchema, { from: locale === "en" ? "nl" : "en" });
  const publish = useAdminForm("publish", IntentOnlySchema);
  const blocks = translation?.blocks ?? [];
  const shelfIndexes = blocks.flatMap((b, i) => (b.type === "shelf" || b.type === "listing" ? [i] : []));
  const others = loaderData.translatedLocales.filter((l) => l !== locale);
  return (
    <>
      <PageHeader
        back={{ to: "/admin/content/", label: "Content" }}
        title={entry.name}
        description={`${entry.kind} · ${entry.publishedVersion ? `version ${entry.publishedVersion} online` : "never published"}${loaderData.unpublishedChanges ? " · the draft has unpublished changes" : ""}`}
        actions={
          <a href={previewPath} target="_blank" rel="noreferrer" className={secondaryButton}>
            <ExternalLink aria-hidden="true" className="size-4" /> Open preview link
            <span className="sr-only"> (new tab)</span>
          </a>
        }
      />
      <div className="grid gap-4 desktop:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="space-y-4">
          <Panel
            title="Publish"
            description={
              missing.length > 0
                ? `Missing before publishing: ${missing.map((l) => languageNames[l as Locale]).join(", ")}.`
                : "All four languages are there."
            }
          >
            <AdminFormView form={publish} submitLabel="Publish the draft" />
          </Panel>
          <Panel title="Schedule">
            <SettingsForm entry={entry} />
          </Panel>
          <nav aria-label="Language" className="flex flex-wrap gap-2">
            {locales.map((l) => (
              <Link
                key={l}
                to={`?locale=${l}`}
                aria-current={l === locale ? "page" : undefined}
                className={`${l === locale ? "bg-ink text-paper" : "border border-line bg-white"} inline-flex min-h-11 items-center gap-2 px-4 text-sm`}
              >
                {languageNames[l]}
                {missing.includes(l) ? <Badge tone="bad">missing</Badge> : null}
              </Link>
            ))}
          </nav>
          <Panel title={`${languageNames[locale]} text`}>
            <MetaForm key={`${locale}-${entry.updatedAt}`} translation={translation} />
            {others.length > 0 ? (
              <div className="mt-4 border-t border-line pt-4">
                <AdminFormView
                  form={copy}
                  submitLabel="Copy blocks"
                  className="flex flex-wrap items-end gap-3"
                >
                  <AdminSelect
                    form={copy}
                    name="from"
                    label="Start from another language (replaces this one)"
                  >
                    {others.map((l) => (
                      <option key={l} value={l}>
                        {languageNames[l]}
                      </option>
                    ))}
                  </AdminSelect>
                </AdminFormView>
              </div>
            ) : null}
          </Panel>
          {translation ? (
            <Panel
              title="Blocks"
              actions={<ActionStatus matches={(i) => /^(up|down|remove|pick)-/.test(i)} />}
            >
              {blocks.length === 0 ? <p className="mb-4 text-sm text-muted">No blocks yet.</p> : null}
              <ol className="space-y-4">
                {blocks.map((block, index) => (
                  <BlockEditor
                    // Re-mount after each save, so the form shows what was stored.
                    // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no ids; their position is their identity
                    key={`${locale}-${index}-${entry.updatedAt}`}
                    block={block}
                    index={index}
                    count={blocks.length}
                    categories={categories}
                  />
                ))}
              </ol>
              <div className="mt-4 border-t border-line pt-4">
                <AdminFormView
                  form={addBlock}
                  submitLabel="Add block"
                  className="flex flex-wrap items-end gap-3"
                >
                  <AdminSelect form={addBlock} name="type" label="New block">
                    {blockTypes.map((type) => (
                      <option key={type} value={type}>
                        {blockTypeNames[type]}
                      </option>
                    ))}
                  </AdminSelect>
                </AdminFormView>
              </div>
            </Panel>
          ) : null}
          {shelfIndexes.length > 0 ? (
            <Panel
              title="Pick products for a shelf"
              description="Search by name, brand, style code or number."
            >
              <Form method="get" className="mb-3 flex flex-wrap items-end gap-2">
                <input type="hidden" name="locale" value={locale} />
                <label className="text-sm">
                  <span className="block pb-1">Search products</span>
                  <input
                    type="search"
                    name="q"
                    defaultValue={q}
                    className="min-h-11 border border-line px-3"
                  />
                </label>
                <button type="submit" className={secondaryButton}>
                  Search
                </button>
              </Form>
              {picks ? <PickerResults picks={picks} shelfIndexes={shelfIndexes} q={q} /> : null}
            </Panel>
          ) : null}
          <Panel title="Versions">
            {versions.length === 0 ? (
              <p className="text-sm text-muted">Nothing published yet.</p>
            ) : (
              <ul className="divide-y divide-line">
                {versions.map((v) => (
                  <li
                    key={v.number}
                    className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                  >
                    <span>
                      Version {v.number} · {formatShopTime(v.publishedAt)}
                      {v.number === entry.publishedVersion ? (
                        <>
                          {" "}
                          <Badge tone="good">online</Badge>
                        </>
                      ) : null}
                    </span>
                    {v.number === entry.publishedVersion ? null : (
                      <Form method="post">
                        <input type="hidden" name="intent" value={`restore-${v.number}`} />
                        <input type="hidden" name="number" value={v.number} />
                        <button type="submit" className={secondaryButton}>
                          Restore version {v.number}
                        </button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <ActionStatus matches={(i) => i.startsWith("restore-")} />
          </Panel>
        </div>
        <section aria-label="Preview" className="min-w-0 desktop:sticky desktop:top-4 desktop:self-start">
          <p className="mb-2 text-xs tracking-[0.12em] uppercase">Preview · {languageNames[locale]} draft</p>
          <div className="max-h-[85vh] overflow-auto border border-line bg-paper">
            {translation ? (
              <>
                {blocks[0]?.type === "hero" ? null : (
                  <p className="px-4 pt-6 font-display text-3xl">{translation.title}</p>
                )}
                <ContentBlocks blocks={blocks} shelves={shelves} />
              </>
            ) : (
              <p className="p-4 text-sm text-muted">Start the {languageNames[locale]} translation first.</p>
            )}
          </div>
        </section>
      </div>
    </>
  );
}
