import { z } from "zod";
import { AdminFormView, useAdminForm } from "~/components/admin/admin-form";
import { DiscountCodeFields, describeCode } from "~/components/admin/discount-code-fields";
import { Badge, DataTable, EmptyState, Euros, PageHeader, Panel } from "~/components/admin/ui";
import { discountCodeDetail } from "~/domains/promotions/promotions.server";
import { DiscountCodeFormSchema } from "~/domains/staff/credit-validation";
import { saveDiscountCodeByStaff, setDiscountCodeActiveByStaff } from "~/domains/staff/staff.server";
import { centsToInput } from "~/domains/staff/validation";
import { formatShopTime, utcToShopLocal } from "~/platform/shop-time";
import type { Route } from "./+types/promotion";
import { idParam, notFound, requirePermission, runForm, said, unknownIntent } from "./admin.server";

const PauseSchema = z.object({});

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "promotions");
  const detail = await discountCodeDetail(idParam(params.id));
  if (!detail) notFound();
  return detail;
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "promotions");
  const id = idParam(params.id);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "edit")
    return runForm(formData, DiscountCodeFormSchema, async (value) =>
      said(await saveDiscountCodeByStaff(actor, id, value), "Code saved."),
    );
  if (intent === "pause" || intent === "resume")
    return runForm(formData, PauseSchema, async () =>
      said(
        await setDiscountCodeActiveByStaff(actor, id, intent === "resume"),
        intent === "resume" ? "Code resumed." : "Code paused: checkout refuses it now.",
      ),
    );
  unknownIntent();
}

export default function Promotion({ loaderData }: Route.ComponentProps) {
  const { code, redemptions } = loaderData;
  const edit = useAdminForm("edit", DiscountCodeFormSchema, {
    code: code.code,
    kind: code.kind,
    percent: code.percent === null ? "" : String(code.percent),
    amount: code.amountCents === null ? "" : centsToInput(code.amountCents),
    minSubtotal: code.minSubtotalCents ? centsToInput(code.minSubtotalCents) : "",
    startsAt: code.startsAt ? utcToShopLocal(code.startsAt) : "",
    endsAt: code.endsAt ? utcToShopLocal(code.endsAt) : "",
    usageLimit: code.usageLimit === null ? "" : String(code.usageLimit),
    perCustomerLimit: code.perCustomerLimit === null ? "" : String(code.perCustomerLimit),
    firstOrderOnly: code.firstOrderOnly ? "on" : "",
    excludedProductIds: code.excludedProductIds.join(", "),
    description: code.description ?? "",
  });
  const toggle = useAdminForm(code.isActive ? "pause" : "resume", PauseSchema);
  return (
    <>
      <PageHeader
        title={code.code}
        description={`${describeCode(code)} · used ${code.timesUsed}${code.usageLimit ? ` of ${code.usageLimit}` : ""} times · issued by ${code.source ?? "staff"}`}
      />
      <Panel title="State">
        <div className="flex flex-wrap items-center gap-4">
          <Badge tone={code.isActive ? "good" : "neutral"}>{code.isActive ? "active" : "paused"}</Badge>
          <AdminFormView
            form={toggle}
            submitLabel={code.isActive ? "Pause code" : "Resume code"}
            tone={code.isActive ? "danger" : "primary"}
            className="flex items-center gap-3"
          />
        </div>
      </Panel>
      {code.source === null ? (
        <Panel
          className="mt-4"
          title="Edit"
          description="Times are Amsterdam time; empty limits mean unlimited."
        >
          <AdminFormView form={edit} submitLabel="Save code">
            <DiscountCodeFields form={edit} />
          </AdminFormView>
        </Panel>
      ) : (
        <Panel className="mt-4" title="Personal code">
          <p className="text-sm">
            Issued by the {code.source} feature: {code.description}. Its terms were sent to its holder, so it
            can only be paused.
          </p>
        </Panel>
      )}
      <Panel className="mt-4" title="Orders that used it">
        {redemptions.length === 0 ? (
          <EmptyState>Not used yet.</EmptyState>
        ) : (
          <DataTable caption="Redemptions">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Customer</th>
                <th scope="col">Discount</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {redemptions.map((r) => (
                <tr key={r.orderNumber}>
                  <td>
                    <a href={`/admin/orders/${r.orderNumber}/`} className="underline underline-offset-4">
                      {r.orderNumber}
                    </a>
                  </td>
                  <td>{r.email}</td>
                  <td>
                    <Euros cents={r.amountCents} />
                  </td>
                  <td>
                    {formatShopTime(r.createdAt)}
                    {r.releasedAt ? <span className="block text-xs text-muted">given back</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
    </>
  );
}
