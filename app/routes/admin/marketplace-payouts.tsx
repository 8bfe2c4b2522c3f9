import { Form, Link, useActionData } from "react-router";
import {
  DataTable,
  EmptyState,
  Euros,
  PageHeader,
  Panel,
  primaryButton,
  StatusMessage,
} from "~/components/admin/ui";
import { payoutBatches, waitingPayouts } from "~/domains/marketplace/payouts/payouts.server";
import { batchPayoutsAsStaff } from "~/domains/staff/staff.server";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/marketplace-payouts";
import { requirePermission } from "./admin.server";

/** Marketplace payouts (admin): what waits for the next SEPA file, and the files written so far. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "payouts");
  const [waiting, batches] = await Promise.all([waitingPayouts(), payoutBatches()]);
  return { waiting, batches };
}

/** Writes the SEPA file of the waiting payouts now (the job does it on weekday mornings). */
export async function action({ request }: Route.ActionArgs) {
  const { actor } = await requirePermission(request, "payouts");
  const batch = await batchPayoutsAsStaff(actor);
  if (!batch) return { tone: "bad" as const, message: "No payouts are waiting." };
  return {
    tone: "good" as const,
    message: `SEPA file ${batch.messageId} written with ${batch.payoutCount} payouts.`,
  };
}

export default function MarketplacePayoutsAdmin({ loaderData }: Route.ComponentProps) {
  const { waiting, batches } = loaderData;
  const reply = useActionData<typeof action>();
  const waitingTotal = waiting.reduce((sum, p) => sum + p.amountCents, 0);
  return (
    <>
      <PageHeader
        title="Marketplace payouts"
        description="Sellers' payouts to their verified IBAN. A job writes the waiting ones into a SEPA credit transfer file (pain.001.001.09) on weekday mornings; download it for the bank."
      />
      <StatusMessage message={reply?.message} tone={reply?.tone} />
      <Panel title={`Waiting for the next file: ${waiting.length}`}>
        {waiting.length === 0 ? (
          <EmptyState>No payouts are waiting.</EmptyState>
        ) : (
          <>
            <DataTable caption="Payouts waiting">
              <thead>
                <tr>
                  <th scope="col">Payout</th>
                  <th scope="col">Seller</th>
                  <th scope="col">Account</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Requested</th>
                </tr>
              </thead>
              <tbody>
                {waiting.map((p) => (
                  <tr key={p.id}>
                    <td>{p.number}</td>
                    <td>{p.email ?? "—"}</td>
                    <td>
                      {p.holderName} · {p.iban}
                    </td>
                    <td>
                      <Euros cents={p.amountCents} />
                    </td>
                    <td>{formatShopTime(p.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Form method="post" className="mt-4 flex items-center gap-3">
              <button type="submit" className={primaryButton}>
                Write the SEPA file now
              </button>
              <span className="text-sm text-muted">
                Total <Euros cents={waitingTotal} />
              </span>
            </Form>
          </>
        )}
      </Panel>
      <Panel title="SEPA files">
        {batches.length === 0 ? (
          <EmptyState>No files yet.</EmptyState>
        ) : (
          <DataTable caption="SEPA files">
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Payouts</th>
                <th scope="col">Total</th>
                <th scope="col">Written</th>
                <th scope="col">Downloaded</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((b) => (
                <tr key={b.id} data-batch={b.messageId}>
                  <td>
                    <Link to={`/admin/marketplace/payouts/${b.id}/`} className="underline">
                      {b.messageId}
                    </Link>
                  </td>
                  <td>{b.payoutCount}</td>
                  <td>
                    <Euros cents={b.totalCents} />
                  </td>
                  <td>{formatShopTime(b.createdAt)}</td>
                  <td>{b.downloadedAt ? formatShopTime(b.downloadedAt) : "not yet"}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </Panel>
    </>
  );
}
