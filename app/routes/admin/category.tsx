import { redirect } from "react-router";
import {
  AdminFormView,
  AdminInput,
  AdminSelect,
  AdminSwitch,
  useAdminForm,
} from "~/components/admin/admin-form";
import { AuditTrail } from "~/components/admin/audit-trail";
import { PageHeader, Panel } from "~/components/admin/ui";
import { categoriesForStaff } from "~/domains/catalog/catalog.server";
import { auditTrail, saveCategoryFromForm } from "~/domains/staff/staff.server";
import { CategorySchema } from "~/domains/staff/validation";
import { languageNames, locales } from "~/platform/i18n/locales";
import { isRefusal } from "~/platform/refusal";
import type { Route } from "./+types/category";
import { idParam, notFound, requirePermission, runForm } from "./admin.server";

/** `new` or a category id. */
function categoryId(param: string | undefined): number | null {
  return param === "new" ? null : idParam(param);
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const id = categoryId(params.id);
  const categories = await categoriesForStaff();
  const category = id === null ? null : (categories.find((c) => c.id === id) ?? notFound());
  const trail = id === null ? [] : (await auditTrail("category", id)).reverse();
  return { category, categories, trail };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "catalogue");
  const id = categoryId(params.id);
  let savedId: number | undefined;
  const reply = await runForm(await request.formData(), CategorySchema, async (value) => {
    const saved = await saveCategoryFromForm(actor, id, value);
    if (isRefusal(saved)) return saved;
    savedId = saved;
    return "Category saved; the shop's navigation shows it within a minute.";
  });
  if (id === null && savedId !== undefined) return redirect(`/admin/categories/${savedId}/`);
  return reply;
}

export default function CategoryEditor({ loaderData }: Route.ComponentProps) {
  const { category, categories, trail } = loaderData;
  const form = useAdminForm("category", CategorySchema, {
    parentId: category?.parentId ? String(category.parentId) : "",
    position: String(category?.position ?? 0),
    isActive: category === null || category.isActive ? "on" : undefined,
    translations: Object.fromEntries(
      locales.map((l) => [
        l,
        {
          name: category?.translations[l]?.name ?? "",
          slug: category?.translations[l]?.slug ?? "",
          description: category?.translations[l]?.description ?? "",
        },
      ]),
    ),
  });
  // A category cannot move under itself or its own descendants.
  const below = new Set<number>();
  if (category) {
    const walk = (id: number) => {
      below.add(id);
      for (const c of categories) if (c.parentId === id) walk(c.id);
    };
    walk(category.id);
  }
  return (
    <>
      <PageHeader
        back={{ to: "/admin/categories/", label: "Categories" }}
        title={category ? (category.translations.en?.name ?? `Category #${category.id}`) : "New category"}
        description={category ? `#${category.id} · ${category.products} products` : undefined}
      />
      <Panel
        title="Category"
        description="Slugs make the address /{language}/category/{slug}/; they may not be a page of the shop."
      >
        <AdminFormView
          key={String(category?.id ?? "new")}
          form={form}
          submitLabel={category ? "Save category" : "Create category"}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <AdminSelect form={form} name="parentId" label="Parent" placeholder="None (a department)">
              {categories
                .filter((c) => !below.has(c.id))
                .map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.translations.en?.name ?? `#${c.id}`}
                  </option>
                ))}
            </AdminSelect>
            <AdminInput
              form={form}
              name="position"
              label="Position"
              inputMode="numeric"
              description="Lower comes first."
            />
            <AdminSwitch form={form} name="isActive" label="In the shop" />
          </div>
          <div className="grid gap-6 desktop:grid-cols-2">
            {locales.map((locale) => (
              <fieldset key={locale} className="space-y-3 border-t border-line pt-4">
                <legend className="pe-2 text-sm font-semibold">
                  {languageNames[locale]} <span className="font-normal text-muted">({locale})</span>
                </legend>
                <AdminInput form={form} name={`translations.${locale}.name`} label="Name" />
                <AdminInput
                  form={form}
                  name={`translations.${locale}.slug`}
                  label="Slug"
                  className="font-mono"
                />
                <AdminInput form={form} name={`translations.${locale}.description`} label="Description" />
              </fieldset>
            ))}
          </div>
        </AdminFormView>
      </Panel>
      {category ? (
        <Panel className="mt-4" title="History">
          <AuditTrail entries={trail} />
        </Panel>
      ) : null}
    </>
  );
}
