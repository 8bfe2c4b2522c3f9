import { Ruler } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { FlyIn } from "~/components/ui/fly-in";
import type { ProductDetail } from "~/domains/catalog/product.server";

// The form, the sizing model and the charts load only when a shopper opens the panel.
const SizeAdviceForm = lazy(() => import("./size-advice-form"));

/** "Find my size": a fly-in with the size advice from height and weight. */
export function SizeAdvice({
  product,
  onChoose,
}: {
  product: ProductDetail;
  onChoose: (variantId: number) => void;
}) {
  const { t } = useTranslation("product");
  return (
    <FlyIn
      id="size-advice"
      title={t("sizeAdvice.title")}
      trigger={
        <button
          type="button"
          className="inline-flex min-h-8 items-center gap-1.5 text-xs underline underline-offset-4 hover:text-accent"
        >
          <Ruler aria-hidden="true" className="size-4" strokeWidth={1.5} />
          {t("sizeAdvice.open")}
        </button>
      }
    >
      <Suspense fallback={<p className="text-sm text-muted">{t("sizeAdvice.loading")}</p>}>
        <SizeAdviceForm product={product} onChoose={onChoose} />
      </Suspense>
    </FlyIn>
  );
}
