import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { primaryButton, secondaryButton, textLink } from "~/components/account/styles";
import { DisputeSection } from "~/components/marketplace/dispute-section";
import type { TransactionTransition } from "~/domains/marketplace/transactions/transaction-process";
import {
  chosenFiles,
  moveTransaction,
  openDispute,
  postDisputeMessage,
  replyToReview,
  syncTransactionPayment,
  transactionFor,
} from "~/domains/marketplace/transactions/transactions.server";
import { MAX_DISPUTE_PHOTOS, MoveSchema } from "~/domains/marketplace/transactions/validation";
import { requireCustomer } from "~/platform/auth/guards.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { isRefusal, refusalStatus } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/marketplace-transaction";

export const middleware = pageMiddleware("my-marketplace-transaction");
export const handle = { i18n: ["trade", "account", "forms"] };
export const headers = personalPage;

/** A stranger's transaction is a 404. Back from the PSP (`?paid`), the payment is read at once. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  if (new URL(request.url).searchParams.has("paid")) await syncTransactionPayment(visitor.id, id);
  const detail = await transactionFor(visitor.id, id);
  if (!detail) throw data(null, { status: 404 });
  return { detail, title: serverI18n(locale).t("trade:page.title", { number: detail.number }) };
}

/** The moves the table allows (one writer decides), the label, and the provider's reply to a review. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const t = serverI18n(locale).t;
  const id = Number(params.id);
  const here = href("my-marketplace-transaction", { id: String(id) }, locale, strategy);
  const formData = await request.formData();
  const form = Object.fromEntries(formData);
  const detail = await transactionFor(visitor.id, id);
  if (!detail) throw data(null, { status: 404 });
  if (form.intent === "reply") {
    const replied = await replyToReview(visitor.id, id, String(form.reply ?? ""));
    if (!replied) return data({ error: t("trade:refused.wrongState") as string }, { status: 409 });
    throw redirect(here);
  }
  if (form.intent === "dispute-message") {
    const posted = await postDisputeMessage(
      { author: detail.side, userId: visitor.id },
      id,
      String(form.body ?? ""),
    );
    if (isRefusal(posted))
      return data(
        { error: t(posted.messageKey, posted.values) as string },
        { status: refusalStatus[posted.kind] },
      );
    throw redirect(`${here}#tx-dispute`);
  }
  const parsed = MoveSchema.safeParse(form);
  if (!parsed.success) return data({ error: t("trade:buy.checkFields") as string }, { status: 400 });
  const move = parsed.data;
  // Opening a dispute stores the photos with the move (one command); every other move is the writer's.
  const moved =
    move.transition === "dispute-by-customer"
      ? await openDispute(visitor.id, id, {
          reason: move.note ?? "",
          photos: chosenFiles(formData.getAll("photos")),
        })
      : await moveTransaction(
          id,
          move.transition as TransactionTransition,
          { role: detail.side, userId: visitor.id },
          {
            note: move.note,
            trackingCode: move.trackingCode ?? detail.trackingCode ?? undefined,
            review: move.rating ? { rating: move.rating, body: move.body ?? "" } : undefined,
          },
        );
  if (isRefusal(moved))
    return data(
      { error: t(moved.messageKey, moved.values) as string },
      { status: refusalStatus[moved.kind] },
    );
  throw redirect(here);
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

const input =
  "min-h-12 w-full border border-ink/40 bg-white px-3 text-base focus:border-ink focus:outline-none";

function MoveForm({
  transition,
  trackingCode,
}: {
  transition: TransactionTransition;
  trackingCode: string | null;
}) {
  const { t } = useTranslation("trade");
  const pending = useNavigation().state !== "idle";
  const needsNote = ["dispute-by-customer"].includes(transition);
  const needsTracking = transition === "send-item" && !trackingCode;
  const review = transition === "review-by-customer";
  const dispute = transition === "dispute-by-customer";
  return (
    <Form
      method="post"
      encType={dispute ? "multipart/form-data" : undefined}
      className="flex flex-col gap-3 border border-line bg-white p-4"
      data-move={transition}
    >
      <input type="hidden" name="transition" value={transition} />
      <p className="text-sm">{t(`actions.${transition}.help`)}</p>
      {needsTracking ? (
        <label className="text-sm">
          <span className="block">{t("actions.trackingCode")}</span>
          <input name="trackingCode" required className={input} />
        </label>
      ) : null}
      {needsNote ? (
        <label className="text-sm">
          <span className="block">{t("actions.reason")}</span>
          <textarea name="note" required rows={3} className={`${input} py-2`} />
        </label>
      ) : null}
      {dispute ? (
        <label className="text-sm">
          <span className="block">{t("dispute.photos", { count: MAX_DISPUTE_PHOTOS })}</span>
          <input
            type="file"
            name="photos"
            accept="image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif"
            multiple
            required
            className="mt-1 block text-sm"
          />
          <span className="mt-1 block text-xs text-muted">{t("dispute.photosHelp")}</span>
        </label>
      ) : null}
      {review ? (
        <>
          <fieldset className="flex flex-wrap gap-3 text-sm">
            <legend className="mb-1">{t("actions.rating")}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="flex items-center gap-1">
                <input type="radio" name="rating" value={n} required defaultChecked={n === 5} />
                {t("actions.stars", { count: n })}
              </label>
            ))}
          </fieldset>
          <label className="text-sm">
            <span className="block">{t("actions.reviewText")}</span>
            <textarea name="body" required rows={3} className={`${input} py-2`} />
          </label>
        </>
      ) : null}
      <button type="submit" disabled={pending} className={primaryButton}>
        {t(`actions.${transition}.button`)}
      </button>
    </Form>
  );
}

export default function TransactionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("trade");
  const { locale } = useRouting();
  const to = usePageHref();
  const { detail } = loaderData;
  const price = (cents: number) => formatMoney(money(cents), locale);
  const when = (value: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
  const provider = detail.side === "provider";
  return (
    <AccountShell title={loaderData.title}>
      <p className="text-sm">
        <Link to={to("my-marketplace-purchases")} className={textLink}>
          {t("page.back")}
        </Link>
      </p>
      <section aria-labelledby="tx-state" className="mt-4 border border-line bg-white p-4">
        <h2 id="tx-state" className="text-lg font-semibold" data-state={detail.state}>
          {t(`state.${detail.state}`)}
        </h2>
        <p className="mt-1 text-sm">{t(`next.${detail.side}.${detail.state}`)}</p>
        {detail.deadline ? (
          <p className="mt-1 text-sm text-muted">{t("page.deadline", { date: when(detail.deadline) })}</p>
        ) : null}
      </section>

      {actionData?.error ? (
        <p role="alert" className="mt-4 border border-sale px-3 py-2 text-sm text-sale">
          {actionData.error}
        </p>
      ) : null}

      {provider && (detail.state === "payment-complete" || detail.state === "item-sent") ? (
        <section aria-labelledby="tx-label" className="mt-4 border border-line bg-white p-4">
          <h2 id="tx-label" className="font-semibold">
            {t("page.label")}
          </h2>
          <p className="mt-1 text-sm">{t("page.labelHelp")}</p>
          <a
            href={`/api/v1/marketplace/transactions/${detail.id}/label?locale=${locale}`}
            className={`${secondaryButton} mt-3 inline-flex items-center`}
            data-label-link
          >
            {t("page.printLabel")}
          </a>
        </section>
      ) : null}

      {detail.actions.length ? (
        <section aria-labelledby="tx-actions" className="mt-4 flex flex-col gap-3">
          <h2 id="tx-actions" className="font-semibold">
            {t("page.actions")}
          </h2>
          {detail.actions.map((a) => (
            <MoveForm key={a} transition={a} trackingCode={detail.trackingCode} />
          ))}
        </section>
      ) : null}

      {detail.dispute ? (
        <DisputeSection transactionId={detail.id} side={detail.side} dispute={detail.dispute} />
      ) : null}

      {detail.trackingCode ? (
        <section aria-labelledby="tx-tracking" className="mt-4 border border-line bg-white p-4">
          <h2 id="tx-tracking" className="font-semibold">
            {t("page.tracking")}
          </h2>
          <p className="mt-1 text-sm" data-tracking-code>
            {detail.trackingCode}
          </p>
          <ul className="mt-2 text-sm">
            {detail.tracking.events.map((e) => (
              <li key={e.status}>
                {t(`parcel.${e.status}`)} · {when(String(e.at))}
              </li>
            ))}
          </ul>
          {detail.tracking.url ? (
            <a href={detail.tracking.url} className={`${textLink} mt-2 inline-block text-sm`}>
              {t("page.trackingPage")}
            </a>
          ) : null}
        </section>
      ) : null}

      {detail.review ? (
        <section aria-labelledby="tx-review" className="mt-4 border border-line bg-white p-4">
          <h2 id="tx-review" className="font-semibold">
            {t("page.review")}
          </h2>
          <p className="text-sm" data-rating={detail.review.rating}>
            {t("actions.stars", { count: detail.review.rating })}
          </p>
          {detail.review.hidden ? (
            <p className="text-sm text-muted">{t("page.reviewHidden")}</p>
          ) : (
            <p className="text-sm">{detail.review.body}</p>
          )}
          {detail.review.reply ? (
            <p className="mt-2 border-l-2 border-line pl-3 text-sm">{detail.review.reply}</p>
          ) : provider ? (
            <Form method="post" className="mt-3 flex flex-col gap-2">
              <input type="hidden" name="intent" value="reply" />
              <label className="text-sm">
                <span className="block">{t("page.reply")}</span>
                <textarea name="reply" required rows={2} className={`${input} py-2`} />
              </label>
              <button type="submit" className={secondaryButton}>
                {t("page.sendReply")}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="tx-money" className="mt-4 border border-line bg-white p-4">
        <h2 id="tx-money" className="font-semibold">
          {t("page.money")}
        </h2>
        <ul className="mt-2 text-sm">
          {detail.items.map((i) => (
            <li key={i.listingId}>
              {i.title} · {price(i.priceCents)}
            </li>
          ))}
        </ul>
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-6 text-sm">
          {detail.amounts.bundleDiscountCents ? (
            <>
              <dt>{t("buy.bundleDiscount")}</dt>
              <dd>−{price(detail.amounts.bundleDiscountCents)}</dd>
            </>
          ) : null}
          <dt>{t("buy.shipping")}</dt>
          <dd>{price(detail.amounts.shippingCents)}</dd>
          <dt>{t("buy.protection")}</dt>
          <dd>{price(detail.amounts.feeCents)}</dd>
          <dt className="font-semibold">{t("buy.total")}</dt>
          <dd className="font-semibold">{price(detail.amounts.totalCents)}</dd>
          {provider ? (
            <>
              <dt>{t("page.commission")}</dt>
              <dd>−{price(detail.amounts.commissionCents)}</dd>
              <dt className="font-semibold">{t("page.earnings")}</dt>
              <dd className="font-semibold" data-earnings={detail.earnings}>
                {price(detail.amounts.earningsCents)} · {t(`earnings.${detail.earnings}`)}
              </dd>
            </>
          ) : null}
          {detail.amounts.refundedCents ? (
            <>
              <dt>{t("page.refunded")}</dt>
              <dd>{price(detail.amounts.refundedCents)}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="tx-timeline" className="mt-4 border border-line bg-white p-4">
        <h2 id="tx-timeline" className="font-semibold">
          {t("page.timeline")}
        </h2>
        <ol className="mt-2 flex flex-col gap-1 text-sm" data-timeline>
          {detail.timeline.map((line) => (
            <li key={line.transition} data-transition={line.transition}>
              <time dateTime={line.at}>{when(line.at)}</time> · {t(`transition.${line.transition}`)}
              {line.note && line.transition !== "delivered" ? ` — ${line.note}` : ""}
            </li>
          ))}
        </ol>
      </section>
    </AccountShell>
  );
}
