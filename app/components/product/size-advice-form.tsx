import { CircleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextInput } from "~/components/forms/controls";
import { Field } from "~/components/forms/field";
import { labelClass } from "~/components/forms/styles";
import { useOverlay } from "~/components/ui/overlay-manager";
import type { ProductDetail } from "~/domains/catalog/product.server";
import type { BodyProfile } from "~/domains/sizing/body";
import type { FitAnswers } from "~/domains/sizing/fit";
import { adviceChart, type Recommendation, recommendSize } from "~/domains/sizing/recommend";
import { type SizeAdvice, SizeAdviceSchema } from "~/domains/sizing/validation";
import { parseShopForm } from "~/platform/forms/submission";
import { useShopForm } from "~/platform/forms/use-shop-form";
import { productMessage } from "./messages";
import { buttonClass } from "./reply";

/** PRODUCT.md: the inputs are remembered, in the browser only. */
const STORAGE_KEY = "shop:size-advice";

function remembered(): Partial<SizeAdvice> {
  try {
    const parsed = SizeAdviceSchema.safeParse(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null"));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The size advice form and its answer; loaded on demand inside the size-advice fly-in. */
export default function SizeAdviceForm({
  product,
  fit,
  onChoose,
}: {
  product: ProductDetail;
  /** Shoppers' fit answers: a product that runs small is advised a size up. */
  fit: FitAnswers;
  onChoose: (variantId: number) => void;
}) {
  const { t } = useTranslation("product");
  const overlays = useOverlay();
  const [initial] = useState(remembered);
  const [result, setResult] = useState<Recommendation | null>(null);
  const sizes = product.variants.map((v) => v.size);
  // Ranges operators changed in the back office come with the product.
  const chart = adviceChart(product.sizeChart, sizes);

  const advise = (value: SizeAdvice) => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    setResult(recommendSize({ ...value, chart, availableSizes: sizes, fit }));
  };

  const shop = useShopForm({
    schema: SizeAdviceSchema,
    id: "size-advice-form",
    defaultValue: {
      heightCm: initial.heightCm === undefined ? undefined : String(initial.heightCm),
      weightKg: initial.weightKg === undefined ? undefined : String(initial.weightKg),
      profile: initial.profile ?? product.sizeChart?.profile,
    },
    onValidSubmit(event, value) {
      event.preventDefault();
      advise(value);
    },
  });
  const { fields } = shop;

  // Remembered inputs give the answer at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the remembered inputs
  useEffect(() => {
    if (initial.heightCm && initial.weightKg && initial.profile) advise(initial as SizeAdvice);
  }, []);

  if (!chart) {
    return <NoRecommendation reason={t("sizeAdvice.noChart")} />;
  }

  const labels = { heightCm: t("sizeAdvice.height"), weightKg: t("sizeAdvice.weight") };
  const error = (name: "heightCm" | "weightKg" | "profile") => productMessage(t, fields[name].errors?.[0]);
  const variantOf = (size: string) => product.variants.find((v) => v.size === size);

  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">{t("sizeAdvice.intro")}</p>
      <form
        {...shop.formProps}
        noValidate
        onSubmit={(event) => {
          // Out-of-range values get the spec's "no size recommendation possible" as well as the field message.
          const parsed = parseShopForm(new FormData(event.currentTarget), SizeAdviceSchema);
          const errors = parsed.status === "error" ? Object.values(parsed.error ?? {}).flat() : [];
          if (errors.some((e) => e === "sizing.heightRange" || e === "sizing.weightRange"))
            setResult({ ok: false, reason: "out-of-range" });
          else if (parsed.status === "error") setResult(null);
          shop.formProps.onSubmit(event);
        }}
        className="space-y-5"
      >
        <div className="grid grid-cols-2 gap-4">
          {(["heightCm", "weightKg"] as const).map((name) => (
            <Field key={name} id={fields[name].id} label={labels[name]} required error={error(name)}>
              {(control) => (
                <TextInput
                  name={fields[name].name}
                  defaultValue={fields[name].initialValue as string | undefined}
                  inputMode="numeric"
                  autoComplete="off"
                  {...control}
                />
              )}
            </Field>
          ))}
        </div>
        <fieldset>
          <legend className={labelClass}>{t("sizeAdvice.profile")}</legend>
          <div className="mt-2 flex gap-2">
            {(["women", "men"] as BodyProfile[]).map((profile) => (
              <label
                key={profile}
                className="flex min-h-11 flex-1 cursor-pointer items-center justify-center gap-2 border border-line bg-white text-sm has-checked:border-ink has-checked:bg-sand"
              >
                <input
                  type="radio"
                  name={fields.profile.name}
                  value={profile}
                  defaultChecked={fields.profile.initialValue === profile}
                  className="size-4 accent-ink"
                />
                {t(`sizeAdvice.${profile}`)}
              </label>
            ))}
          </div>
          {error("profile") ? <p className="mt-1 text-sm text-sale">{error("profile")}</p> : null}
        </fieldset>
        <button type="submit" className={buttonClass}>
          {t("sizeAdvice.submit")}
        </button>
        <p className="text-xs text-muted">{t("sizeAdvice.remembered")}</p>
      </form>

      <div aria-live="polite">
        {result?.ok ? (
          <div className="border border-ink bg-sand p-4">
            <p className="font-display text-2xl">{t("sizeAdvice.result", { size: result.size })}</p>
            {result.confidence === "between" ? (
              <p className="mt-1 text-sm text-muted">
                {t("sizeAdvice.between", { size: result.size, alternative: result.alternative })}
              </p>
            ) : null}
            {variantOf(result.size) ? (
              <button
                type="button"
                onClick={() => {
                  onChoose(variantOf(result.size)!.id);
                  overlays.close("size-advice");
                }}
                className="mt-4 inline-flex min-h-11 items-center border border-ink px-5 text-sm font-medium hover:bg-ink hover:text-paper"
              >
                {t("sizeAdvice.choose", { size: result.size })}
              </button>
            ) : null}
          </div>
        ) : result ? (
          <NoRecommendation
            reason={
              result.reason === "out-of-range"
                ? t("sizeAdvice.outOfRange")
                : result.reason === "no-chart"
                  ? t("sizeAdvice.noChart")
                  : t("sizeAdvice.noFit")
            }
          />
        ) : null}
      </div>
    </div>
  );
}

function NoRecommendation({ reason }: { reason: string }) {
  const { t } = useTranslation("product");
  return (
    <div className="flex gap-3 border border-line bg-white p-4" role="status">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent" strokeWidth={1.5} />
      <div>
        <p className="font-medium">{t("sizeAdvice.none")}</p>
        <p className="mt-1 text-sm text-muted">{reason}</p>
      </div>
    </div>
  );
}
