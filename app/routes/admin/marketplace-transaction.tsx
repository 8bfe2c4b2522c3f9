import { data, Form, useActionData } from "react-router";
import {
  Badge,
  DataTable,
  Euros,
  PageHeader,
  Panel,
  primaryButton,
  StatusMessage,
  secondaryButton,
} from "~/components/admin/ui";
import {
  type TransactionTransition,
  transitionNames,
} from "~/domains/marketplace/transactions/transaction-process";
import { postDisputeMessage, transactionFor } from "~/domains/marketplace/transactions/transactions.server";
import { DisputeMessageSchema, HideReviewSchema } from "~/domains/marketplace/transactions/validation";
import { hideReviewAsStaff, moveTransactionAsStaff } from "~/domains/staff/staff.server";
import { serverI18n } from "~/platform/i18n/resources.server";
import { isRefusal, type Refusal } from "~/platform/refusal";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/marketplace-transaction";
import { idParam, requirePermission, unknownIntent } from "./admin.server";

/** One purchase for an operator: the dispute and its conversation, the operator's moves, the review. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "disputes");
  const detail = await transactionFor(null, idParam(params.id), { asOperator: true });
  if (!detail) throw data(null, { status: 404 });
  return { detail };
}

const refused = (refusal: Refusal) => ({
  tone: "bad" as const,
  message: serverI18n("en").t(refusal.messageKey, refusal.values) as string,
});

/**
 * An operator's move (the table decides; cancels and dispute decisions carry a statement, audited), a
 * message in the dispute's conversation, or hiding the review with a reason (audited).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "disputes");
  const id = idParam(params.id);
  const form = Object.fromEntries(await request.formData());
  if (form.intent === "move") {
    const transition = transitionNames.find((t) => t === form.transition);
    if (!transition) return { tone: "bad" as const, message: "Choose a move." };
    const moved = await moveTransactionAsStaff(actor, id, transition, String(form.note ?? ""));
    if (isRefusal(moved)) return refused(moved);
    return { tone: "good" as const, message: `${transition}: now ${moved.transaction.state}.` };
  }
  if (form.intent === "message") {
    const parsed = DisputeMessageSchema.safeParse(form);
    if (!parsed.success) return { tone: "bad" as const, message: "Write a message." };
    const posted = await postDisputeMessage({ author: "operator", userId: actor.id }, id, parsed.data.body);
    if (isRefusal(posted)) return refused(posted);
    return { tone: "good" as const, message: "Message posted; both sides get an e-mail." };
  }
  if (form.intent === "hide-review") {
    const parsed = HideReviewSchema.safeParse(form);
    if (!parsed.success) return { tone: "bad" as const, message: "Say why the review is hidden." };
    const hidden = await hideReviewAsStaff(actor, id, parsed.data.reason);
    if (isRefusal(hidden)) return refused(hidden);
    return { tone: "good" as const, message: "Review hidden: it no longer counts in the store's rating." };
  }
  unknownIntent();
}

const field = "mt-1 w-full border border-line bg-white px-2 py-1.5 text-sm";

/** Plain words for the operator's buttons; the dispute decisions say for whom. */
const moveLabels: Partial<Record<TransactionTransition, string>> = {
  "refund-after-dispute-by-operator": "Decide for the buyer: refund in full",
  "dispute-resolved-by-operator": "Decide for the seller: complete, pay the earnings",
};

const authors = { customer: "Buyer", provider: "Seller", operator: "Support" } as const;

/** The amounts of a transaction in the order staff read them (every field of `amounts`, named). */
const amountLabels: Record<string, string> = {
  itemsCents: "Items",
  bundleDiscountCents: "Bundle discount",
  priceCents: "Price",
  shippingCents: "Shipping",
  feeCents: "Buyer protection",
  commissionCents: "Commission",
  totalCents: "Paid by the buyer",
  refundedCents: "Refunded",
  earningsCents: "Seller's earnings",
};

export default function MarketplaceTransactionAdmin({ loaderData }: Route.ComponentProps) {
  const { detail } = loaderData;
  const reply = useActionData<typeof action>();
  const dispute = detail.dispute;
  return (
    <>
      <PageHeader
        title={`Transaction ${detail.number}`}
        description={`${detail.store.name} · ${detail.delivery} · tracking ${detail.trackingCode ?? "—"}`}
        back={
          detail.state === "dispute"
            ? { to: "/admin/marketplace/disputes/", label: "Dispute queue" }
            : { to: "/admin/marketplace/transactions/", label: "Transactions" }
        }
      />
      <StatusMessage message={reply?.message} tone={reply?.tone} />
      <Panel title="State">
        <p>
          <Badge tone={detail.state === "dispute" ? "warn" : "neutral"}>
            <span data-admin-state={detail.state}>{detail.state}</span>
          </Badge>{" "}
          since {formatShopTime(detail.stateEnteredAt)} · earnings {detail.earnings}
        </p>
      </Panel>
      {dispute ? (
        <Panel title={dispute.open ? "Dispute (open)" : "Dispute (ended)"}>
          <p className="text-sm whitespace-pre-wrap" data-dispute-reason>
            <strong>Reason:</strong> {dispute.reason}
          </p>
          <p className="text-xs text-muted">Opened {formatShopTime(dispute.openedAt)}</p>
          <ul className="mt-3 flex flex-wrap gap-3" aria-label="Photos from the buyer">
            {dispute.photos.map((photo) => (
              <li key={photo.n}>
                <a
                  href={`/admin/marketplace/transactions/${detail.id}/photos/${photo.n}`}
                  target="_blank"
                  rel="noreferrer"
                  className="block border border-line"
                >
                  <img
                    src={`/admin/marketplace/transactions/${detail.id}/photos/${photo.n}`}
                    alt={`Attachment ${photo.n + 1} of ${dispute.photos.length} from the buyer (opens full size)`}
                    width={160}
                    height={Math.round((160 * photo.height) / photo.width)}
                    className="h-auto w-40"
                    data-dispute-photo
                  />
                </a>
              </li>
            ))}
          </ul>
          <h3 className="mt-4 text-sm font-semibold">Conversation</h3>
          <ol className="mt-2 space-y-3" data-dispute-messages>
            {dispute.messages.length === 0 ? <li className="text-sm text-muted">No messages yet.</li> : null}
            {dispute.messages.map((m) => (
              <li
                key={m.id}
                className={`border-s-2 px-3 py-2 ${m.author === "operator" ? "border-accent bg-sand" : "border-line"}`}
              >
                <p className="text-xs text-muted">
                  {authors[m.author]} · {formatShopTime(m.at)}
                </p>
                <p className="mt-1 text-sm whitespace-pre-wrap">{m.body}</p>
              </li>
            ))}
          </ol>
          {dispute.open ? (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="message" />
              <label className="text-xs">
                Message to both sides (e-mailed)
                <textarea name="body" rows={3} maxLength={2000} required className={field} />
              </label>
              <button type="submit" className={`${secondaryButton} mt-2`}>
                Post message
              </button>
            </Form>
          ) : dispute.outcome ? (
            <p className="mt-3 text-sm" data-dispute-outcome={dispute.outcome.transition}>
              Ended {formatShopTime(dispute.outcome.at)}: <strong>{dispute.outcome.transition}</strong>
              {dispute.outcome.note ? ` — ${dispute.outcome.note}` : ""}
            </p>
          ) : null}
        </Panel>
      ) : null}
      <Panel title={detail.state === "dispute" ? "Decision" : "Operator moves"}>
        {detail.actions.length === 0 ? (
          <p className="text-sm text-muted">The process table gives operators no move in this state.</p>
        ) : (
          <div className="grid gap-4 desktop:grid-cols-2">
            {detail.actions.map((transition) => (
              <Form
                method="post"
                key={transition}
                className="border border-line p-3"
                data-operator-move={transition}
              >
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="transition" value={transition} />
                <label className="text-xs">
                  Statement (sent to both sides, kept in the timeline)
                  <textarea name="note" rows={2} maxLength={2000} className={field} />
                </label>
                <button type="submit" className={`${primaryButton} mt-2`}>
                  {moveLabels[transition] ?? transition}
                </button>
              </Form>
            ))}
          </div>
        )}
      </Panel>
      {detail.review ? (
        <Panel title="Review">
          <p className="text-sm" data-review-hidden={detail.review.hidden}>
            {detail.review.rating} / 5 · {detail.review.body}
          </p>
          {detail.review.reply ? (
            <p className="mt-1 text-sm text-muted">Reply: {detail.review.reply}</p>
          ) : null}
          {detail.review.hidden ? (
            <p className="mt-2 text-sm">
              <Badge tone="neutral">hidden</Badge> {detail.review.hiddenReason}
            </p>
          ) : (
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="hide-review" />
              <label className="text-xs">
                Reason for hiding (kept for the statement to the reviewer)
                <textarea name="reason" rows={2} maxLength={500} required className={field} />
              </label>
              <button type="submit" className={`${secondaryButton} mt-2`}>
                Hide review
              </button>
            </Form>
          )}
        </Panel>
      ) : null}
      <Panel title="Amounts">
        <DataTable caption="Amounts" compact>
          <tbody>
            {Object.entries(detail.amounts).map(([name, cents]) => (
              <tr key={name}>
                <th scope="row">{amountLabels[name] ?? name}</th>
                <td>
                  <Euros cents={cents} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Panel>
      <Panel title="Timeline">
        <ol className="space-y-1 text-sm">
          {detail.timeline.map((line) => (
            <li key={line.transition}>
              {formatShopTime(line.at)} · <strong>{line.transition}</strong> by {line.actor}
              {line.note ? ` — ${line.note}` : ""}
            </li>
          ))}
        </ol>
      </Panel>
    </>
  );
}
