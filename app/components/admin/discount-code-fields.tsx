import { centsToDecimal } from "~/platform/money";
import { type AdminForm, AdminInput, AdminSelect, AdminSwitch } from "./admin-form";

/** What a code does, in a few words. */
export function describeCode(code: {
  kind: string;
  percent: number | null;
  amountCents: number | null;
}): string {
  if (code.kind === "percentage") return `${code.percent} % off`;
  if (code.kind === "fixed") return `€${centsToDecimal(code.amountCents ?? 0)} off`;
  return "Free shipping";
}

/** The fields of a code, shared by the create form here and the edit form of a code's page. */
export function DiscountCodeFields({ form }: { form: AdminForm }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminInput form={form} name="code" label="Code" autoCapitalize="characters" />
        <AdminSelect form={form} name="kind" label="Kind">
          <option value="percentage">Percentage</option>
          <option value="fixed">Fixed amount</option>
          <option value="free-shipping">Free shipping</option>
        </AdminSelect>
        <AdminInput form={form} name="description" label="Description (staff only)" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <AdminInput form={form} name="percent" label="Percent (percentage codes)" inputMode="numeric" />
        <AdminInput form={form} name="amount" label="Amount in € (fixed codes)" inputMode="decimal" />
        <AdminInput form={form} name="minSubtotal" label="Minimum subtotal in €" inputMode="decimal" />
      </div>
      <div className="grid gap-4 sm:grid-cols-4">
        <AdminInput form={form} name="startsAt" label="Starts" type={"datetime-local" as "text"} />
        <AdminInput form={form} name="endsAt" label="Ends" type={"datetime-local" as "text"} />
        <AdminInput form={form} name="usageLimit" label="Uses in total" inputMode="numeric" />
        <AdminInput form={form} name="perCustomerLimit" label="Uses per customer" inputMode="numeric" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <AdminInput
          form={form}
          name="excludedProductIds"
          label="Excluded product ids (comma-separated)"
          description="Gift cards are never discounted, whatever is listed here."
        />
        <AdminSwitch form={form} name="firstOrderOnly" label="First order only" />
      </div>
    </>
  );
}
