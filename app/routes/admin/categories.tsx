import { Plus } from "lucide-react";
import { Link } from "react-router";
import { Badge, EmptyState, PageHeader, Panel, primaryButton, tableLink } from "~/components/admin/ui";
import { categoriesForStaff, type StaffCategory } from "~/domains/catalog/catalog.server";
import type { Route } from "./+types/categories";
import { requirePermission } from "./admin.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "catalogue");
  return { categories: await categoriesForStaff() };
}

function Tree({ all, parentId }: { all: StaffCategory[]; parentId: number | null }) {
  const children = all.filter((c) => c.parentId === parentId);
  if (children.length === 0) return null;
  return (
    <ul className={parentId === null ? "" : "ms-5 border-s border-line ps-3"}>
      {children.map((category) => (
        <li key={category.id}>
          <div className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 border-b border-line py-1.5">
            <Link to={`/admin/categories/${category.id}/`} className={tableLink}>
              {category.translations.en?.name ?? `#${category.id}`}
            </Link>
            <span className="font-mono text-xs text-muted">
              {["en", "nl", "fr", "es"].map((l) => category.translations[l as "en"]?.slug).join(" · ")}
            </span>
            <span className="ms-auto flex items-center gap-2 text-xs text-muted">
              {category.products} products
              {category.isActive ? null : <Badge>hidden</Badge>}
            </span>
          </div>
          <Tree all={all} parentId={category.id} />
        </li>
      ))}
    </ul>
  );
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <>
      <PageHeader
        title="Categories"
        description="The category tree of the shop's navigation, with its slug in en · nl · fr · es."
        actions={
          <Link to="/admin/categories/new/" className={primaryButton}>
            <Plus aria-hidden="true" className="size-4" /> New category
          </Link>
        }
      />
      <Panel title="Tree">
        {categories.length === 0 ? (
          <EmptyState>No categories yet.</EmptyState>
        ) : (
          <Tree all={categories} parentId={null} />
        )}
      </Panel>
    </>
  );
}
