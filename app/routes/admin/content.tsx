import { Link, redirect } from "react-router";
import { AdminFormView, AdminInput, AdminSelect, useAdminForm } from "~/components/admin/admin-form";
import { Badge, DataTable, EmptyState, PageHeader, Panel, tableLink } from "~/components/admin/ui";
import { entryList } from "~/domains/content/content.server";
import { NewEntrySchema } from "~/domains/content/editor";
import { entryPhase } from "~/domains/content/schedule";
import { createContentEntry } from "~/domains/staff/staff.server";
import { isRefusal } from "~/platform/refusal";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/content";
import { requirePermission, runForm, unknownIntent } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  return { entries: await entryList(), now: new Date() };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "content");
  const formData = await request.formData();
  if (formData.get("intent") !== "create") unknownIntent();
  let created: number | null = null;
  const reply = await runForm(formData, NewEntrySchema, async (value) => {
    const id = await createContentEntry(actor, value);
    if (isRefusal(id)) return id;
    created = id;
    return "Created.";
  });
  return created ? redirect(`/admin/content/${created}/?locale=en`) : reply;
}

const kindNames = { page: "Content page", campaign: "Campaign", home: "Home page" } as const;
const phaseTone = { live: "good", early: "warn", upcoming: "warn", ended: "neutral" } as const;

export default function ContentList({ loaderData }: Route.ComponentProps) {
  const { entries, now } = loaderData;
  const form = useAdminForm("create", NewEntrySchema, { kind: "campaign" });
  return (
    <>
      <PageHeader
        title="Content"
        description="Campaigns, content pages and the home page's slots, in four languages. Shoppers see a version only once it is published and inside its window."
      />
      <div className="grid gap-4 desktop:grid-cols-[2fr_1fr]">
        <Panel title="Entries">
          {entries.length === 0 ? (
            <EmptyState>No content yet.</EmptyState>
          ) : (
            <DataTable caption="Content entries">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Window (Amsterdam)</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => {
                  const phase = entryPhase(
                    {
                      onlineFrom: entry.onlineFrom && new Date(entry.onlineFrom),
                      onlineUntil: entry.onlineUntil && new Date(entry.onlineUntil),
                      earlyAccessFrom: entry.earlyAccessFrom && new Date(entry.earlyAccessFrom),
                    },
                    new Date(now),
                  );
                  return (
                    <tr key={entry.id}>
                      <td>
                        <Link to={`/admin/content/${entry.id}/?locale=en`} className={tableLink}>
                          {entry.name}
                        </Link>
                        <span className="block text-xs text-muted">
                          {entry.titles.en ?? "no English yet"}
                        </span>
                      </td>
                      <td>{kindNames[entry.kind]}</td>
                      <td className="text-xs">
                        {entry.onlineFrom ? formatShopTime(entry.onlineFrom) : "from publishing"} –{" "}
                        {entry.onlineUntil ? formatShopTime(entry.onlineUntil) : "open end"}
                      </td>
                      <td className="space-x-1">
                        {entry.publishedVersion === null ? (
                          <Badge>draft</Badge>
                        ) : (
                          <Badge tone={phaseTone[phase]}>{phase}</Badge>
                        )}
                        {entry.publishedVersion !== null && entry.unpublishedChanges ? (
                          <Badge tone="warn">unpublished changes</Badge>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </DataTable>
          )}
        </Panel>
        <Panel title="New entry" description="Starts as a draft; add the four languages, then publish.">
          <AdminFormView form={form} submitLabel="Create draft">
            <AdminSelect form={form} name="kind" label="Kind">
              <option value="campaign">Campaign</option>
              <option value="page">Content page</option>
              <option value="home">Home page slots</option>
            </AdminSelect>
            <AdminInput form={form} name="name" label="Internal name" />
          </AdminFormView>
        </Panel>
      </div>
    </>
  );
}
