import { useTranslation } from "react-i18next";
import { FlyIn } from "~/components/ui/fly-in";
import type { ProductDetail } from "~/domains/catalog/product.server";
import type { FitAnswers } from "~/domains/sizing/fit";
import SizeAdviceForm from "./size-advice-form";

/** The size-advice fly-in; a module of its own so the page loads it only when asked. */
export default function SizeAdvicePanel({
  product,
  fit,
  onChoose,
  open,
  onOpenChange,
}: {
  product: ProductDetail;
  fit: FitAnswers;
  onChoose: (variantId: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("product");
  return (
    <FlyIn id="size-advice" title={t("sizeAdvice.title")} open={open} onOpenChange={onOpenChange}>
      <SizeAdviceForm product={product} fit={fit} onChoose={onChoose} />
    </FlyIn>
  );
}
