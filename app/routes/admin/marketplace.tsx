import type { ReactNode } from "react";
import { Form, useActionData } from "react-router";
import type { AdminActionData } from "~/components/admin/admin-form";
import {
  Badge,
  DataTable,
  dangerButton,
  EmptyState,
  Euros,
  PageHeader,
  Panel,
  primaryButton,
  SearchBar,
  StatusMessage,
  secondaryButton,
} from "~/components/admin/ui";
import {
  findListings,
  findStores,
  moderationQueue,
  openAppeals,
} from "~/domains/marketplace/marketplace.server";
import { decisionActions } from "~/domains/marketplace/moderation/rules";
import { AppealDecisionSchema, DecisionSchema } from "~/domains/marketplace/validation";
import {
  decideAppealAsStaff,
  decideAsStaff,
  labelStoreAsStaff,
  liftStoreMeasureAsStaff,
} from "~/domains/staff/staff.server";
import { isRefusal } from "~/platform/refusal";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/marketplace";
import { requirePermission, runForm } from "./admin.server";

/** Trust and safety of the marketplace: the notice queue, appeals, and stores and listings by search. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "disputes");
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 60);
  const [queue, appeals, stores, listings] = await Promise.all([
    moderationQueue(),
    openAppeals(),
    findStores(q, 30),
    q ? findListings(q, 30) : Promise.resolve([]),
  ]);
  return { q, queue, appeals, stores, listings };
}

export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "disputes");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (intent.startsWith("decide"))
    return runForm(formData, DecisionSchema, async (value) => {
      const done = await decideAsStaff(actor, value);
      return isRefusal(done)
        ? done
        : `Decision ${done.id}: ${value.action} ${value.targetKind} ${value.targetId}.`;
    });
  if (intent.startsWith("appeal"))
    return runForm(formData, AppealDecisionSchema, async (value) => {
      const done = await decideAppealAsStaff(actor, value.decision, value.outcome, value.reply);
      return isRefusal(done) ? done : `Appeal ${value.outcome}.`;
    });
  const storeId = Number(formData.get("store"));
  if (intent.startsWith("lift") && Number.isSafeInteger(storeId)) {
    const measure = formData.get("measure") === "restrict" ? "restrict" : "ban";
    const done = await liftStoreMeasureAsStaff(actor, storeId, measure);
    return { intent, message: isRefusal(done) ? done.messageKey : `Store ${storeId}: ${measure} lifted.` };
  }
  if (intent.startsWith("labels") && Number.isSafeInteger(storeId)) {
    const labels = String(formData.get("labels") ?? "").split(",");
    const done = await labelStoreAsStaff(actor, storeId, labels);
    return {
      intent,
      message: isRefusal(done) ? done.messageKey : `Labels saved: ${done.labels.join(", ") || "none"}.`,
    };
  }
  return { intent, message: "Unknown action." };
}

const field = "mt-1 w-full border border-line bg-white px-2 py-1.5 text-sm";

/** One decision form: the action, its ground and the statement of reasons the owner receives. */
function DecideForm({
  targetKind,
  targetId,
  actions = decisionActions,
  submit = "Decide",
}: {
  targetKind: string;
  targetId: number;
  actions?: readonly string[];
  submit?: ReactNode;
}) {
  const intent = `decide-${targetKind}-${targetId}`;
  return (
    <Form method="post" className="mt-3 grid gap-2 desktop:grid-cols-[10rem_1fr]">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="targetKind" value={targetKind} />
      <input type="hidden" name="targetId" value={targetId} />
      <label className="text-xs">
        Decision
        <select name="action" className={field} defaultValue={actions[0]}>
          {actions.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
      </label>
      <label className="text-xs">
        Ground (law or terms)
        <input
          name="ground"
          required
          maxLength={200}
          className={field}
          placeholder="Terms 4.2: counterfeit goods"
        />
      </label>
      <label className="text-xs desktop:col-span-2">
        Statement of reasons (sent to the owner)
        <textarea name="statement" required maxLength={4000} rows={3} className={field} />
      </label>
      <div>
        <button type="submit" className={primaryButton}>
          {submit}
        </button>
      </div>
    </Form>
  );
}

export default function MarketplaceAdmin({ loaderData }: Route.ComponentProps) {
  const { q, queue, appeals, stores, listings } = loaderData;
  const reply = useActionData() as
    | (AdminActionData & { message?: string })
    | { intent: string; message: string }
    | undefined;
  const formErrors =
    reply && "result" in reply && reply.result?.error
      ? Object.entries(reply.result.error).flatMap(([name, messages]) =>
          (messages ?? []).map((m) => `${name}: ${m}`),
        )
      : [];
  return (
    <>
      <PageHeader
        title="Marketplace"
        description="Notices and appeals (Digital Services Act), stores and listings. Every decision sends the owner a statement of reasons."
      />
      <StatusMessage message={reply?.message} />
      {formErrors.length > 0 ? <StatusMessage tone="bad" message={formErrors.join(" · ")} /> : null}

      <Panel title={`Notice queue (${queue.length})`}>
        {queue.length === 0 ? (
          <EmptyState>No open notices.</EmptyState>
        ) : (
          <ol className="space-y-6">
            {queue.map((item) => (
              <li
                key={`${item.targetKind}-${item.targetId}`}
                className="border border-line p-4"
                data-queue-item={`${item.targetKind}-${item.targetId}`}
              >
                <p className="font-medium">
                  <Badge tone="warn">{item.targetKind}</Badge> #{item.targetId} · {item.label}
                </p>
                <ul className="mt-2 space-y-1 text-sm">
                  {item.reports.map((r) => (
                    <li key={r.id}>
                      <Badge>{r.reason}</Badge> {r.details || "—"}{" "}
                      <span className="text-muted">
                        ({r.email}, {formatShopTime(r.createdAt)}
                        {r.url ? `, ${r.url}` : ""})
                      </span>
                    </li>
                  ))}
                </ul>
                <DecideForm
                  targetKind={item.targetKind}
                  targetId={item.targetId}
                  actions={item.targetKind === "store" ? ["ban", "restrict", "dismiss"] : decisionActions}
                />
              </li>
            ))}
          </ol>
        )}
      </Panel>

      <Panel title={`Appeals (${appeals.length})`}>
        {appeals.length === 0 ? (
          <EmptyState>No open appeals.</EmptyState>
        ) : (
          <ol className="space-y-6">
            {appeals.map((a) => (
              <li key={a.id} className="border border-line p-4">
                <p className="font-medium">
                  Decision {a.id}: {a.action} {a.targetKind} #{a.targetId}
                </p>
                <p className="text-sm text-muted">Statement: {a.statement}</p>
                <p className="mt-1 text-sm">
                  Appeal ({formatShopTime(a.appealedAt)}): {a.appealText}
                </p>
                <Form method="post" className="mt-3 grid gap-2">
                  <input type="hidden" name="intent" value={`appeal-${a.id}`} />
                  <input type="hidden" name="decision" value={a.id} />
                  <label className="text-xs">
                    Reply to the owner
                    <textarea name="reply" required rows={2} className={field} />
                  </label>
                  <div className="flex gap-2">
                    <button type="submit" name="outcome" value="upheld" className={secondaryButton}>
                      Uphold
                    </button>
                    <button type="submit" name="outcome" value="reversed" className={dangerButton}>
                      Reverse (undo)
                    </button>
                  </div>
                </Form>
              </li>
            ))}
          </ol>
        )}
      </Panel>

      <Panel title="Stores and listings">
        <SearchBar q={q} label="Search stores (handle, name, owner e-mail) and listings (title, brand, id)" />
        <DataTable caption="Stores">
          <thead>
            <tr>
              <th>Store</th>
              <th>Owner</th>
              <th>Listings</th>
              <th>Status</th>
              <th>Labels</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {stores.map((s) => (
              <tr key={s.id} data-store-row={s.handle}>
                <td>
                  {s.name} <span className="text-muted">@{s.handle}</span>
                </td>
                <td>{s.ownerEmail}</td>
                <td>{s.listings}</td>
                <td>
                  {s.banned ? <Badge tone="bad">banned</Badge> : null}{" "}
                  {s.restricted ? <Badge tone="warn">restricted</Badge> : null}{" "}
                  {s.openReports ? <Badge tone="warn">{s.openReports} notices</Badge> : null}
                </td>
                <td>
                  <Form method="post" className="flex gap-1">
                    <input type="hidden" name="intent" value={`labels-${s.id}`} />
                    <input type="hidden" name="store" value={s.id} />
                    <label className="sr-only" htmlFor={`labels-${s.id}`}>
                      Labels of {s.handle}
                    </label>
                    <input
                      id={`labels-${s.id}`}
                      name="labels"
                      defaultValue={s.labels.join(", ")}
                      className={field}
                    />
                    <button type="submit" className={secondaryButton}>
                      Save
                    </button>
                  </Form>
                </td>
                <td>
                  {s.banned || s.restricted ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value={`lift-${s.id}`} />
                      <input type="hidden" name="store" value={s.id} />
                      <button
                        type="submit"
                        name="measure"
                        value={s.banned ? "ban" : "restrict"}
                        className={secondaryButton}
                      >
                        {s.banned ? "Unban" : "Lift restriction"}
                      </button>
                    </Form>
                  ) : (
                    <details>
                      <summary className="cursor-pointer text-sm">Ban or restrict…</summary>
                      <DecideForm targetKind="store" targetId={s.id} actions={["ban", "restrict"]} />
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        {listings.length > 0 ? (
          <DataTable caption="Listings">
            <thead>
              <tr>
                <th>Listing</th>
                <th>Store</th>
                <th>Price</th>
                <th>State</th>
                <th>Action</th>
              </tr>
            </thead>
            <tbody>
              {listings.map((l) => (
                <tr key={l.id}>
                  <td>
                    #{l.id} {l.title} <span className="text-muted">{l.brand}</span>
                  </td>
                  <td>
                    @{l.storeHandle} {l.storeBanned ? <Badge tone="bad">banned</Badge> : null}
                  </td>
                  <td>
                    <Euros cents={l.priceCents} />
                  </td>
                  <td>
                    <Badge>{l.state}</Badge>
                  </td>
                  <td>
                    {l.state !== "removed" ? (
                      <details>
                        <summary className="cursor-pointer text-sm">Remove…</summary>
                        <DecideForm targetKind="listing" targetId={l.id} actions={["remove"]} />
                      </details>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        ) : null}
      </Panel>
    </>
  );
}
