import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { controlClass, labelClass } from "~/components/forms/styles";
import { formatMoney, money } from "~/platform/money";

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(" ");

export const primaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 bg-ink px-5 text-sm font-medium text-paper transition-colors hover:bg-accent aria-disabled:opacity-70 disabled:opacity-50";
export const secondaryButton =
  "inline-flex min-h-11 items-center justify-center gap-2 border border-ink bg-white px-4 text-sm font-medium text-ink transition-colors hover:bg-sand";
export const dangerButton =
  "inline-flex min-h-11 items-center justify-center gap-2 border border-sale bg-white px-4 text-sm font-medium text-sale transition-colors hover:bg-sale hover:text-white";
export const quietButton =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 px-2 text-sm text-ink underline-offset-4 hover:underline";
export const tableLink = "font-medium text-ink underline-offset-4 hover:text-accent hover:underline";

/** The page's title (the one `h1`), a line about it and its main actions. */
export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {back ? (
          <Link
            to={back.to}
            className="mb-1 inline-flex min-h-11 items-center gap-1 text-sm text-muted hover:text-ink"
          >
            <ChevronLeft aria-hidden="true" className="size-4" strokeWidth={1.5} />
            {back.label}
          </Link>
        ) : null}
        <h1 className="font-display text-3xl leading-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** A titled block of a page: a form, a table, a list. */
export function Panel({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className={cx("border border-line bg-white p-4 desktop:p-6", className)}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-sm font-semibold tracking-[0.12em] uppercase">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Badge({
  tone = "neutral",
  children,
}: {
  tone?: "neutral" | "good" | "warn" | "bad";
  children: ReactNode;
}) {
  const tones = {
    neutral: "border-line bg-sand text-ink",
    good: "border-success/30 bg-success/10 text-success",
    warn: "border-accent/30 bg-accent/10 text-accent",
    bad: "border-sale/30 bg-sale/10 text-sale",
  };
  return (
    <span className={cx("inline-block border px-2 py-0.5 text-xs whitespace-nowrap", tones[tone])}>
      {children}
    </span>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function DataTable({
  caption,
  children,
  compact = false,
}: {
  caption: string;
  children: ReactNode;
  /** A narrow table (two or three columns) that never needs to scroll. */
  compact?: boolean;
}) {
  return (
    // A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable).
    <section
      // `relative` keeps screen-reader-only labels of the cells inside the scrolling box.
      className="relative -mx-4 overflow-x-auto px-4 desktop:mx-0 desktop:px-0"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      aria-label={caption}
    >
      <table
        className={`w-full ${compact ? "" : "min-w-[40rem]"} border-collapse text-left text-sm [&_td]:border-b [&_td]:border-line [&_td]:px-2 [&_td]:py-2.5 [&_td]:align-top [&_th]:border-b [&_th]:border-ink [&_th]:px-2 [&_th]:py-2 [&_th]:text-xs [&_th]:font-medium [&_th]:tracking-[0.08em] [&_th]:uppercase`}
      >
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </section>
  );
}

export function Euros({ cents }: { cents: number | null }) {
  if (cents === null) return <span className="text-muted">—</span>;
  return <span className="tabular-nums">{formatMoney(money(cents), "en")}</span>;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="border border-dashed border-line px-4 py-8 text-center text-sm text-muted">{children}</p>
  );
}

/** The result of the last action, announced politely. */
export function StatusMessage({
  message,
  tone = "good",
}: {
  message?: string | null;
  tone?: "good" | "bad";
}) {
  return (
    <p role="status" className={cx("text-sm empty:hidden", tone === "good" ? "text-success" : "text-sale")}>
      {message ?? ""}
    </p>
  );
}

/** A GET search form for a list page; extra filters go in `children`. Works without JavaScript. */
export function SearchBar({
  q,
  label,
  placeholder,
  children,
}: {
  q: string;
  label: string;
  placeholder?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="min-w-56 flex-1">
        <label htmlFor="q" className={`${labelClass} inline-block pb-1.5`}>
          {label}
        </label>
        <input
          id="q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder={placeholder}
          className={controlClass}
        />
      </div>
      {children}
      <button type="submit" className={secondaryButton}>
        Search
      </button>
    </Form>
  );
}

/** Previous / next links that keep the list's other query parameters. */
export function Pagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { search, pathname } = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return <p className="mt-3 text-sm text-muted">{total} in all</p>;
  const to = (p: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(p));
    return `${pathname}?${params}`;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
      <span className="text-muted">
        Page {page} of {pages} · {total} in all
      </span>
      <span className="flex gap-1">
        {page > 1 ? (
          <Link to={to(page - 1)} className={quietButton} rel="prev">
            <ChevronLeft aria-hidden="true" className="size-4" /> Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={to(page + 1)} className={quietButton} rel="next">
            Next <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null}
      </span>
    </nav>
  );
}

/** Before → after of an audit entry, key by key. */
export function ChangeList({
  before,
  after,
}: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (keys.length === 0) return null;
  const show = (value: unknown) =>
    value === undefined || value === null ? "—" : typeof value === "string" ? value : JSON.stringify(value);
  return (
    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
      {keys.map((key) => (
        <div key={key} className="contents">
          <dt className="text-muted">{key}</dt>
          <dd className="break-all">
            {before ? (
              <span className="text-muted line-through decoration-muted/60">{show(before[key])}</span>
            ) : null}
            {before && after ? " → " : null}
            {after ? <span>{show(after[key])}</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
