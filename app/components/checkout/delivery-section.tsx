import { Truck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TextInput } from "~/components/forms/controls";
import { Field } from "~/components/forms/field";
import { intlLocales } from "~/platform/i18n/locales";
import { useRouting } from "~/routing/use-routing";
import { ChoiceGroup, secondaryButtonClass, useMoney } from "./choice";
import { Section } from "./section";
import type { CheckoutFormState } from "./use-checkout-form";

/** How the parcel comes: home delivery (with a moment where the carrier has them) or a service point. */
export function DeliverySection({ checkout }: { checkout: CheckoutFormState }) {
  const { t } = useTranslation(["checkout", "forms"]);
  const { locale } = useRouting();
  const euros = useMoney();
  const { view, method, methodId, setMethodId, update, fieldError, value } = checkout;
  const dateFormat = new Intl.DateTimeFormat(intlLocales[locale], {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  });
  const day = (iso: string) => dateFormat.format(new Date(`${iso}T12:00:00Z`));
  const shortDate = new Intl.DateTimeFormat(intlLocales[locale], {
    weekday: "short",
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });
  const shortDay = (iso: string) => shortDate.format(new Date(`${iso}T12:00:00Z`));
  return (
    <Section id="delivery" title={t("checkout:sections.delivery")} icon={<Truck size={18} />}>
      <p className="mb-4 text-sm text-success">
        {view.promise.shipsToday
          ? t("checkout:delivery.shipsToday", { time: "23:00" })
          : t("checkout:delivery.shipsTomorrow")}{" "}
        <span className="text-muted">
          {t("checkout:delivery.expected", { date: day(view.promise.deliveryDate) })}
        </span>
      </p>
      <ChoiceGroup
        key={view.country}
        name="methodId"
        legend={t("checkout:delivery.legend")}
        defaultValue={methodId}
        error={fieldError("methodId", t("checkout:sections.delivery"))}
        onChange={(id) => {
          setMethodId(id);
          update();
        }}
        options={view.methods.map((m) => ({
          value: m.id,
          label: m.type === "home" ? t("checkout:delivery.home") : t("checkout:delivery.servicePoint"),
          detail: t("checkout:delivery.by", { carrier: m.carrier }),
          aside:
            m.priceCents === 0 || view.totals.subtotalCents >= view.freeFromCents
              ? t("checkout:delivery.free")
              : euros(m.priceCents),
        }))}
      />
      {method?.type === "home" && view.moments.length > 0 ? (
        <div className="mt-6">
          <ChoiceGroup
            key={`${view.country}-moments`}
            name="momentId"
            legend={t("checkout:delivery.momentLegend")}
            legendClassName="mb-3 text-xs font-medium tracking-[0.12em] uppercase"
            columns={2}
            defaultValue={value("momentId") ?? view.moments[0]?.id}
            error={fieldError("momentId")}
            options={view.moments.map((m) => ({
              value: m.id,
              label: shortDay(m.date),
              detail: t(`checkout:delivery.window.${m.window}`, { from: m.from, to: m.to }),
            }))}
          />
        </div>
      ) : null}
      {method?.type === "service-point" ? (
        <div className="mt-6 space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field id="point-search" label={t("checkout:delivery.pointSearchLabel")} className="flex-1">
              {(control) => (
                <TextInput
                  key={view.pointSearch ?? ""}
                  name="pointSearch"
                  defaultValue={view.pointSearch ?? value("postalCode") ?? ""}
                  autoComplete="postal-code"
                  {...control}
                />
              )}
            </Field>
            <button
              type="submit"
              name="intent"
              value="points"
              formNoValidate
              className={secondaryButtonClass}
            >
              {t("checkout:delivery.pointSearch")}
            </button>
          </div>
          {view.servicePoints && view.servicePoints.length === 0 ? (
            <p className="text-sm text-sale">
              {t("checkout:delivery.noPoints", { postalCode: view.pointSearch ?? "" })}
            </p>
          ) : null}
          {view.servicePoints && view.servicePoints.length > 0 ? (
            <ChoiceGroup
              key={view.pointSearch ?? ""}
              name="servicePointId"
              legend={t("checkout:delivery.pointsLegend")}
              legendClassName="mb-3 text-xs font-medium tracking-[0.12em] uppercase"
              defaultValue={value("servicePointId")}
              error={fieldError("servicePointId")}
              options={view.servicePoints.map((p) => ({
                value: p.id,
                label: p.name,
                detail: `${p.street} ${p.houseNumber}, ${p.postalCode} ${p.city} · ${t(
                  "checkout:delivery.hours",
                  {
                    days: t(`checkout:delivery.days.${p.days}`),
                    opens: p.opens,
                    closes: p.closes,
                  },
                )}`,
                aside: p.carrier,
              }))}
            />
          ) : fieldError("servicePointId") ? (
            <p className="text-sm text-sale">{fieldError("servicePointId")}</p>
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}
