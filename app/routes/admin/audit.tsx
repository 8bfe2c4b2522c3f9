import { AuditTrail } from "~/components/admin/audit-trail";
import { PageHeader, Pagination, Panel, SearchBar } from "~/components/admin/ui";
import { Select } from "~/components/forms/controls";
import { labelClass } from "~/components/forms/styles";
import { auditLog } from "~/domains/staff/staff.server";
import { pageOf } from "~/domains/staff/validation";
import type { Route } from "./+types/audit";
import { requirePermission } from "./admin.server";

const targetTypes = [
  "product",
  "category",
  "synonyms",
  "size-chart",
  "customer",
  "staff",
  "setting",
  "notice",
  "order",
];

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "audit");
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").slice(0, 200);
  const type = params.get("type") ?? "";
  const log = await auditLog({
    q: q || undefined,
    targetType: targetTypes.includes(type) ? type : undefined,
    targetId: params.get("id") || undefined,
    page: pageOf(params.get("page")),
  });
  return { q, type, ...log };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { entries, q, type, page, pageSize, total } = loaderData;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every action of every staff member, newest first. Entries are never changed or removed."
      />
      <SearchBar q={q} label="Search by staff e-mail, action, text or target id">
        <div>
          <label htmlFor="type" className={`${labelClass} inline-block pb-1.5`}>
            About
          </label>
          <Select id="type" name="type" defaultValue={type}>
            <option value="">Anything</option>
            {targetTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </Select>
        </div>
      </SearchBar>
      <Panel title="Entries">
        <AuditTrail entries={entries} showTarget />
      </Panel>
      <Pagination page={page} pageSize={pageSize} total={total} />
    </>
  );
}
