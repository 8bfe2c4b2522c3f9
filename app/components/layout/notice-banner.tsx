import type { SiteNotice } from "~/domains/content/content.server";

/** Site notices from the back office (delivery delays, campaigns), above the header on every page. */
export function NoticeBanner({ notices }: { notices: SiteNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <aside aria-label="Notices">
      {notices.map((notice) => (
        <p
          key={notice.id}
          className={`px-4 py-2 text-center text-sm ${notice.tone === "warning" ? "bg-accent text-white" : "bg-sand text-ink"}`}
        >
          {notice.message}
        </p>
      ))}
    </aside>
  );
}
