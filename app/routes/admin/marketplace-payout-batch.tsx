import { data } from "react-router";
import { DataTable, Euros, PageHeader, Panel } from "~/components/admin/ui";
import { payoutBatch } from "~/domains/marketplace/payouts/payouts.server";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/marketplace-payout-batch";
import { idParam, requirePermission } from "./admin.server";

/** One SEPA file with the payouts in it, and its download. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "payouts");
  const found = await payoutBatch(idParam(params.id));
  if (!found) throw data(null, { status: 404 });
  return found;
}

export default function PayoutBatchAdmin({ loaderData }: Route.ComponentProps) {
  const { batch, payouts } = loaderData;
  return (
    <>
      <PageHeader
        title={`SEPA file ${batch.messageId}`}
        description={`Written ${formatShopTime(batch.createdAt)} · ${batch.downloadedAt ? `first downloaded ${formatShopTime(batch.downloadedAt)}` : "not downloaded yet"}`}
        back={{ to: "/admin/marketplace/payouts/", label: "Payouts" }}
      />
      <Panel title="File">
        <p className="text-sm">
          {batch.payoutCount} credit transfers, total <Euros cents={batch.totalCents} />. ISO 20022
          pain.001.001.09, for upload to the bank.
        </p>
        {/* A resource route: a plain link downloads the file (the download is logged). */}
        <a
          href={`/admin/marketplace/payouts/${batch.id}/file/`}
          className="mt-3 inline-block min-h-11 border border-ink px-4 py-2.5 text-sm"
          download
        >
          Download the SEPA file (XML)
        </a>
      </Panel>
      <Panel title="Payouts in this file">
        <DataTable caption="Payouts in this file">
          <thead>
            <tr>
              <th scope="col">Payout</th>
              <th scope="col">Seller</th>
              <th scope="col">Account holder</th>
              <th scope="col">IBAN</th>
              <th scope="col">Amount</th>
              <th scope="col">Requested</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((p) => (
              <tr key={p.id}>
                <td>{p.number}</td>
                <td>{p.email ?? "—"}</td>
                <td>{p.holderName}</td>
                <td>{p.iban}</td>
                <td>
                  <Euros cents={p.amountCents} />
                </td>
                <td>{formatShopTime(p.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </Panel>
    </>
  );
}
