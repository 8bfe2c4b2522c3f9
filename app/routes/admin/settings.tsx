import { AdminFormView, AdminInput, AdminSwitch, useAdminForm } from "~/components/admin/admin-form";
import { Badge, PageHeader, Panel } from "~/components/admin/ui";
import { isMaintenanceMode, readSetting, settingValue } from "~/domains/content/content.server";
import {
  isSettingKey,
  type SettingDefinition,
  type SettingKey,
  settingDefinitions,
  settingKeys,
} from "~/domains/content/settings";
import { highlightThresholds } from "~/domains/highlights/highlights.server";
import { HighlightThresholdsSchema } from "~/domains/highlights/thresholds";
import {
  changeHighlightThresholds,
  changeMaintenanceMode,
  changeSetting,
} from "~/domains/staff/staff.server";
import { centsToInput, MaintenanceSchema, settingFormSchema } from "~/domains/staff/validation";
import type { Route } from "./+types/settings";
import { requirePermission, runForm, unknownIntent } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "settings");
  const [maintenance, thresholds, stored] = await Promise.all([
    isMaintenanceMode(),
    highlightThresholds(),
    Promise.all(settingKeys.map(async (key) => [key, settingValue(key, await readSetting(key))] as const)),
  ]);
  return {
    maintenance,
    thresholds,
    values: Object.fromEntries(stored) as Record<SettingKey, Record<string, number>>,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "settings");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent === "maintenance") {
    const wasOn = await isMaintenanceMode();
    return runForm(formData, MaintenanceSchema, async ({ on }) => {
      await changeMaintenanceMode(actor, on, wasOn);
      return on ? "The shop is closed for maintenance (staff still see it)." : "The shop is open.";
    });
  }
  if (intent === "highlights")
    return runForm(formData, HighlightThresholdsSchema, async (value) => {
      await changeHighlightThresholds(actor, value);
      return "Thresholds saved; labels follow at the next highlights run (within 5 minutes).";
    });
  if (isSettingKey(intent))
    return runForm(formData, settingFormSchema(intent), async (value) => {
      await changeSetting(actor, intent, value);
      return "Saved.";
    });
  unknownIntent();
}

const units = {
  units: "",
  cents: "€",
  percent: "%",
  minutes: "min",
  days: "days",
  months: "months",
} as const;

function SettingForm({ settingKey, value }: { settingKey: SettingKey; value: Record<string, number> }) {
  const definition: SettingDefinition = settingDefinitions[settingKey];
  const defaults = Object.fromEntries(
    Object.entries(definition.fields).map(([name, field]) => [
      name,
      field.unit === "cents" ? centsToInput(value[name] ?? 0) : String(value[name] ?? ""),
    ]),
  );
  const form = useAdminForm(settingKey, settingFormSchema(settingKey), defaults);
  const isDefault = JSON.stringify(value) === JSON.stringify(definition.defaults);
  return (
    <Panel
      title={definition.title}
      description={definition.description}
      actions={isDefault ? <Badge>default</Badge> : <Badge tone="warn">changed</Badge>}
    >
      <AdminFormView form={form} submitLabel="Save">
        <div className="grid gap-4 sm:grid-cols-2">
          {Object.entries(definition.fields).map(([name, field]) => (
            <AdminInput
              key={name}
              form={form}
              name={name}
              label={`${field.label}${units[field.unit] ? ` (${units[field.unit]})` : ""}`}
              inputMode={field.unit === "cents" ? "decimal" : "numeric"}
            />
          ))}
        </div>
        <p className="text-xs text-muted">Used by: {definition.usedBy}</p>
      </AdminFormView>
    </Panel>
  );
}

const thresholdLabels: Record<string, string> = {
  viewed: "Viewed",
  inCarts: "In carts",
  soldRecently: "Sold recently",
  wishlisted: "Wishlisted",
  hotDrop: "Hot drop",
  backInStock: "Back in stock",
  sellingOutSoon: "Selling out soon",
  fewLeft: "Few left",
  goodFit: "Good fit",
  bestSeller: "Best seller",
};

function HighlightsForm({ thresholds }: { thresholds: Record<string, Record<string, number>> }) {
  const form = useAdminForm(
    "highlights",
    HighlightThresholdsSchema,
    Object.fromEntries(
      Object.entries(thresholds).map(([group, values]) => [
        group,
        Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])),
      ]),
    ),
  );
  return (
    <Panel
      title="Highlight labels"
      description="When a product earns each label; labels are computed from real events."
    >
      <AdminFormView form={form} submitLabel="Save thresholds">
        <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2 desktop:grid-cols-3">
          {Object.entries(thresholds).map(([group, values]) => (
            <fieldset key={group} className="space-y-2 border-t border-line pt-3">
              <legend className="pe-2 text-sm font-semibold">{thresholdLabels[group] ?? group}</legend>
              {Object.keys(values).map((key) => (
                <AdminInput
                  key={key}
                  form={form}
                  name={`${group}.${key}`}
                  label={key.replace(/([A-Z0-9]+)/g, " $1").toLowerCase()}
                  inputMode="numeric"
                />
              ))}
            </fieldset>
          ))}
        </div>
      </AdminFormView>
    </Panel>
  );
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { maintenance, thresholds, values } = loaderData;
  const maintenanceForm = useAdminForm("maintenance", MaintenanceSchema, {
    on: maintenance ? "on" : undefined,
  });
  return (
    <>
      <PageHeader
        title="Settings"
        description="The values PRODUCT.md leaves to operators. Every change is in the audit log."
      />
      <Panel
        title="Maintenance mode"
        description="While on, every shop page answers with the maintenance page (503); signed-in staff still see the shop."
        actions={maintenance ? <Badge tone="bad">shop closed</Badge> : <Badge tone="good">shop open</Badge>}
      >
        <AdminFormView key={String(maintenance)} form={maintenanceForm} submitLabel="Save">
          <AdminSwitch form={maintenanceForm} name="on" label="Close the shop for maintenance" />
        </AdminFormView>
      </Panel>
      <div className="mt-4 grid gap-4 desktop:grid-cols-2">
        {settingKeys.map((key) => (
          <SettingForm key={`${key}-${JSON.stringify(values[key])}`} settingKey={key} value={values[key]} />
        ))}
      </div>
      <div className="mt-4">
        <HighlightsForm key={JSON.stringify(thresholds)} thresholds={thresholds} />
      </div>
    </>
  );
}
