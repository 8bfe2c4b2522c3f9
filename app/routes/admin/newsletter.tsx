import { Link } from "react-router";
import {
  Badge,
  DataTable,
  EmptyState,
  PageHeader,
  Pagination,
  Panel,
  SearchBar,
} from "~/components/admin/ui";
import { newsletterSubscriberList } from "~/domains/marketing/marketing.server";
import { formatShopTime } from "~/platform/shop-time";
import type { Route } from "./+types/newsletter";
import { requirePermission } from "./admin.server";

const statuses = ["subscribed", "pending", "unsubscribed"] as const;
const PAGE_SIZE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "promotions");
  const params = new URL(request.url).searchParams;
  const status = statuses.find((s) => s === params.get("status"));
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const list = await newsletterSubscriberList({ q, status, page, pageSize: PAGE_SIZE });
  return { ...list, q, status: status ?? null, page };
}

const tone = { subscribed: "good", pending: "warn", unsubscribed: "neutral" } as const;

export default function NewsletterSubscribers({ loaderData }: Route.ComponentProps) {
  const { rows, total, q, status, page } = loaderData;
  const exportHref = `/admin/newsletter/export/${status ? `?status=${status}` : ""}`;
  return (
    <>
      <PageHeader
        title="Newsletter subscribers"
        description="Double opt-in sign-ups with their consent proof: when and from which IP the address asked and confirmed, and the version of the text it agreed to."
      />
      <SearchBar q={q} label="E-mail address">
        <div>
          <label htmlFor="status" className="inline-block pb-1.5 text-xs tracking-[0.14em] uppercase">
            Status
          </label>
          <select
            id="status"
            name="status"
            defaultValue={status ?? ""}
            className="min-h-11 border border-line px-3"
          >
            <option value="">All</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </SearchBar>
      <p className="mb-4">
        <Link to={exportHref} reloadDocument className="underline underline-offset-4">
          Export as CSV{status ? ` (${status})` : ""}
        </Link>
      </p>
      <Panel title="Subscribers">
        {rows.length === 0 ? (
          <EmptyState>No subscribers found.</EmptyState>
        ) : (
          <DataTable caption="Newsletter subscribers">
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">Status</th>
                <th scope="col">Asked</th>
                <th scope="col">Confirmed</th>
                <th scope="col">Consent text</th>
                <th scope="col">Welcome code</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    {row.email}
                    <span className="block text-xs text-muted">
                      {row.locale} · {row.source}
                    </span>
                  </td>
                  <td>
                    <Badge tone={tone[row.status]}>{row.status}</Badge>
                    {row.unsubscribedAt ? (
                      <span className="block text-xs text-muted">{formatShopTime(row.unsubscribedAt)}</span>
                    ) : null}
                  </td>
                  <td>
                    {row.requestedAt ? formatShopTime(row.requestedAt) : "—"}
                    <span className="block text-xs text-muted">{row.requestedIp ?? "—"}</span>
                  </td>
                  <td>
                    {row.confirmedAt ? formatShopTime(row.confirmedAt) : "—"}
                    <span className="block text-xs text-muted">{row.confirmedIp ?? ""}</span>
                  </td>
                  <td>{row.textVersion ?? "—"}</td>
                  <td className="font-mono text-xs">{row.welcomeCode ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        <Pagination page={page} pageSize={50} total={total} />
      </Panel>
    </>
  );
}
