import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AccountShell } from "~/components/account/account-shell";
import { primaryButton, secondaryButton, textLink } from "~/components/account/styles";
import { maskContactDetails } from "~/domains/marketplace/conversations/masking";
import {
  answerOffer,
  conversationFor,
  makeOffer,
  sendMessage,
} from "~/domains/marketplace/marketplace.server";
import { MessageSchema, OfferSchema } from "~/domains/marketplace/validation";
import { requireCustomer } from "~/platform/auth/guards.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { formatMoney, money } from "~/platform/money";
import { isRefusal } from "~/platform/refusal";
import { pageMeta, personalPage } from "~/routing/meta";
import { routingContext } from "~/routing/middleware.server";
import { pageMiddleware } from "~/routing/page-middleware.server";
import { href } from "~/routing/urls";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { Route } from "./+types/marketplace-conversation";

export const middleware = pageMiddleware("my-marketplace-conversation");
export const handle = { i18n: ["marketplace", "account", "forms"] };
export const headers = personalPage;

/** Someone else's conversation is a 404: it says nothing about whether it exists. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const visitor = await requireCustomer(request);
  const { locale } = context.get(routingContext);
  const id = Number(params.id);
  const conversation = Number.isSafeInteger(id) && id > 0 ? await conversationFor(visitor.id, id) : null;
  if (!conversation) throw data(null, { status: 404 });
  const masked = new URL(request.url).searchParams.get("masked");
  return {
    conversation,
    masked: masked ? masked.split(",") : [],
    title: serverI18n(locale).t("marketplace:conversation.title", { title: conversation.listing.title }),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const visitor = await requireCustomer(request);
  const { locale, strategy } = context.get(routingContext);
  const t = serverI18n(locale).t;
  const id = Number(params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  const here = href("my-marketplace-conversation", { id: String(id) }, locale, strategy);
  const fail = (key: string, values?: Record<string, unknown>, status = 400) =>
    data({ error: t(key, values ?? {}) as string }, { status });
  if (intent === "message") {
    const parsed = MessageSchema.safeParse({ body: form.get("body") ?? "" });
    if (!parsed.success) return fail("marketplace:errors.emptyMessage");
    const sent = await sendMessage(visitor.id, id, parsed.data.body);
    if (isRefusal(sent)) return fail(sent.messageKey, sent.values, 409);
    throw redirect(sent.masked.length ? `${here}?masked=${sent.masked.join(",")}` : here);
  }
  const conversation = await conversationFor(visitor.id, id);
  if (!conversation) throw data(null, { status: 404 });
  if (intent === "offer") {
    const parsed = OfferSchema.safeParse({ amount: form.get("amount") ?? "" });
    if (!parsed.success) return fail("marketplace:errors.offerAmount");
    const made = await makeOffer(visitor.id, conversation.listing.id, parsed.data.amount);
    if (isRefusal(made)) return fail(made.messageKey, made.values, 409);
    throw redirect(here);
  }
  if (intent === "answer") {
    const answer = form.get("answer");
    const offerId = Number(form.get("offer"));
    if (answer !== "accept" && answer !== "decline" && answer !== "counter" && answer !== "withdraw")
      throw data(null, { status: 400 });
    let amount: number | undefined;
    if (answer === "counter") {
      const parsed = OfferSchema.safeParse({ amount: form.get("amount") ?? "" });
      if (!parsed.success) return fail("marketplace:errors.offerAmount");
      amount = parsed.data.amount;
    }
    const answered = await answerOffer(visitor.id, offerId, answer, amount);
    if (isRefusal(answered)) return fail(answered.messageKey, answered.values, 409);
    throw redirect(here);
  }
  throw data(null, { status: 400 });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return pageMeta(matches, loaderData?.title, [{ name: "robots", content: "noindex" }]);
}

const input =
  "min-h-12 w-full border border-ink/40 bg-white px-3 text-base focus:border-ink focus:outline-none";

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("marketplace");
  const { locale } = useRouting();
  const to = usePageHref();
  const pending = useNavigation().state === "submitting";
  const { conversation, masked } = loaderData;
  const [draft, setDraft] = useState("");
  const warning = maskContactDetails(draft).found;
  const price = (cents: number) => formatMoney(money(cents), locale);
  const when = (value: string | Date) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(value));
  const { listing } = conversation;
  return (
    <AccountShell title={t("conversation.title", { title: listing.title })}>
      <div className="flex items-center gap-4 border border-line bg-white p-4">
        {listing.photo ? (
          <img
            src={listing.photo.w200.url}
            alt=""
            width={64}
            height={96}
            className="h-24 w-16 object-cover"
          />
        ) : null}
        <div>
          <Link
            to={to("marketplace-item", { id: String(listing.id) })}
            className={`${textLink} font-semibold`}
          >
            {listing.title}
          </Link>
          <p className="text-sm">{price(listing.priceCents)}</p>
          <p className="text-sm text-muted">
            {conversation.role === "customer"
              ? t("conversation.withStore", { name: conversation.otherName })
              : t("conversation.withBuyer", { name: conversation.otherName })}
          </p>
        </div>
      </div>

      {actionData?.error ? (
        <p role="alert" className="mt-4 border border-sale px-4 py-3 text-sm text-sale">
          {actionData.error}
        </p>
      ) : null}
      {masked.length > 0 ? (
        <p role="status" className="mt-4 border border-ink/20 bg-sand px-4 py-3 text-sm" data-masked>
          {t("conversation.maskedNotice")}
        </p>
      ) : null}

      {conversation.accepted ? (
        <p role="status" className="mt-4 border border-ink bg-sand px-4 py-3 text-sm" data-accepted-offer>
          {conversation.role === "customer"
            ? t("conversation.acceptedBuyer", {
                price: price(conversation.accepted.amountCents),
                until: when(conversation.accepted.holdsUntil),
              })
            : t("conversation.acceptedSeller", {
                price: price(conversation.accepted.amountCents),
                until: when(conversation.accepted.holdsUntil),
              })}
        </p>
      ) : null}

      <ol className="mt-6 flex flex-col gap-3" aria-label={t("conversation.messages")}>
        {conversation.lines.map((line) => (
          <li
            key={line.id}
            className={`max-w-[85%] px-4 py-3 text-sm ${line.mine ? "self-end bg-ink text-paper" : "self-start border border-line bg-white"}`}
            data-line-kind={line.kind}
          >
            {line.offer ? (
              <p>
                {t(`conversation.lines.${line.kind}`, {
                  price: price(line.offer.amountCents),
                  defaultValue: price(line.offer.amountCents),
                })}
                {line.kind === "offer" || line.kind === "counter" ? (
                  <span className="ms-2 text-xs opacity-80" data-offer-state={line.offer.state}>
                    ({t(`conversation.offerStates.${line.offer.state}`)})
                  </span>
                ) : null}
              </p>
            ) : line.removed ? (
              <p className="italic opacity-80">{t("conversation.removed")}</p>
            ) : (
              <p className="whitespace-pre-line">{line.body}</p>
            )}
            <p className="mt-1 text-[11px] opacity-70">
              {when(line.createdAt)}
              {!line.mine && line.kind === "text" && !line.removed ? (
                <>
                  {" · "}
                  <Link
                    to={`${to("marketplace-report")}?message=${line.id}`}
                    className="underline"
                    rel="nofollow"
                  >
                    {t("conversation.report")}
                  </Link>
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ol>

      {conversation.pending ? (
        <section
          aria-labelledby="offer-heading"
          className="mt-6 border border-ink/30 bg-white p-4"
          data-pending-offer
        >
          <h2 id="offer-heading" className="font-semibold">
            {conversation.pending.toAnswer
              ? t("conversation.answerTitle", { price: price(conversation.pending.amountCents) })
              : t("conversation.waitingTitle", { price: price(conversation.pending.amountCents) })}
          </h2>
          <p className="text-sm text-muted">
            {t("conversation.answerBy", { until: when(conversation.pending.answerBy) })}
          </p>
          {conversation.pending.toAnswer ? (
            <div className="mt-3 flex flex-wrap items-end gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="answer" />
                <input type="hidden" name="offer" value={conversation.pending.id} />
                <button type="submit" name="answer" value="accept" className={primaryButton}>
                  {t("conversation.accept")}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="intent" value="answer" />
                <input type="hidden" name="offer" value={conversation.pending.id} />
                <button type="submit" name="answer" value="decline" className={secondaryButton}>
                  {t("conversation.decline")}
                </button>
              </Form>
              <Form method="post" className="flex items-end gap-2">
                <input type="hidden" name="intent" value="answer" />
                <input type="hidden" name="offer" value={conversation.pending.id} />
                <label className="text-sm">
                  <span className="block">{t("conversation.counterAmount")}</span>
                  <input name="amount" inputMode="decimal" required className={`${input} w-28`} />
                </label>
                <button type="submit" name="answer" value="counter" className={secondaryButton}>
                  {t("conversation.counter")}
                </button>
              </Form>
            </div>
          ) : (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="answer" />
              <input type="hidden" name="offer" value={conversation.pending.id} />
              <button type="submit" name="answer" value="withdraw" className={secondaryButton}>
                {t("conversation.withdraw")}
              </button>
            </Form>
          )}
        </section>
      ) : conversation.role === "customer" && listing.state === "published" && !conversation.accepted ? (
        <Form method="post" className="mt-6 flex flex-wrap items-end gap-2 border border-line bg-white p-4">
          <input type="hidden" name="intent" value="offer" />
          <label className="text-sm">
            <span className="block">{t("conversation.offerAmount")}</span>
            <input name="amount" inputMode="decimal" required className={`${input} w-32`} />
          </label>
          <button type="submit" className={secondaryButton} aria-disabled={pending || undefined}>
            {t("listing.makeOffer")}
          </button>
          <p className="w-full text-xs text-muted">{t("conversation.offerHelp")}</p>
        </Form>
      ) : null}

      <Form method="post" className="mt-6 space-y-2" onSubmit={() => setDraft("")}>
        <input type="hidden" name="intent" value="message" />
        <label htmlFor="message-body" className="block text-sm font-medium">
          {t("fields.message")}
        </label>
        <textarea
          id="message-body"
          name="body"
          rows={3}
          required
          maxLength={1000}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          aria-describedby="message-help"
          className="w-full border border-ink/40 bg-white p-3 text-base focus:border-ink focus:outline-none"
        />
        <p
          id="message-help"
          className={`text-xs ${warning.length ? "text-sale" : "text-muted"}`}
          aria-live="polite"
        >
          {warning.length ? t("conversation.maskWarning") : t("conversation.safety")}
        </p>
        <button type="submit" className={primaryButton} aria-disabled={pending || undefined}>
          {t("conversation.send")}
        </button>
      </Form>
      <p className="mt-8 text-sm">
        <Link to={`${to("my-marketplace")}?view=conversations`} className={textLink}>
          {t("conversation.back")}
        </Link>
      </p>
    </AccountShell>
  );
}
