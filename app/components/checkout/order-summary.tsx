import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageHref } from "~/routing/use-routing";
import { useMoney } from "./choice";

export interface SummaryLine {
  key: string | number;
  name: string;
  slug: string;
  size: string;
  colour: string;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  /** The line's problem, already translated (a line that cannot be ordered). */
  problem?: string | null;
  /** A gift card sold: no product page, no size or colour; this line says what it is instead. */
  detail?: string;
}

export interface SummaryTotals {
  subtotalCents: number;
  discountCents: number;
  discountCode?: string | null;
  shippingCents: number;
  /** False until a delivery option is chosen. */
  shippingChosen: boolean;
  donationCents: number;
  totalCents: number;
  giftCardCents: number;
  walletCents: number;
  amountDueCents: number;
  vat: { lines: { ratePercent: number; vatCents: number; netCents: number }[]; exemptCents: number };
}

function Row({
  label,
  value,
  strong,
  className = "",
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  className?: string;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? "pt-3 text-base font-semibold" : "text-sm"} ${className}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/** The lines and totals with the VAT breakdown: the checkout's summary and the confirmation page's. */
export function OrderSummary({
  lines,
  totals,
  footer,
  busy = false,
}: {
  lines: SummaryLine[];
  totals: SummaryTotals;
  footer?: ReactNode;
  busy?: boolean;
}) {
  const { t } = useTranslation(["checkout", "orders", "catalog"]);
  const euros = useMoney();
  const to = usePageHref();
  const count = lines.reduce((sum, l) => sum + l.quantity, 0);
  return (
    <div aria-busy={busy || undefined}>
      <p className="mb-4 text-sm text-muted">{t("checkout:summary.items", { count })}</p>
      <ul className="divide-y divide-line border-y border-line">
        {lines.map((line) => (
          <li key={line.key} className="flex gap-3 py-3">
            <div className="aspect-[2/3] w-16 shrink-0 bg-sand">
              {line.imageUrl ? (
                <img src={line.imageUrl} alt="" width={64} height={96} className="size-full object-cover" />
              ) : null}
            </div>
            <div className="min-w-0 flex-1 text-sm">
              {line.detail !== undefined ? (
                <>
                  <p className="font-medium text-ink">{line.name}</p>
                  <p className="text-muted">{line.detail}</p>
                </>
              ) : (
                <>
                  <Link
                    to={to("product", { product: line.slug })}
                    className="font-medium text-ink underline-offset-4 hover:underline"
                  >
                    {line.name}
                  </Link>
                  <p className="text-muted">
                    {t("checkout:summary.size", { size: line.size })} ·{" "}
                    {t(`catalog:colours.${line.colour}`, { defaultValue: line.colour })}
                  </p>
                </>
              )}
              <p className="text-muted">{t("checkout:summary.quantity", { count: line.quantity })}</p>
              {line.problem ? (
                <p className="mt-1 flex items-start gap-1.5 text-sale">
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  {line.problem}
                </p>
              ) : null}
            </div>
            <p className="shrink-0 text-sm tabular-nums">{euros(line.unitPriceCents * line.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2">
        <Row label={t("orders:totals.subtotal")} value={euros(totals.subtotalCents)} />
        {totals.discountCents > 0 ? (
          <Row
            label={t("orders:totals.discountWithCode", { code: totals.discountCode ?? "" })}
            value={`−${euros(totals.discountCents)}`}
          />
        ) : null}
        <Row
          label={t("orders:totals.shipping")}
          value={
            !totals.shippingChosen
              ? "—"
              : totals.shippingCents === 0
                ? t("orders:totals.free")
                : euros(totals.shippingCents)
          }
        />
        {totals.donationCents > 0 ? (
          <Row label={t("orders:totals.donation")} value={euros(totals.donationCents)} />
        ) : null}
        <Row
          label={t("orders:totals.total")}
          value={euros(totals.totalCents)}
          strong
          className="border-t border-line"
        />
        {totals.giftCardCents > 0 ? (
          <Row label={t("orders:totals.giftCard")} value={`−${euros(totals.giftCardCents)}`} />
        ) : null}
        {totals.walletCents > 0 ? (
          <Row label={t("orders:totals.wallet")} value={`−${euros(totals.walletCents)}`} />
        ) : null}
        {totals.amountDueCents !== totals.totalCents ? (
          <Row label={t("orders:totals.amountDue")} value={euros(totals.amountDueCents)} strong />
        ) : null}
      </dl>
      <div className="mt-2 space-y-0.5 text-xs text-muted">
        {totals.vat.lines.map((v) => (
          <p key={v.ratePercent}>
            {t("orders:totals.vatLine", {
              rate: v.ratePercent,
              vat: euros(v.vatCents),
              net: euros(v.netCents),
            })}
          </p>
        ))}
        {totals.vat.exemptCents > 0 ? (
          <p>{t("orders:totals.vatExempt", { amount: euros(totals.vat.exemptCents) })}</p>
        ) : null}
      </div>
      {footer}
    </div>
  );
}
