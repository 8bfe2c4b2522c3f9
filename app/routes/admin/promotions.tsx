import { Link } from "react-router";
import { AdminFormView, useAdminForm } from "~/components/admin/admin-form";
import { DiscountCodeFields, describeCode } from "~/components/admin/discount-code-fields";
import {
  Badge,
  DataTable,
  EmptyState,
  Euros,
  PageHeader,
  Pagination,
  Panel,
  SearchBar,
} from "~/components/admin/ui";
import { discountCodeList } from "~/domains/promotions/promotions.server";
import { DiscountCodeFormSchema } from "~/domains/staff/credit-validation";
import { saveDiscountCodeByStaff } from "~/domains/staff/staff.server";
import { pageOf } from "~/domains/staff/validation";
import type { Route } from "./+types/promotions";
import { requirePermission, runForm, unknownIntent } from "./admin.server";

const sources = ["staff", "newsletter", "referral", "student"] as const;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "promotions");
  const params = new URL(request.url).searchParams;
  const source = sources.find((s) => s === params.get("source")) ?? null;
  const q = params.get("q") ?? "";
  const page = pageOf(params.get("page"));
  return { ...(await discountCodeList({ q, source, page })), q, source, page };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "promotions");
  const formData = await request.formData();
  if (formData.get("intent") !== "create") unknownIntent();
  return runForm(formData, DiscountCodeFormSchema, async (value) => {
    const id = await saveDiscountCodeByStaff(actor, null, value);
    if (typeof id !== "number") return id;
    return { message: `Code ${value.code.toUpperCase()} created.`, created: `/admin/promotions/${id}/` };
  });
}

export default function Promotions({ loaderData }: Route.ComponentProps) {
  const { rows, total, issued, q, source, page } = loaderData;
  const form = useAdminForm("create", DiscountCodeFormSchema, { kind: "percentage" });
  return (
    <>
      <PageHeader
        title="Discount codes"
        description="Every code of the promotions engine: staff's codes, and the personal single-use codes the newsletter, refer-a-friend and the student discount issue."
      />
      <Panel title="Personal codes issued">
        {issued.length === 0 ? (
          <EmptyState>No feature has issued a code yet.</EmptyState>
        ) : (
          <ul className="flex flex-wrap gap-6 text-sm">
            {issued.map((row) => (
              <li key={row.source}>
                <Link to={`/admin/promotions/?source=${row.source}`} className="underline underline-offset-4">
                  {row.source}
                </Link>
                : {row.n} issued, {row.used ?? 0} used
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <div className="mt-4">
        <SearchBar q={q} label="Code or description">
          <div>
            <label htmlFor="source" className="inline-block pb-1.5 text-xs tracking-[0.14em] uppercase">
              Issued by
            </label>
            <select
              id="source"
              name="source"
              defaultValue={source ?? ""}
              className="min-h-11 border border-line px-3"
            >
              <option value="">Anyone</option>
              {sources.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        </SearchBar>
      </div>
      <Panel title="Codes">
        {rows.length === 0 ? (
          <EmptyState>No codes found.</EmptyState>
        ) : (
          <DataTable caption="Discount codes">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Conditions</th>
                <th scope="col">Used</th>
                <th scope="col">Issued by</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((code) => (
                <tr key={code.id}>
                  <td>
                    <Link
                      to={`/admin/promotions/${code.id}/`}
                      className="font-mono underline underline-offset-4"
                    >
                      {code.code}
                    </Link>
                    <span className="block text-xs text-muted">{code.description ?? ""}</span>
                  </td>
                  <td>{describeCode(code)}</td>
                  <td className="text-xs">
                    {code.minSubtotalCents > 0 ? (
                      <span className="block">
                        from <Euros cents={code.minSubtotalCents} />
                      </span>
                    ) : null}
                    {code.firstOrderOnly ? <span className="block">first order</span> : null}
                    {code.perCustomerLimit ? (
                      <span className="block">{code.perCustomerLimit}× per customer</span>
                    ) : null}
                  </td>
                  <td>
                    {code.timesUsed}
                    {code.usageLimit ? ` / ${code.usageLimit}` : ""}
                  </td>
                  <td>{code.source ?? "staff"}</td>
                  <td>
                    <Badge tone={code.isActive ? "good" : "neutral"}>
                      {code.isActive ? "active" : "paused"}
                    </Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        <Pagination page={page} pageSize={50} total={total} />
      </Panel>
      <Panel
        className="mt-4"
        title="New code"
        description="Times are Amsterdam time; empty limits mean unlimited."
      >
        <AdminFormView form={form} submitLabel="Create code">
          <DiscountCodeFields form={form} />
        </AdminFormView>
      </Panel>
    </>
  );
}
