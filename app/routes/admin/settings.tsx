import {
  AdminFormView,
  AdminInput,
  AdminSwitch,
  AdminTextarea,
  useAdminForm,
} from "~/components/admin/admin-form";
import { Badge, DataTable, PageHeader, Panel } from "~/components/admin/ui";
import { TextInput } from "~/components/forms/controls";
import { Field } from "~/components/forms/field";
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
import { studentDomains } from "~/domains/marketing/marketing.server";
import { StudentDomainsFormSchema } from "~/domains/marketing/validation";
import { methodAvailability } from "~/domains/payments/payments.server";
import {
  changeHighlightThresholds,
  changeMaintenanceMode,
  changePaymentMethods,
  changeSetting,
  changeStudentDomains,
} from "~/domains/staff/staff.server";
import {
  centsToInput,
  MaintenanceSchema,
  PaymentMethodsSchema,
  paymentMethodIds,
  settingFormSchema,
} from "~/domains/staff/validation";
import { countries } from "~/platform/forms/validators";
import type { Route } from "./+types/settings";
import { requirePermission, runForm, unknownIntent } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "settings");
  const [maintenance, thresholds, methods, domains, stored] = await Promise.all([
    isMaintenanceMode(),
    highlightThresholds(),
    methodAvailability(),
    studentDomains(),
    Promise.all(settingKeys.map(async (key) => [key, settingValue(key, await readSetting(key))] as const)),
  ]);
  return {
    maintenance,
    thresholds,
    methods,
    domains,
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
  if (intent === "payment-methods")
    return runForm(formData, PaymentMethodsSchema, async (value) => {
      await changePaymentMethods(actor, value);
      return "Payment methods saved; checkout offers them at once.";
    });
  if (intent === "student-domains")
    return runForm(formData, StudentDomainsFormSchema, async (value) => {
      await changeStudentDomains(actor, value);
      return "Student domains saved; the student-discount form accepts them at once.";
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
  hours: "h",
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

type Domains = Route.ComponentProps["loaderData"]["domains"];

function StudentDomainsForm({ domains }: { domains: Domains }) {
  const form = useAdminForm(
    "student-domains",
    StudentDomainsFormSchema,
    Object.fromEntries(Object.entries(domains).map(([country, list]) => [country, list.join("\n")])),
  );
  return (
    <Panel
      title="Student e-mail domains"
      description="An address of a listed domain (or a subdomain of one) in the student's country of study may verify for the student discount. One domain a line."
    >
      <AdminFormView form={form} submitLabel="Save domains">
        <div className="grid gap-4 sm:grid-cols-2 desktop:grid-cols-4">
          {countries.map((country) => (
            <AdminTextarea key={country} form={form} name={country} label={country} rows={10} />
          ))}
        </div>
        <p className="text-xs text-muted">Used by: marketing (student discount)</p>
      </AdminFormView>
    </Panel>
  );
}

type Methods = Route.ComponentProps["loaderData"]["methods"];
const methodNames: Record<string, string> = {
  ideal: "iDEAL",
  bancontact: "Bancontact",
  card: "Card",
  applepay: "Apple Pay",
  klarna: "Klarna",
  afterpay: "Riverty (Afterpay)",
  billink: "Billink",
  fashioncheque: "Fashioncheque",
};

function PaymentMethodsForm({ methods }: { methods: Methods }) {
  const form = useAdminForm("payment-methods", PaymentMethodsSchema, {
    methods: Object.fromEntries(
      paymentMethodIds.map((id) => {
        const rule = methods[id];
        return [
          id,
          {
            enabled: rule?.enabled ? "on" : undefined,
            countries: rule?.countries ?? [],
            min: rule?.minCents === undefined ? "" : centsToInput(rule.minCents),
            max: rule?.maxCents === undefined ? "" : centsToInput(rule.maxCents),
          },
        ];
      }),
    ),
  });
  return (
    <Panel
      title="Payment methods"
      description="Where, and for which order totals, checkout offers each method."
    >
      <AdminFormView form={form} submitLabel="Save payment methods">
        <DataTable caption="Payment methods">
          <thead>
            <tr>
              <th>Method</th>
              <th>Offered</th>
              <th>Countries</th>
              <th>From (€)</th>
              <th>Up to (€)</th>
            </tr>
          </thead>
          <tbody>
            {paymentMethodIds.map((id) => {
              const rule = methods[id];
              const at = (key: string) => form.field(`methods.${id}.${key}`);
              const cell = (key: "min" | "max", label: string) => {
                const meta = at(key);
                return (
                  <Field
                    id={meta.id}
                    label={<span className="sr-only">{label}</span>}
                    error={meta.errors?.[0]}
                  >
                    {(control) => (
                      <TextInput
                        name={meta.name}
                        defaultValue={(meta.initialValue as string | undefined) ?? ""}
                        inputMode="decimal"
                        className="w-28"
                        {...control}
                      />
                    )}
                  </Field>
                );
              };
              return (
                <tr key={id}>
                  <td className="font-medium">{methodNames[id]}</td>
                  <td>
                    <label className="inline-flex min-h-11 items-center gap-2">
                      <input
                        type="checkbox"
                        name={at("enabled").name}
                        defaultChecked={rule?.enabled}
                        className="size-4 accent-ink"
                      />
                      <span className="sr-only">Offer {methodNames[id]}</span>
                    </label>
                  </td>
                  <td>
                    <fieldset className="flex flex-wrap gap-x-3">
                      <legend className="sr-only">Countries for {methodNames[id]}</legend>
                      {countries.map((country) => (
                        <label key={country} className="inline-flex min-h-11 items-center gap-1.5">
                          <input
                            type="checkbox"
                            name={at("countries").name}
                            value={country}
                            defaultChecked={rule?.countries.includes(country)}
                            className="size-4 accent-ink"
                          />
                          {country}
                        </label>
                      ))}
                    </fieldset>
                  </td>
                  <td>{cell("min", `Lowest total for ${methodNames[id]}`)}</td>
                  <td>{cell("max", `Highest total for ${methodNames[id]}`)}</td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </AdminFormView>
    </Panel>
  );
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { maintenance, thresholds, methods, domains, values } = loaderData;
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
        <PaymentMethodsForm key={JSON.stringify(methods)} methods={methods} />
      </div>
      <div className="mt-4">
        <StudentDomainsForm key={JSON.stringify(domains)} domains={domains} />
      </div>
      <div className="mt-4">
        <HighlightsForm key={JSON.stringify(thresholds)} thresholds={thresholds} />
      </div>
    </>
  );
}
