import { useTranslation } from "react-i18next";
import { card } from "~/components/account/styles";
import type { ReturnView } from "~/domains/returns/returns.server";
import { formatMoney, money } from "~/platform/money";
import { useRouting } from "~/routing/use-routing";
import { useOrderDate } from "../orders/order-detail";

/** One return as the customer sees it: number, status, lines with their outcome, and the QR code while it is still to be sent. */
export function ReturnCard({
  ret,
  qrSvg,
  labelUrl,
}: {
  ret: ReturnView;
  qrSvg?: string | null;
  /** The printable label (PDF), while the parcel is still to be sent. */
  labelUrl?: string | null;
}) {
  const { t } = useTranslation("returns");
  const { locale } = useRouting();
  const date = useOrderDate();
  return (
    <article
      className={`${card} grid gap-4 desktop:grid-cols-[1fr_auto]`}
      aria-labelledby={`return-${ret.number}`}
    >
      <div className="space-y-2">
        <h2 id={`return-${ret.number}`} className="font-display text-2xl">
          {t("list.number", { number: ret.number })}
        </h2>
        <p className="text-sm text-muted">
          {t("list.order", { number: ret.orderNumber })} ·{" "}
          {t("list.requestedOn", { date: date(ret.createdAt) })}
        </p>
        <p>
          <span className="inline-flex items-center border border-ink px-2 py-0.5 text-xs font-medium tracking-[0.08em] uppercase">
            {t(`status.${ret.status}`)}
          </span>
        </p>
        <ul className="space-y-1 text-sm">
          {ret.lines.map((line) => (
            <li key={line.id}>
              {line.quantity} × {line.name} ({line.size}) · {t(`reasons.${line.reason}`)}
              {line.exchange ? (
                <span className="block text-muted">
                  {t(`list.exchange.${line.exchange.state}`, { size: line.exchange.size })}
                </span>
              ) : null}
              {line.outcome === "rejected" && line.rejectReason ? (
                <span className="block text-sale">
                  {t("list.rejectedLine", { reason: line.rejectReason })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {labelUrl ? (
          <p>
            <a href={labelUrl} download className="text-sm underline underline-offset-4 hover:text-accent">
              {t("list.label")}
            </a>
          </p>
        ) : null}
        {ret.refundedCents > 0 ? (
          <p className="font-medium">
            {t("list.refunded", { amount: formatMoney(money(ret.refundedCents), locale) })}
          </p>
        ) : null}
      </div>
      {qrSvg && (ret.status === "requested" || ret.status === "in_transit") ? (
        <figure className="mx-auto w-48 text-center">
          <div
            role="img"
            aria-label={t("qrAlt", { number: ret.number })}
            className="bg-white"
            // The SVG is drawn by the qrcode package from the return's number: no visitor input.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
            dangerouslySetInnerHTML={{ __html: qrSvg }}
          />
          <figcaption className="mt-1 font-mono tracking-widest">{ret.number}</figcaption>
        </figure>
      ) : null}
    </article>
  );
}
