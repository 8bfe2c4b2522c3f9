import { Search } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { FlyIn } from "~/components/ui/fly-in";
import type { Suggestions } from "~/domains/search/search.server";
import { formatMoney, money } from "~/platform/money";
import { usePageHref, useRouting } from "~/routing/use-routing";

/** Waits this long after the last key before asking for suggestions. */
const DEBOUNCE_MS = 150;

type Status = "idle" | "loading" | "done" | "failed";

interface Option {
  id: string;
  href: string;
}

/**
 * As-you-type suggestions for what the shopper types, from `GET /api/v1/search/suggestions`: debounced,
 * and a newer keystroke aborts the request still under way, so stale answers never show.
 */
function useSuggestions(q: string) {
  const { locale } = useRouting();
  const [state, setState] = useState<{ q: string; status: Status; data: Suggestions | null }>({
    q: "",
    status: "idle",
    data: null,
  });
  useEffect(() => {
    const text = q.trim();
    if (!text) {
      setState({ q: "", status: "idle", data: null });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setState((s) => ({ ...s, status: "loading" }));
      try {
        const params = new URLSearchParams({ q: text.slice(0, 100), locale });
        const res = await fetch(`/api/v1/search/suggestions?${params}`, { signal: controller.signal });
        if (!res.ok) throw new Error(`suggestions ${res.status}`);
        const data = (await res.json()) as Suggestions;
        setState({ q: text, status: "done", data });
      } catch (error) {
        if (!controller.signal.aborted) setState({ q: text, status: "failed", data: null });
        else if (!(error instanceof DOMException)) throw error;
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, locale]);
  return state;
}

/**
 * One suggestion. Options hold no links (nothing focusable inside an option): the combobox's text field
 * keeps the focus and Enter chooses the active option; a click chooses it too.
 */
function SuggestionOption({
  id,
  selected,
  onChoose,
  children,
}: {
  id: string;
  selected: boolean;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the combobox's text field
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      onClick={onChoose}
      className="cursor-pointer hover:bg-sand aria-selected:bg-sand aria-selected:outline-2 aria-selected:outline-ink"
    >
      {children}
    </div>
  );
}

/**
 * The search fly-in: a combobox (WAI-ARIA 1.2 pattern) over product and category suggestions. Up and
 * down move through the options, Enter opens the active one or searches, Escape closes. Loaded on first
 * use: pages that never open it do not download it.
 */
export default function SearchFlyIn({
  id,
  open,
  onClose,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("search");
  const { locale } = useRouting();
  const to = usePageHref();
  const navigate = useNavigate();
  const [q, setQ] = useState("");
  const [active, setActive] = useState(-1);
  const { status, data, q: answered } = useSuggestions(q);
  const listId = useId();
  const optionId = (n: number) => `${listId}-option-${n}`;
  const inputRef = useRef<HTMLInputElement>(null);

  const categories = data?.categories ?? [];
  const products = data?.products ?? [];
  const options: Option[] = [
    ...categories.map((c, i) => ({ id: optionId(i), href: to("category", { slug: c.slug }) })),
    ...products.map((p, i) => ({
      id: optionId(categories.length + i),
      href: to("product", { product: p.slug }),
    })),
  ];
  const searchHref = (text: string) => `${to("search")}?${new URLSearchParams({ q: text.trim() })}`;

  // Back and forward leave the page the fly-in was opened on.
  useEffect(() => {
    if (!open) return;
    setActive(-1);
    window.addEventListener("popstate", onClose);
    return () => window.removeEventListener("popstate", onClose);
  }, [open, onClose]);

  // New suggestions: nothing is active until the shopper moves into the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the suggestions change
  useEffect(() => setActive(-1), [data]);

  const choose = (n: number) => {
    const option = options[n];
    if (!option) return;
    navigate(option.href);
    onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (options.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + options.length + 1) % (options.length + 1));
      return;
    }
    if (event.key === "Escape" && active >= 0) {
      // The first Escape leaves the list; the next one closes the fly-in.
      event.preventDefault();
      event.stopPropagation();
      setActive(-1);
      return;
    }
    if (event.key === "Enter") {
      if (options[active]) {
        event.preventDefault();
        choose(active);
      }
    }
  };

  // Moving past the last option (or above the first) returns to the text field: index options.length.
  const activeIndex = active >= 0 && active < options.length ? active : -1;
  const expanded = q.trim() !== "" && status !== "idle";
  const price = (cents: number) => formatMoney(money(cents), locale);

  return (
    <FlyIn id={id} title={t("flyIn.title")} open={open} onOpenChange={(next) => !next && onClose()}>
      <search>
        <form
          method="get"
          action={to("search")}
          onSubmit={(event) => {
            event.preventDefault();
            if (!q.trim()) return inputRef.current?.focus();
            navigate(searchHref(q));
            onClose();
          }}
          className="flex gap-2"
        >
          <label htmlFor={`${listId}-input`} className="sr-only">
            {t("label")}
          </label>
          <input
            ref={inputRef}
            id={`${listId}-input`}
            type="search"
            name="q"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
            value={q}
            onChange={(event) => {
              // Typing leaves the list: Enter then searches for what is typed.
              setActive(-1);
              setQ(event.target.value);
            }}
            onKeyDown={onKeyDown}
            maxLength={100}
            placeholder={t("placeholder")}
            autoComplete="off"
            // biome-ignore lint/a11y/noAutofocus: the fly-in opens to type a search
            autoFocus
            className="min-h-12 min-w-0 flex-1 border border-ink bg-white px-4 text-base"
          />
          <button
            type="submit"
            aria-label={t("submit")}
            className="inline-flex min-h-12 min-w-12 items-center justify-center bg-ink text-white"
          >
            <Search aria-hidden="true" size={20} strokeWidth={1.5} />
          </button>
        </form>
      </search>

      <p role="status" className="mt-3 min-h-5 text-sm text-muted">
        {status === "loading"
          ? t("flyIn.loading")
          : status === "failed"
            ? t("flyIn.failed")
            : status === "done"
              ? options.length === 0
                ? t("flyIn.empty", { q: answered })
                : t("flyIn.count", { count: options.length })
              : ""}
      </p>

      <div id={listId} role="listbox" aria-label={t("flyIn.title")} className="mt-2">
        {categories.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group"
          <div role="group" aria-labelledby={`${listId}-categories`} className="mb-6">
            <div
              role="presentation"
              id={`${listId}-categories`}
              className="mb-2 text-xs tracking-[0.2em] text-muted uppercase"
            >
              {t("categories")}
            </div>
            {categories.map((category, i) => (
              <SuggestionOption
                key={category.id}
                id={optionId(i)}
                selected={activeIndex === i}
                onChoose={() => choose(i)}
              >
                <span className="flex min-h-11 items-center px-2 text-base">{category.name}</span>
              </SuggestionOption>
            ))}
          </div>
        ) : null}
        {products.length > 0 ? (
          // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group"
          <div role="group" aria-labelledby={`${listId}-products`}>
            <div
              role="presentation"
              id={`${listId}-products`}
              className="mb-2 text-xs tracking-[0.2em] text-muted uppercase"
            >
              {t("products")}
            </div>
            {products.map((product, i) => {
              const n = categories.length + i;
              return (
                <SuggestionOption
                  key={product.id}
                  id={optionId(n)}
                  selected={activeIndex === n}
                  onChoose={() => choose(n)}
                >
                  <span className="flex items-center gap-4 p-2">
                    <span className="block w-12 shrink-0 bg-sand">
                      {product.image ? (
                        <img
                          src={product.image.w200.url}
                          width={48}
                          height={72}
                          alt=""
                          className="aspect-[2/3] w-12 object-cover"
                        />
                      ) : (
                        <span className="block aspect-[2/3] w-12" />
                      )}
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm">{product.name}</span>
                      {/* The price only: a discount would need the 30-day lowest price beside it (Omnibus). */}
                      <span className="mt-0.5 block text-sm">{price(product.priceCents)}</span>
                    </span>
                  </span>
                </SuggestionOption>
              );
            })}
          </div>
        ) : null}
      </div>

      {status === "done" && answered ? (
        <Link
          to={searchHref(answered)}
          onClick={onClose}
          className="mt-6 inline-flex min-h-11 items-center border border-ink px-5 text-sm tracking-wider uppercase"
        >
          {t("flyIn.showAll", { q: answered })}
        </Link>
      ) : null}
    </FlyIn>
  );
}
