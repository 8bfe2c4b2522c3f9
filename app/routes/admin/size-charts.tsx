import { Form, Link } from "react-router";
import { z } from "zod";
import { type AdminForm, AdminFormView, useAdminForm } from "~/components/admin/admin-form";
import { Badge, DataTable, PageHeader, Panel, secondaryButton } from "~/components/admin/ui";
import { TextInput } from "~/components/forms/controls";
import { Field } from "~/components/forms/field";
import { garmentFamilies } from "~/domains/sizing/size-charts";
import { type StaffSizeChart, sizeChartsForStaff } from "~/domains/sizing/sizing.server";
import { changeSizeChart, restoreSizeChart } from "~/domains/staff/staff.server";
import { SizeChartSchema } from "~/domains/staff/validation";
import type { Route } from "./+types/size-charts";
import { requirePermission, runForm, said, unknownIntent } from "./admin.server";

const measurements = ["chest", "waist", "hips"] as const;
const ResetSchema = z.object({
  profile: z.enum(["women", "men"]),
  family: z.enum(garmentFamilies),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const charts = await sizeChartsForStaff();
  const wanted = new URL(request.url).searchParams.get("chart");
  const chart = charts.find((c) => `${c.profile}/${c.family}` === wanted) ?? charts[0]!;
  return { charts, chart };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "catalogue");
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "chart":
      return runForm(formData, SizeChartSchema, async (value) => {
        return said(await changeSizeChart(actor, value), "Chart saved; size advice uses it within a minute.");
      });
    case "reset":
      return runForm(formData, ResetSchema, async (value) => {
        return said(await restoreSizeChart(actor, value), "Chart back to the built-in ranges.");
      });
    default:
      unknownIntent();
  }
}

export default function SizeCharts({ loaderData }: Route.ComponentProps) {
  const { charts, chart } = loaderData;
  const current = `${chart.profile}/${chart.family}`;
  return (
    <>
      <PageHeader
        title="Size charts"
        description="Body measurements in cm per size, by department and garment family. Size advice on product pages matches a shopper's estimated measurements against these ranges."
      />
      <nav aria-label="Charts" className="mb-4 flex flex-wrap gap-2">
        {charts.map((c) => {
          const key = `${c.profile}/${c.family}`;
          return (
            <Link
              key={key}
              to={`?chart=${key}`}
              aria-current={key === current ? "page" : undefined}
              className="inline-flex min-h-11 items-center gap-2 border border-line bg-white px-3 text-sm aria-[current=page]:border-ink aria-[current=page]:bg-ink aria-[current=page]:text-paper"
            >
              {c.profile} · {c.family}
              {c.custom ? <span className="text-xs opacity-80">(changed)</span> : null}
            </Link>
          );
        })}
      </nav>
      <ChartEditor key={`${current}-${JSON.stringify(chart.sizes)}`} chart={chart} />
    </>
  );
}

function ChartEditor({ chart }: { chart: StaffSizeChart }) {
  const form = useAdminForm("chart", SizeChartSchema, {
    profile: chart.profile,
    family: chart.family,
    sizes: chart.sizes.map((s) => ({
      size: s.size,
      ...Object.fromEntries(
        measurements.flatMap((m) => {
          const range = s.ranges[m];
          return range
            ? [
                [`${m}Min`, String(range[0])],
                [`${m}Max`, String(range[1])],
              ]
            : [];
        }),
      ),
    })),
  });
  return (
    <Panel
      title={`${chart.profile} · ${chart.family}`}
      description={`Decided by ${chart.keys.join(" and ")}; the other measurements are shown in the size table only.`}
      actions={
        chart.custom ? (
          <Form method="post">
            <input type="hidden" name="intent" value="reset" />
            <input type="hidden" name="profile" value={chart.profile} />
            <input type="hidden" name="family" value={chart.family} />
            <button type="submit" className={secondaryButton}>
              Back to built-in ranges
            </button>
          </Form>
        ) : (
          <Badge>built-in</Badge>
        )
      }
    >
      <AdminFormView form={form} submitLabel="Save chart">
        <input type="hidden" name="profile" value={chart.profile} />
        <input type="hidden" name="family" value={chart.family} />
        <DataTable caption={`Ranges of ${chart.profile} ${chart.family}`}>
          <thead>
            <tr>
              <th>Size</th>
              {measurements.map((m) => (
                <th key={m} colSpan={2}>
                  {m} (cm){chart.keys.includes(m) ? " *" : ""}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.sizes.map((s, index) => (
              <tr key={s.size}>
                <td className="font-medium">
                  {s.size}
                  <input type="hidden" name={`sizes[${index}].size`} value={s.size} />
                </td>
                {measurements.flatMap((m) =>
                  (["Min", "Max"] as const).map((end) => (
                    <td key={`${m}${end}`}>
                      <RangeInput
                        form={form}
                        name={`sizes[${index}].${m}${end}`}
                        label={`${s.size} ${m} ${end === "Min" ? "from" : "to"}`}
                      />
                    </td>
                  )),
                )}
              </tr>
            ))}
          </tbody>
        </DataTable>
        <p className="text-sm text-muted">
          * decides the size. Ranges may not shrink from one size to the next, nor leave a gap.
        </p>
      </AdminFormView>
    </Panel>
  );
}

function RangeInput({ form, name, label }: { form: AdminForm; name: string; label: string }) {
  const meta = form.field(name);
  return (
    <Field id={meta.id} label={<span className="sr-only">{label}</span>} error={meta.errors?.[0]}>
      {(control) => (
        <TextInput
          name={meta.name}
          defaultValue={(meta.initialValue as string | undefined) ?? ""}
          inputMode="numeric"
          className="w-20"
          {...control}
        />
      )}
    </Field>
  );
}
