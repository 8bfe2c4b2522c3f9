import { Ruler } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProductDetail } from "~/domains/catalog/product.server";
import type { FitAnswers } from "~/domains/sizing/fit";

// The fly-in, the form, the sizing model and the charts load when a shopper first asks for size advice.
const loadPanel = () => import("./size-advice-panel");
const SizeAdvicePanel = lazy(loadPanel);

/** "Find my size": opens the size-advice fly-in (loaded on demand). */
export function SizeAdvice({
  product,
  fit,
  onChoose,
}: {
  product: ProductDetail;
  fit: FitAnswers;
  onChoose: (variantId: number) => void;
}) {
  const { t } = useTranslation("product");
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className="inline-flex min-h-8 items-center gap-1.5 text-xs underline underline-offset-4 hover:text-accent"
      >
        <Ruler aria-hidden="true" className="size-4" strokeWidth={1.5} />
        {t("sizeAdvice.open")}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <SizeAdvicePanel
            product={product}
            fit={fit}
            onChoose={onChoose}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </>
  );
}
