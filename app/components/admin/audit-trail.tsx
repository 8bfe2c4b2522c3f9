import type { AuditLogEntry } from "~/domains/staff/staff.server";
import { formatShopTime } from "~/platform/shop-time";
import { ChangeList, EmptyState } from "./ui";

/** Audit entries as a timeline: when, who (with role), what, and the values before and after. */
export function AuditTrail({
  entries,
  showTarget = false,
}: {
  entries: AuditLogEntry[];
  showTarget?: boolean;
}) {
  if (entries.length === 0) return <EmptyState>No changes by staff yet.</EmptyState>;
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.id} className="border-s-2 border-line ps-3">
          <p className="text-sm">
            <span className="font-medium">{entry.summary}</span>
          </p>
          <p className="text-xs text-muted">
            <time dateTime={new Date(entry.at).toISOString()}>{formatShopTime(entry.at)}</time> ·{" "}
            {entry.actorEmail} ({entry.actorRole}) · {entry.action}
            {showTarget ? ` · ${entry.targetType} ${entry.targetId ?? ""}` : null}
          </p>
          <details className="text-xs">
            <summary className="inline-flex min-h-8 cursor-pointer items-center text-muted">
              Values before and after
            </summary>
            <ChangeList before={entry.before} after={entry.after} />
          </details>
        </li>
      ))}
    </ol>
  );
}
