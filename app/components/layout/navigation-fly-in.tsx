import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FlyIn } from "~/components/ui/fly-in";
import type { CategoryNode } from "~/domains/catalog/catalog.server";
import { useIdlePrefetch } from "~/platform/navigation/hooks";
import { isServed } from "~/routing/pages";
import { usePageHref } from "~/routing/use-routing";

/** The category tree in the navigation fly-in: departments with their categories. */
function CategoryNavigation({ categories }: { categories: CategoryNode[] }) {
  const { t } = useTranslation();
  const to = usePageHref();
  const prefetch = useIdlePrefetch(isServed("category"));
  return (
    <nav aria-label={t("nav.categories")}>
      <ul className="space-y-8">
        {categories.map((department) => (
          <li key={department.id}>
            <Link
              to={to("category", { slug: department.slug })}
              prefetch={prefetch}
              className="font-display text-2xl underline-offset-4 hover:underline"
            >
              {department.name}
            </Link>
            {department.children.length > 0 ? (
              <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {department.children.map((category) => (
                  <li key={category.id}>
                    <Link
                      to={to("category", { slug: category.slug })}
                      prefetch={prefetch}
                      className="block py-1 underline-offset-4 hover:underline"
                    >
                      {category.name}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The navigation fly-in, open from the moment it mounts; closing it unmounts it again. */
export default function NavigationFlyIn({
  id,
  categories,
  onClose,
}: {
  id: string;
  categories: CategoryNode[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <FlyIn id={id} side="left" title={t("nav.menu")} open onOpenChange={(open) => !open && onClose()}>
      <CategoryNavigation categories={categories} />
    </FlyIn>
  );
}
