import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { secondaryButton } from "~/components/account/styles";
import type { DisputeView } from "~/domains/marketplace/transactions/transactions.server";
import { useRouting } from "~/routing/use-routing";

const input =
  "min-h-12 w-full border border-ink/40 bg-white px-3 py-2 text-base focus:border-ink focus:outline-none";

/**
 * A purchase's dispute on its page, for the buyer and the provider: the reason and the photos, the
 * conversation with support, a message form while it is open, and how it ended.
 */
export function DisputeSection({
  transactionId,
  side,
  dispute,
}: {
  transactionId: number;
  side: "customer" | "provider";
  dispute: DisputeView;
}) {
  const { t } = useTranslation("trade");
  const { locale } = useRouting();
  const when = (value: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
  const author = (who: DisputeView["messages"][number]["author"]) =>
    who === side ? t("dispute.author.you") : t(`dispute.author.${who}`);
  return (
    <section
      aria-labelledby="tx-dispute-title"
      id="tx-dispute"
      className="mt-4 border border-line bg-white p-4"
    >
      <h2 id="tx-dispute-title" className="font-semibold">
        {t("dispute.title")}
      </h2>
      <p className="mt-1 text-sm whitespace-pre-wrap" data-dispute-reason>
        {dispute.reason}
      </p>
      <p className="text-xs text-muted">{t("dispute.opened", { date: when(dispute.openedAt) })}</p>
      <ul className="mt-3 flex flex-wrap gap-3">
        {dispute.photos.map((photo) => {
          const src = `/api/v1/marketplace/transactions/${transactionId}/dispute/photos/${photo.n}`;
          return (
            <li key={photo.n}>
              <a href={src} target="_blank" rel="noreferrer" className="block border border-line">
                <img
                  src={src}
                  alt={t("dispute.photoAlt", { n: photo.n + 1, count: dispute.photos.length })}
                  width={128}
                  height={Math.round((128 * photo.height) / photo.width)}
                  className="h-auto w-32"
                  loading="lazy"
                  data-dispute-photo
                />
              </a>
            </li>
          );
        })}
      </ul>
      <h3 className="mt-4 text-sm font-semibold">{t("dispute.conversation")}</h3>
      <ol className="mt-2 flex flex-col gap-2" data-dispute-messages>
        {dispute.messages.length === 0 ? <li className="text-sm text-muted">{t("dispute.empty")}</li> : null}
        {dispute.messages.map((m) => (
          <li
            key={m.id}
            className={`border-l-2 px-3 py-1 text-sm ${m.author === "operator" ? "border-ink" : "border-line"}`}
          >
            <p className="text-xs text-muted">
              {author(m.author)} · <time dateTime={m.at}>{when(m.at)}</time>
            </p>
            <p className="whitespace-pre-wrap">{m.body}</p>
          </li>
        ))}
      </ol>
      {dispute.open ? (
        <Form method="post" className="mt-3 flex flex-col gap-2">
          <input type="hidden" name="intent" value="dispute-message" />
          <label className="text-sm">
            <span className="block">{t("dispute.message")}</span>
            <textarea name="body" required rows={3} maxLength={2000} className={input} />
          </label>
          <button type="submit" className={secondaryButton}>
            {t("dispute.send")}
          </button>
        </Form>
      ) : dispute.outcome ? (
        <div className="mt-3 text-sm" data-dispute-outcome={dispute.outcome.transition}>
          <p className="font-semibold">{t(`transition.${dispute.outcome.transition}`)}</p>
          {dispute.outcome.note &&
          (dispute.outcome.transition === "dispute-resolved-by-operator" ||
            dispute.outcome.transition === "refund-after-dispute-by-operator") ? (
            <p className="mt-1">
              {t("dispute.statement")}: {dispute.outcome.note}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
