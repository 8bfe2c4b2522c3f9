import { Form, Link } from "react-router";
import { z } from "zod";
import { AdminFormView, AdminInput, useAdminForm } from "~/components/admin/admin-form";
import { EmptyState, PageHeader, Panel, quietButton } from "~/components/admin/ui";
import { synonymGroups } from "~/domains/search/search.server";
import { type SynonymGroupInput, SynonymGroupSchema } from "~/domains/search/validation";
import { deleteSynonyms, saveSynonyms } from "~/domains/staff/staff.server";
import { isLocale, type Locale, languageNames, locales } from "~/platform/i18n/locales";
import type { Route } from "./+types/synonyms";
import { requirePermission, runForm, said, unknownIntent } from "./admin.server";

const DeleteSchema = z.object({ id: z.number().int().positive() });

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const requested = new URL(request.url).searchParams.get("locale");
  const locale: Locale = isLocale(requested) ? requested : "en";
  return { locale, groups: await synonymGroups(locale) };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "catalogue");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "delete")
    return runForm(formData, DeleteSchema, async ({ id }) => {
      return said(await deleteSynonyms(actor, id), "Group removed.");
    });
  if (intent === "add" || intent.startsWith("group-"))
    return runForm(formData, SynonymGroupSchema, async (value: SynonymGroupInput) => {
      return said(await saveSynonyms(actor, value), "Saved; searches use it at once.");
    });
  unknownIntent();
}

function GroupForm({ locale, group }: { locale: Locale; group?: { id: number; words: string[] } }) {
  const intent = group ? `group-${group.id}` : "add";
  const form = useAdminForm(intent, SynonymGroupSchema, {
    locale,
    words: group?.words.join(", ") ?? "",
    ...(group ? { id: String(group.id) } : {}),
  });
  return (
    <AdminFormView
      form={form}
      submitLabel={group ? "Save" : "Add group"}
      className="flex flex-wrap items-end gap-3"
      inline
    >
      <input type="hidden" name="locale" value={locale} />
      {group ? <input type="hidden" name="id" value={group.id} /> : null}
      <AdminInput
        form={form}
        name="words"
        label={group ? `Words of group ${group.id}` : "New group of words"}
        className="min-w-64 flex-1"
        placeholder={group ? undefined : "e.g. trousers, pants, slacks"}
      />
    </AdminFormView>
  );
}

export default function Synonyms({ loaderData }: Route.ComponentProps) {
  const { locale, groups } = loaderData;
  return (
    <>
      <PageHeader
        title="Synonyms"
        description="Words that mean the same in a language: a search for one also finds the others. One word per entry, separated by commas."
      />
      <nav aria-label="Languages" className="mb-4 flex gap-1 border-b border-line">
        {locales.map((l) => (
          <Link
            key={l}
            to={`?locale=${l}`}
            aria-current={l === locale ? "page" : undefined}
            className="inline-flex min-h-11 items-center border-b-2 border-transparent px-4 text-sm aria-[current=page]:border-ink aria-[current=page]:font-medium"
          >
            {languageNames[l]}
          </Link>
        ))}
      </nav>
      <Panel title={`${languageNames[locale]} thesaurus`} description={`${groups.length} groups`}>
        <div className="mb-6">
          <GroupForm key={`add-${locale}`} locale={locale} />
        </div>
        {groups.length === 0 ? (
          <EmptyState>No synonyms in this language yet.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {groups.map((group) => (
              <li
                key={`${group.id}-${group.words.join()}`}
                className="flex flex-wrap items-end gap-2 border-t border-line pt-3"
              >
                <div className="flex-1">
                  <GroupForm locale={locale} group={group} />
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={group.id} />
                  <button type="submit" className={`${quietButton} text-sale`}>
                    Remove<span className="sr-only"> group {group.id}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </>
  );
}
