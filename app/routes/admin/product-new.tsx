import { redirect } from "react-router";
import { AdminFormView, AdminInput, useAdminForm } from "~/components/admin/admin-form";
import { PageHeader, Panel } from "~/components/admin/ui";
import { addProduct } from "~/domains/staff/staff.server";
import { NewProductSchema } from "~/domains/staff/validation";
import { languageNames, locales } from "~/platform/i18n/locales";
import { isRefusal } from "~/platform/refusal";
import type { Route } from "./+types/product-new";
import { requirePermission, runForm } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  return null;
}

/** Creates the product hidden from the shop and opens its editor for sizes, photos and texts. */
export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "catalogue");
  let created: number | undefined;
  const reply = await runForm(await request.formData(), NewProductSchema, async (value) => {
    const added = await addProduct(actor, value);
    if (isRefusal(added)) return added;
    created = added;
    return "Product created.";
  });
  if (created !== undefined) return redirect(`/admin/products/${created}/`);
  return reply;
}

export default function NewProduct() {
  const form = useAdminForm("create", NewProductSchema);
  return (
    <>
      <PageHeader
        back={{ to: "/admin/products/", label: "Products" }}
        title="New product"
        description="A product is one style in one colour. It starts hidden: add sizes, photos and texts, then put it in the shop."
      />
      <Panel title="The essentials">
        <AdminFormView form={form} submitLabel="Create product">
          <div className="grid gap-4 sm:grid-cols-2">
            <AdminInput
              form={form}
              name="styleCode"
              label="Style code"
              description="Like DR1024"
              className="font-mono"
            />
            <AdminInput form={form} name="brand" label="Brand" />
            <AdminInput form={form} name="colour" label="Colour code" description="Like navy or light-blue" />
            <AdminInput form={form} name="colourHex" label="Colour (hex)" description="Like #1f2a44" />
            <AdminInput form={form} name="price" label="Price (€)" inputMode="decimal" />
          </div>
          <fieldset className="grid gap-4 border-t border-line pt-4 sm:grid-cols-2">
            <legend className="pe-2 text-sm font-semibold">Name in each language</legend>
            {locales.map((locale) => (
              <AdminInput key={locale} form={form} name={`names.${locale}`} label={languageNames[locale]} />
            ))}
          </fieldset>
        </AdminFormView>
      </Panel>
    </>
  );
}
