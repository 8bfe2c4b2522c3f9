import { ArrowDown, ArrowUp, ExternalLink, Trash2 } from "lucide-react";
import { Form } from "react-router";
import {
  type AdminForm,
  AdminFormView,
  AdminInput,
  AdminSelect,
  AdminSwitch,
  AdminTextarea,
  useAdminForm,
} from "~/components/admin/admin-form";
import { AuditTrail } from "~/components/admin/audit-trail";
import {
  Badge,
  DataTable,
  Euros,
  PageHeader,
  Panel,
  quietButton,
  secondaryButton,
} from "~/components/admin/ui";
import { TextInput } from "~/components/forms/controls";
import { Field } from "~/components/forms/field";
import { categoriesForStaff, productForStaff, type StaffCategory } from "~/domains/catalog/catalog.server";
import {
  auditTrail,
  changeProductAvailability,
  changeProductCategories,
  changeProductDetails,
  changeProductPrice,
  changeProductTranslations,
  changeProductVariants,
  deleteProductImage,
  reorderProductImage,
  uploadProductImage,
} from "~/domains/staff/staff.server";
import {
  availableSoonReasonIds,
  centsToInput,
  ImageOrderSchema,
  IntentOnlySchema,
  ProductAvailabilitySchema,
  ProductCategoriesSchema,
  ProductDetailsSchema,
  ProductPriceSchema,
  ProductTranslationsSchema,
  ProductVariantsSchema,
} from "~/domains/staff/validation";
import { languageNames, locales } from "~/platform/i18n/locales";
import { refuse } from "~/platform/refusal";
import { formatShopTime, utcToShopLocal } from "~/platform/shop-time";
import type { Route } from "./+types/product";
import { idParam, notFound, requirePermission, runForm, said, unknownIntent } from "./admin.server";

/** Blank rows under the sizes table, for new sizes. */
const NEW_SIZE_ROWS = 2;

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  const id = idParam(params.id);
  const [product, categories, trail] = await Promise.all([
    productForStaff(id),
    categoriesForStaff(),
    auditTrail("product", id),
  ]);
  if (!product) notFound();
  return { product, categories, trail: trail.reverse().slice(0, 30) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "catalogue");
  const id = idParam(params.id);
  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "price":
      return runForm(formData, ProductPriceSchema, async (value) => {
        return said(
          await changeProductPrice(actor, id, value),
          "Price saved; the shop shows it within seconds.",
        );
      });
    case "availability":
      return runForm(formData, ProductAvailabilitySchema, async (value) => {
        return said(await changeProductAvailability(actor, id, value), "Availability saved.");
      });
    case "variants":
      return runForm(formData, ProductVariantsSchema, async (value) => {
        return said(await changeProductVariants(actor, id, value.variants), "Sizes and stock saved.");
      });
    case "texts":
      return runForm(formData, ProductTranslationsSchema, async (value) => {
        return said(await changeProductTranslations(actor, id, value), "Texts saved.");
      });
    case "details":
      return runForm(formData, ProductDetailsSchema, async (value) => {
        return said(await changeProductDetails(actor, id, value), "Details saved.");
      });
    case "categories":
      return runForm(formData, ProductCategoriesSchema, async (value) => {
        return said(await changeProductCategories(actor, id, value.categoryIds), "Categories saved.");
      });
    case "photo-upload": {
      const photo = formData.get("photo");
      formData.delete("photo");
      return runForm(formData, IntentOnlySchema, async () => {
        if (!(photo instanceof Blob))
          return refuse.invalid("admin:catalogue.photoMissing", undefined, "photo");
        return said(await uploadProductImage(actor, id, photo), "Photo added.");
      });
    }
    case "photo-remove":
      return runForm(formData, ImageOrderSchema, async (value) => {
        return said(await deleteProductImage(actor, id, value.imageId), "Photo removed.");
      });
    case "photo-move":
      return runForm(formData, ImageOrderSchema, async (value) => {
        return said(
          await reorderProductImage(actor, id, value.imageId, value.direction ?? "up"),
          "Photo moved.",
        );
      });
    default:
      unknownIntent();
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.product.translations.en?.name ?? "Product";
  return [{ title: `${name} · Back office` }, { name: "robots", content: "noindex, nofollow" }];
}

type Product = Route.ComponentProps["loaderData"]["product"];

export default function ProductEditor({ loaderData }: Route.ComponentProps) {
  const { product, categories, trail } = loaderData;
  const en = product.translations.en;
  const version = String(product.updatedAt);
  return (
    <>
      <PageHeader
        back={{ to: "/admin/products/", label: "Products" }}
        title={en?.name ?? product.styleCode}
        description={`#${product.id} · ${product.brand} · ${product.styleCode} · ${product.colour}`}
        actions={
          <>
            {product.isActive ? <Badge tone="good">in shop</Badge> : <Badge>hidden</Badge>}
            {product.isActive && en ? (
              <a href={`/en/${en.slug}/`} target="_blank" rel="noreferrer" className={secondaryButton}>
                View in shop <ExternalLink aria-hidden="true" className="size-4" />
                <span className="sr-only">(opens a new tab)</span>
              </a>
            ) : null}
          </>
        }
      />
      <div className="grid gap-4 desktop:grid-cols-2">
        <PricePanel key={`price-${version}`} product={product} />
        <AvailabilityPanel key={`availability-${version}`} product={product} />
      </div>
      <div className="mt-4 space-y-4">
        <VariantsPanel key={`variants-${version}`} product={product} />
        <PhotosPanel product={product} />
        <TextsPanel key={`texts-${version}`} product={product} />
        <div className="grid gap-4 desktop:grid-cols-2">
          <DetailsPanel key={`details-${version}`} product={product} />
          <CategoriesPanel key={`categories-${version}`} product={product} categories={categories} />
        </div>
        <Panel title="History" description="Every change staff made to this product, newest first.">
          <AuditTrail entries={trail} />
        </Panel>
      </div>
    </>
  );
}

function PricePanel({ product }: { product: Product }) {
  const form = useAdminForm("price", ProductPriceSchema, {
    price: centsToInput(product.priceCents),
    originalPrice: centsToInput(product.originalPriceCents),
  });
  return (
    <Panel
      title="Price"
      description="Prices include VAT. Fill in the original price to show a discount; every new price joins the price history."
    >
      <AdminFormView form={form} submitLabel="Save price">
        <div className="grid grid-cols-2 gap-4">
          <AdminInput form={form} name="price" label="Price (€)" inputMode="decimal" />
          <AdminInput form={form} name="originalPrice" label="Original price (€)" inputMode="decimal" />
        </div>
      </AdminFormView>
      <div className="mt-6">
        <p className="mb-2 text-sm">
          Lowest price of the 30 days before the current price (shown next to a discount):{" "}
          <strong>
            <Euros cents={product.lowestPrice30dCents} />
          </strong>
        </p>
        <DataTable caption="Price history" compact>
          <thead>
            <tr>
              <th>From</th>
              <th className="text-end">Price</th>
            </tr>
          </thead>
          <tbody>
            {product.priceHistory.slice(0, 8).map((row) => (
              <tr key={String(row.validFrom)}>
                <td>{formatShopTime(row.validFrom)}</td>
                <td className="text-end">
                  <Euros cents={row.priceCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
    </Panel>
  );
}

function AvailabilityPanel({ product }: { product: Product }) {
  const form = useAdminForm("availability", ProductAvailabilitySchema, {
    isActive: product.isActive ? "on" : undefined,
    appOnly: product.appOnly ? "on" : undefined,
    onlineFrom: utcToShopLocal(product.onlineFrom),
    availableSoonReason: product.availableSoonReason ?? "",
    availableSoonDate: product.availableSoonDate ?? "",
  });
  return (
    <Panel title="Availability" description="Times are Amsterdam time.">
      <AdminFormView form={form} submitLabel="Save availability">
        <AdminSwitch
          form={form}
          name="isActive"
          label="In the shop"
          description="Hidden products appear nowhere in the shop."
        />
        <AdminSwitch
          form={form}
          name="appOnly"
          label="App only"
          description="Can be ordered only in the app."
        />
        <AdminInput
          form={form}
          name="onlineFrom"
          label="Online from"
          type={"datetime-local" as "text"}
          description="Before this moment the product shows as coming soon. Leave empty to sell now."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <AdminSelect
            form={form}
            name="availableSoonReason"
            label="Available soon: reason"
            placeholder="Not set"
          >
            {availableSoonReasonIds.map((reason) => (
              <option key={reason} value={reason}>
                {reason.replace("-", " ")}
              </option>
            ))}
          </AdminSelect>
          <AdminInput form={form} name="availableSoonDate" label="Expected date" type="date" />
        </div>
        <p className="text-sm text-muted">
          A sold-out product with a reason shows “available soon” with the date.
        </p>
      </AdminFormView>
    </Panel>
  );
}

function VariantsPanel({ product }: { product: Product }) {
  const rows = [
    ...product.variants.map((v) => ({ id: String(v.id), size: v.size, sku: v.sku, stock: String(v.stock) })),
    ...Array.from({ length: NEW_SIZE_ROWS }, () => ({ id: undefined, size: "", sku: "", stock: "" })),
  ];
  const form = useAdminForm("variants", ProductVariantsSchema, { variants: rows });
  const list = form.field("variants") as ReturnType<AdminForm["field"]> & { errors?: string[] };
  return (
    <Panel
      title="Sizes and stock"
      description="Fill in a blank row to add a size; tick Remove to delete one. Stock counts reach the shop within seconds."
    >
      <AdminFormView form={form} submitLabel="Save sizes and stock">
        <DataTable caption="Sizes">
          <thead>
            <tr>
              <th>Size</th>
              <th>SKU</th>
              <th className="w-32">Stock</th>
              <th className="w-24">Remove</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <VariantRow key={row.id ?? `new-${index}`} form={form} index={index} isNew={!row.id} />
            ))}
          </tbody>
        </DataTable>
        {list.errors?.[0] ? (
          <p role="alert" className="text-sm text-sale">
            {list.errors[0]}
          </p>
        ) : null}
      </AdminFormView>
    </Panel>
  );
}

function CellInput({
  form,
  name,
  label,
  ...rest
}: { form: AdminForm; name: string; label: string } & React.ComponentProps<"input">) {
  const meta = form.field(name);
  const error = meta.errors?.[0];
  return (
    <Field id={meta.id} label={<span className="sr-only">{label}</span>} error={error}>
      {(control) => (
        <TextInput
          name={meta.name}
          defaultValue={(meta.initialValue as string | undefined) ?? ""}
          {...rest}
          {...control}
        />
      )}
    </Field>
  );
}

function VariantRow({ form, index, isNew }: { form: AdminForm; index: number; isNew: boolean }) {
  const at = (key: string) => `variants[${index}].${key}`;
  const id = form.field(at("id"));
  const remove = form.field(at("remove"));
  const label = isNew ? `new size ${index + 1}` : `size ${index + 1}`;
  return (
    <tr>
      <td>
        {isNew ? null : <input type="hidden" name={id.name} value={String(id.initialValue ?? "")} />}
        <CellInput
          form={form}
          name={at("size")}
          label={`Size of ${label}`}
          placeholder={isNew ? "New size" : undefined}
        />
      </td>
      <td>
        <CellInput form={form} name={at("sku")} label={`SKU of ${label}`} className="font-mono text-sm" />
      </td>
      <td>
        <CellInput form={form} name={at("stock")} label={`Stock of ${label}`} inputMode="numeric" />
      </td>
      <td>
        {isNew ? null : (
          <label className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name={remove.name} className="size-4 accent-sale" />
            <span>
              Remove<span className="sr-only"> {label}</span>
            </span>
          </label>
        )}
      </td>
    </tr>
  );
}

function TextsPanel({ product }: { product: Product }) {
  const translations = Object.fromEntries(
    locales.map((locale) => {
      const t = product.translations[locale];
      return [
        locale,
        {
          name: t?.name ?? "",
          slug: t?.slug ?? "",
          description: t?.description ?? "",
          fabric: t?.fabric ?? "",
          washingAdvice: t?.washingAdvice ?? "",
          modelInfo: t?.modelInfo ?? "",
        },
      ];
    }),
  );
  const form = useAdminForm("texts", ProductTranslationsSchema, { translations });
  return (
    <Panel
      title="Texts"
      description="Name, URL slug and texts in each language. A slug may not be a page of the shop (search, login, …) nor another product's."
    >
      <AdminFormView form={form} submitLabel="Save texts">
        <div className="grid gap-6 desktop:grid-cols-2">
          {locales.map((locale) => {
            const at = (key: string) => `translations.${locale}.${key}`;
            return (
              <fieldset key={locale} className="space-y-3 border-t border-line pt-4">
                <legend className="pe-2 text-sm font-semibold">
                  {languageNames[locale]} <span className="font-normal text-muted">({locale})</span>
                </legend>
                <AdminInput form={form} name={at("name")} label="Name" />
                <AdminInput
                  form={form}
                  name={at("slug")}
                  label="Slug"
                  className="font-mono"
                  description={`/${locale}/…/`}
                />
                <AdminTextarea form={form} name={at("description")} label="Description" rows={4} />
                <AdminInput form={form} name={at("fabric")} label="Fabric" />
                <AdminInput form={form} name={at("washingAdvice")} label="Washing advice" />
                <AdminInput form={form} name={at("modelInfo")} label="Model info" />
              </fieldset>
            );
          })}
        </div>
      </AdminFormView>
    </Panel>
  );
}

function DetailsPanel({ product }: { product: Product }) {
  const form = useAdminForm("details", ProductDetailsSchema, {
    brand: product.brand,
    colour: product.colour,
    colourHex: product.colourHex,
    lookId: product.lookId ?? "",
    position: String(product.position),
    ...product.attributes,
  });
  return (
    <Panel title="Details" description="Brand, colour and the attributes the shop filters on.">
      <AdminFormView form={form} submitLabel="Save details">
        <AdminInput form={form} name="brand" label="Brand" />
        <div className="grid grid-cols-2 gap-4">
          <AdminInput form={form} name="colour" label="Colour code" />
          <AdminInput form={form} name="colourHex" label="Colour (hex)" />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <AdminInput form={form} name="lookId" label="Look (shop the look)" />
          <AdminInput
            form={form}
            name="position"
            label="Popularity rank"
            inputMode="numeric"
            description="Lower comes first."
          />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <AdminInput form={form} name="length" label="Length" />
          <AdminInput form={form} name="fit" label="Fit" />
          <AdminInput form={form} name="fabric" label="Fabric (filter)" />
          <AdminInput form={form} name="pattern" label="Pattern" />
          <AdminInput form={form} name="occasion" label="Occasion" />
        </div>
      </AdminFormView>
    </Panel>
  );
}

function CategoriesPanel({ product, categories }: { product: Product; categories: StaffCategory[] }) {
  const form = useAdminForm("categories", ProductCategoriesSchema, {
    categoryIds: product.categoryIds.map(String),
  });
  const chosen = new Set(product.categoryIds);
  const children = (parentId: number | null): StaffCategory[] =>
    categories.filter((c) => c.parentId === parentId);
  const tree = (parentId: number | null, depth: number): React.ReactNode =>
    children(parentId).map((category) => (
      <li key={category.id}>
        <label
          className="flex min-h-11 items-center gap-3 text-sm"
          style={{ paddingInlineStart: `${depth * 1.25}rem` }}
        >
          <input
            type="checkbox"
            name="categoryIds"
            value={category.id}
            defaultChecked={chosen.has(category.id)}
            className="size-4 accent-ink"
          />
          {category.translations.en?.name ?? `#${category.id}`}
          {category.isActive ? null : <Badge>hidden</Badge>}
        </label>
        <ul>{tree(category.id, depth + 1)}</ul>
      </li>
    ));
  return (
    <Panel
      title="Categories"
      description="Where the product is listed; the department (women, men) picks its size chart."
    >
      <AdminFormView form={form} submitLabel="Save categories">
        <fieldset>
          <legend className="sr-only">Categories</legend>
          <ul className="max-h-96 overflow-y-auto">{tree(null, 0)}</ul>
        </fieldset>
      </AdminFormView>
    </Panel>
  );
}

function PhotosPanel({ product }: { product: Product }) {
  const upload = useAdminForm("photo-upload", IntentOnlySchema);
  const photoError = (upload.reply?.result.error?.photo ?? [])[0];
  return (
    <Panel
      title="Photos"
      description="The first photo is the main one. Uploads (JPEG, PNG, WebP or AVIF, at least 600 px wide) are made into every size the shop needs."
    >
      {product.images.length === 0 ? <p className="mb-4 text-sm text-muted">No photos yet.</p> : null}
      <ul className="mb-6 grid grid-cols-2 gap-4 sm:grid-cols-4 desktop:grid-cols-6">
        {product.images.map((image, index) => (
          <li key={image.id} className="border border-line">
            <img
              src={image.set.w400.url}
              alt={`View ${index + 1} of ${product.images.length}`}
              width={image.set.w400.width}
              height={image.set.w400.height}
              className="aspect-[2/3] w-full bg-sand object-cover"
              loading="lazy"
            />
            <div className="flex justify-between">
              <PhotoButton
                intent="photo-move"
                imageId={image.id}
                direction="up"
                label={`Move photo ${index + 1} earlier`}
                disabled={index === 0}
              >
                <ArrowUp aria-hidden="true" className="size-4" />
              </PhotoButton>
              <PhotoButton
                intent="photo-move"
                imageId={image.id}
                direction="down"
                label={`Move photo ${index + 1} later`}
                disabled={index === product.images.length - 1}
              >
                <ArrowDown aria-hidden="true" className="size-4" />
              </PhotoButton>
              <PhotoButton intent="photo-remove" imageId={image.id} label={`Remove photo ${index + 1}`}>
                <Trash2 aria-hidden="true" className="size-4 text-sale" />
              </PhotoButton>
            </div>
          </li>
        ))}
      </ul>
      <AdminFormView form={upload} submitLabel="Upload photo" encType="multipart/form-data">
        <Field id="photo-upload-file" label="New photo" error={photoError}>
          {(control) => (
            <input
              type="file"
              name="photo"
              accept="image/jpeg,image/png,image/webp,image/avif"
              required
              className="block w-full text-sm file:me-4 file:min-h-11 file:border file:border-ink file:bg-white file:px-4 file:text-sm"
              {...control}
            />
          )}
        </Field>
      </AdminFormView>
    </Panel>
  );
}

function PhotoButton({
  intent,
  imageId,
  direction,
  label,
  disabled,
  children,
}: {
  intent: string;
  imageId: number;
  direction?: "up" | "down";
  label: string;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="imageId" value={imageId} />
      {direction ? <input type="hidden" name="direction" value={direction} /> : null}
      <button
        type="submit"
        aria-label={label}
        title={label}
        disabled={disabled}
        className={`${quietButton} disabled:opacity-30`}
      >
        {children}
      </button>
    </Form>
  );
}
