import { z } from "zod";
import {
  ActionStatus,
  AdminFormView,
  AdminInput,
  AdminSelect,
  useAdminForm,
} from "~/components/admin/admin-form";
import { Badge, EmptyState, PageHeader, Panel } from "~/components/admin/ui";
import { allNotices, type StoredNotice } from "~/domains/content/content.server";
import { endSiteNotice, publishSiteNotice } from "~/domains/staff/staff.server";
import { NoticeSchema } from "~/domains/staff/validation";
import { languageNames, locales } from "~/platform/i18n/locales";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/notices";
import { requirePermission, runForm, unknownIntent } from "./admin.server";

const EndSchema = z.object({ id: z.number().int().positive() });

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content");
  return { notices: await allNotices(), now: new Date() };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "content");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "publish")
    return runForm(formData, NoticeSchema, async (value) => {
      await publishSiteNotice(actor, value);
      return "Notice published; the banner shows within seconds.";
    });
  if (intent.startsWith("end-"))
    return runForm(formData, EndSchema, async ({ id }) => {
      await endSiteNotice(actor, id);
      return "Notice ended.";
    });
  unknownIntent();
}

function state(notice: StoredNotice, now: Date): "live" | "planned" | "ended" {
  if (notice.endsAt && new Date(notice.endsAt) <= now) return "ended";
  return new Date(notice.startsAt) > now ? "planned" : "live";
}

function EndForm({ id }: { id: number }) {
  const form = useAdminForm(`end-${id}`, EndSchema, { id: String(id) });
  return (
    <AdminFormView
      form={form}
      submitLabel={
        <>
          End now<span className="sr-only"> (notice {id})</span>
        </>
      }
      tone="danger"
      className="flex items-center gap-2"
    >
      <input type="hidden" name="id" value={id} />
    </AdminFormView>
  );
}

export default function Notices({ loaderData }: Route.ComponentProps) {
  const { notices, now } = loaderData;
  const form = useAdminForm("publish", NoticeSchema, { tone: "info" });
  return (
    <>
      <PageHeader
        title="Site notices"
        description="Banners above every shop page, in the shopper's language."
      />
      <Panel title="Notices" actions={<ActionStatus matches={(intent) => intent.startsWith("end-")} />}>
        {notices.length === 0 ? (
          <EmptyState>No notices yet.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {notices.map((notice) => {
              const s = state(notice, new Date(now));
              return (
                <li
                  key={notice.id}
                  className="flex flex-wrap items-start justify-between gap-3 border-t border-line pt-3"
                >
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      {notice.message.en}
                      <Badge tone={s === "live" ? "good" : s === "planned" ? "warn" : "neutral"}>{s}</Badge>
                      {notice.tone === "warning" ? <Badge tone="bad">warning</Badge> : null}
                    </p>
                    <p className="text-xs text-muted">
                      {formatShopTime(notice.startsAt)} –{" "}
                      {notice.endsAt ? formatShopTime(notice.endsAt) : "until ended"}
                    </p>
                  </div>
                  {s === "ended" ? null : <EndForm id={notice.id} />}
                </li>
              );
            })}
          </ul>
        )}
      </Panel>
      <Panel
        className="mt-4"
        title="Publish a notice"
        description="Write it in all four languages. Times are Amsterdam time; leave the start empty for now."
      >
        <AdminFormView form={form} submitLabel="Publish notice">
          <div className="grid gap-4 sm:grid-cols-2">
            {locales.map((locale) => (
              <AdminInput
                key={locale}
                form={form}
                name={`message.${locale}`}
                label={`Text in ${languageNames[locale]}`}
              />
            ))}
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <AdminSelect form={form} name="tone" label="Tone">
              <option value="info">Information</option>
              <option value="warning">Warning</option>
            </AdminSelect>
            <AdminInput form={form} name="startsAt" label="Starts" type={"datetime-local" as "text"} />
            <AdminInput form={form} name="endsAt" label="Ends" type={"datetime-local" as "text"} />
          </div>
        </AdminFormView>
      </Panel>
    </>
  );
}
