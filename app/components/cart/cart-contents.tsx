import { Minus, Plus, ShoppingBag, Truck, X } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { updateVisitor } from "~/components/layout/use-visitor";
import { ProgressBar } from "~/components/ui/progress-bar";
import { problemMessageKeys } from "~/domains/cart/line-problems";
import { MAX_LINE_QUANTITY } from "~/domains/cart/validation";
import { formatMoney, money } from "~/platform/money";
import { isServed } from "~/routing/pages";
import { usePageHref, useRouting } from "~/routing/use-routing";
import type { CartActionData, CartLineView, CartView } from "./types";

export const primaryButton =
  "inline-flex min-h-12 w-full items-center justify-center bg-ink px-8 text-sm font-medium tracking-[0.14em] text-paper uppercase transition-colors hover:bg-accent";
const secondaryButton =
  "inline-flex min-h-12 w-full items-center justify-center border border-ink px-8 text-sm font-medium tracking-[0.14em] text-ink uppercase transition-colors hover:bg-ink hover:text-paper";
const stepButton =
  "inline-flex size-11 items-center justify-center text-ink transition-colors hover:bg-sand disabled:cursor-not-allowed disabled:text-line disabled:hover:bg-transparent";

function usePrice() {
  const { locale } = useRouting();
  return (cents: number) => formatMoney(money(cents), locale);
}

function useLineFetcher(key: string) {
  return useFetcher<CartActionData>({ key });
}

/**
 * The header badge counts what the bag shows: the cart page and the fly-in hand over their count whenever
 * it changes (a line that was removed can no longer report its own success).
 */
export function useBadgeFollows(view: CartView | undefined): void {
  const count = view?.count;
  useEffect(() => {
    if (count !== undefined) void updateVisitor((bits) => ({ ...bits, cartCount: count }));
  }, [count]);
}

function QuantityStepper({ line, action }: { line: CartLineView; action: string }) {
  const { t } = useTranslation("cart");
  const fetcher = useLineFetcher(`cart-quantity-${line.lineId}`);
  const pending = fetcher.formData ? Number(fetcher.formData.get("quantity")) : null;
  const shown = pending ?? line.quantity;
  return (
    <fetcher.Form method="post" action={action} className="flex flex-col gap-1">
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="lineId" value={line.lineId} />
      <fieldset
        className="inline-flex items-center border border-line"
        aria-busy={pending !== null || undefined}
      >
        <legend className="sr-only">{t("line.quantity")}</legend>
        <button
          type="submit"
          name="quantity"
          value={shown - 1}
          disabled={shown <= 1}
          aria-label={t("line.decrease", { product: line.name })}
          className={stepButton}
        >
          <Minus aria-hidden="true" className="size-4" strokeWidth={1.5} />
        </button>
        <output aria-live="polite" className="min-w-8 text-center text-sm tabular-nums" data-quantity="">
          {shown}
        </output>
        <button
          type="submit"
          name="quantity"
          value={shown + 1}
          disabled={shown >= MAX_LINE_QUANTITY}
          aria-label={t("line.increase", { product: line.name })}
          className={stepButton}
        >
          <Plus aria-hidden="true" className="size-4" strokeWidth={1.5} />
        </button>
      </fieldset>
      {fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="text-xs text-sale">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function RemoveButton({
  line,
  action,
  fetcher,
}: {
  line: CartLineView;
  action: string;
  fetcher: ReturnType<typeof useLineFetcher>;
}) {
  const { t } = useTranslation("cart");
  return (
    <fetcher.Form method="post" action={action} className="flex flex-col items-end gap-1">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="lineId" value={line.lineId} />
      <button
        type="submit"
        className="inline-flex min-h-11 items-center gap-1 text-xs tracking-[0.12em] text-muted uppercase underline-offset-4 hover:text-ink hover:underline"
      >
        <X aria-hidden="true" className="size-3.5" strokeWidth={1.5} />
        {t("line.remove")}
        <span className="sr-only normal-case">{t("line.removeRest", { product: line.name })}</span>
      </button>
      {fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="text-xs text-sale">
          {fetcher.data.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function CartLine({ line, action }: { line: CartLineView; action: string }) {
  const { t } = useTranslation(["cart", "catalog"]);
  const remove = useLineFetcher(`cart-remove-${line.lineId}`);
  // A line being removed fades until the bag reloads without it.
  const removing = remove.state !== "idle";
  const to = usePageHref();
  const price = usePrice();
  const colour = t(`catalog:colours.${line.colour}`, { defaultValue: line.colour });
  const productHref = line.slug ? to("product", { product: line.slug }) : undefined;
  const discounted = line.originalPriceCents !== null && line.originalPriceCents > line.unitPriceCents;
  const unavailable = line.problem !== null && line.problem !== "not-enough-stock";
  return (
    <li
      className={`flex gap-4 border-b border-line py-5 first:pt-0 ${removing ? "opacity-40" : ""}`}
      data-line={line.variantId}
      data-problem={line.problem ?? undefined}
    >
      <div className="w-20 shrink-0 desktop:w-24">
        {line.imageUrl ? (
          <img
            src={line.imageUrl}
            alt=""
            width={200}
            height={300}
            loading="lazy"
            className={`aspect-[2/3] w-full bg-sand object-cover ${unavailable ? "grayscale" : ""}`}
          />
        ) : (
          <div className="aspect-[2/3] bg-sand" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-sm leading-snug">
            {productHref ? (
              <Link to={productHref} className="underline-offset-4 hover:underline">
                {line.name}
              </Link>
            ) : (
              line.name
            )}
          </h3>
          <p className="shrink-0 text-sm tabular-nums" data-line-total={line.quantity * line.unitPriceCents}>
            <span className="sr-only">{t("cart:line.total")}: </span>
            <span className={discounted ? "font-semibold text-sale" : ""}>
              {price(line.quantity * line.unitPriceCents)}
            </span>
          </p>
        </div>
        <p className="mt-1 text-xs text-muted">
          {t("cart:line.colour", { colour })} · {t("cart:line.size", { size: line.size })}
        </p>
        {line.quantity > 1 || discounted ? (
          <p className="mt-0.5 text-xs text-muted">
            {t("cart:line.each", { price: price(line.unitPriceCents) })}
            {discounted ? (
              <s className="ms-2">
                <span className="sr-only">
                  {t("catalog:listing.originalPrice", { price: price(line.originalPriceCents as number) })}
                </span>
                <span aria-hidden="true">{price(line.originalPriceCents as number)}</span>
              </s>
            ) : null}
          </p>
        ) : null}
        {line.problem ? (
          <p className="mt-2 text-sm font-medium text-sale" data-problem-message="">
            {t(problemMessageKeys[line.problem], { product: line.name, count: line.stock })}
          </p>
        ) : null}
        <div className="mt-auto flex items-end justify-between gap-3 pt-3">
          {unavailable ? <span /> : <QuantityStepper line={line} action={action} />}
          <RemoveButton line={line} action={action} fetcher={remove} />
        </div>
      </div>
    </li>
  );
}

/** A gift card in the bag: its amount, kind and recipient; it can be removed, not counted up. */
function GiftCardLine({ card, action }: { card: CartView["giftCards"][number]; action: string }) {
  const { t } = useTranslation("cart");
  const remove = useFetcher<CartActionData>({ key: `cart-remove-gift-${card.id}` });
  const price = usePrice();
  const kind = t(`cart:giftCard.${card.kind}`);
  return (
    <li
      className={`flex gap-4 border-b border-line py-5 first:pt-0 ${remove.state !== "idle" ? "opacity-40" : ""}`}
      data-gift-card-line={card.id}
    >
      <div className="flex aspect-[2/3] w-20 shrink-0 items-center justify-center bg-ink p-2 text-center font-display text-xs text-paper desktop:w-24">
        Loom &amp; Label
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start justify-between gap-3">
          <h3 className="text-sm leading-snug">{kind}</h3>
          <p className="shrink-0 text-sm tabular-nums">
            <span className="sr-only">{t("cart:line.total")}: </span>
            {price(card.amountCents)}
          </p>
        </div>
        <p className="mt-1 text-xs text-muted">
          {t("cart:giftCard.toFrom", { to: card.toName, from: card.fromName })}
        </p>
        {card.kind === "egift" && card.recipientEmail ? (
          <p className="mt-0.5 text-xs text-muted">
            {t("cart:giftCard.sendsOn", { email: card.recipientEmail, date: card.dispatchDate })}
          </p>
        ) : null}
        <remove.Form method="post" action={action} className="mt-auto flex flex-col items-end gap-1 pt-3">
          <input type="hidden" name="intent" value="remove-gift-card" />
          <input type="hidden" name="giftCardId" value={card.id} />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center gap-1 text-xs tracking-[0.12em] text-muted uppercase underline-offset-4 hover:text-ink hover:underline"
          >
            <X aria-hidden="true" className="size-3.5" strokeWidth={1.5} />
            {t("cart:line.remove")}
            <span className="sr-only normal-case">{t("cart:line.removeRest", { product: kind })}</span>
          </button>
          {remove.state === "idle" && remove.data && !remove.data.ok ? (
            <p role="alert" className="text-xs text-sale">
              {remove.data.message}
            </p>
          ) : null}
        </remove.Form>
      </div>
    </li>
  );
}

/** The lines of the bag, oldest first, then the gift cards. */
export function CartLineList({ view }: { view: CartView }) {
  const { t } = useTranslation("cart");
  const action = usePageHref()("cart");
  return (
    <ul aria-label={t("count", { count: view.count })} className="flex flex-col">
      {view.lines.map((line) => (
        <CartLine key={line.lineId} line={line} action={action} />
      ))}
      {view.giftCards.map((card) => (
        <GiftCardLine key={card.id} card={card} action={action} />
      ))}
    </ul>
  );
}

export function FreeShippingBar({ view }: { view: CartView }) {
  const { t } = useTranslation("cart");
  const price = usePrice();
  const country = t(`shipping.countries.${view.country}`);
  const { freeShipping } = view;
  return (
    <div className="space-y-2" data-free-shipping={freeShipping.reached ? "reached" : "remaining"}>
      <p className="flex items-center gap-2 text-sm">
        <Truck aria-hidden="true" className="size-4 shrink-0" strokeWidth={1.5} />
        <span>
          {freeShipping.reached
            ? t("shipping.reached", { country })
            : t("shipping.remaining", { amount: price(freeShipping.remainingCents), country })}
        </span>
      </p>
      <ProgressBar
        value={Math.min(view.subtotalCents, freeShipping.thresholdCents)}
        max={Math.max(1, freeShipping.thresholdCents)}
        label={t("shipping.progressLabel")}
        showLabel={false}
      />
    </div>
  );
}

export function ShippingPromiseNote({ view }: { view: CartView }) {
  const { t } = useTranslation("cart");
  return (
    <p className="text-sm text-success" data-promise={view.promise.ships}>
      {view.promise.ships === "today"
        ? t("promise.today", { cutoff: view.promise.cutoff })
        : t("promise.tomorrow")}
    </p>
  );
}

/** Subtotal, the checkout link (only when every line can be bought) and the way back. */
export function CartSummary({ view, layout }: { view: CartView; layout: "page" | "fly-in" }) {
  const { t } = useTranslation("cart");
  const to = usePageHref();
  const price = usePrice();
  return (
    <div className="space-y-4">
      <dl className="flex items-baseline justify-between gap-4">
        <dt className="text-xs font-medium tracking-[0.2em] uppercase">{t("summary.subtotal")}</dt>
        <dd className="text-lg tabular-nums" data-subtotal-cents={view.subtotalCents}>
          {price(view.subtotalCents)}
        </dd>
      </dl>
      <p className="-mt-2 text-xs text-muted">{t("summary.vat")}</p>
      {view.canCheckout ? (
        // Until the checkout page is served, a full page load shows the server's answer for it.
        <Link to={to("checkout")} className={primaryButton} reloadDocument={!isServed("checkout")}>
          {t("summary.toCheckout")}
        </Link>
      ) : (
        <p role="note" className="border-s-2 border-sale ps-3 text-sm text-sale">
          {t("summary.fixFirst")}
        </p>
      )}
      {layout === "fly-in" ? (
        <Link to={to("cart")} className={secondaryButton}>
          {t("summary.viewBag")}
        </Link>
      ) : (
        <Link
          to={to("home")}
          className="inline-flex min-h-11 w-full items-center justify-center text-sm underline underline-offset-4 hover:text-accent"
        >
          {t("summary.continue")}
        </Link>
      )}
    </div>
  );
}

/** SPEC §8 "Empty bag". */
export function EmptyBag() {
  const { t } = useTranslation("cart");
  const to = usePageHref();
  return (
    <div className="flex flex-col items-center px-4 py-12 text-center" data-empty-bag="">
      <ShoppingBag aria-hidden="true" className="size-10 text-muted" strokeWidth={1} />
      <h2 className="mt-4 font-display text-2xl">{t("empty.title")}</h2>
      <p className="mt-2 max-w-sm text-sm text-muted">{t("empty.body")}</p>
      <Link to={to("category", {})} className={`${primaryButton} mt-6 w-auto`}>
        {t("empty.cta")}
      </Link>
    </div>
  );
}

/** The cart page's body: lines on the left, the summary beside them from the desktop breakpoint. */
export function CartContents({
  view,
  reply,
}: {
  view: CartView;
  layout: "page";
  /** A plain POST's answer (no JavaScript): its message shows above the lines. */
  reply?: CartActionData;
}) {
  const { t } = useTranslation("cart");
  useBadgeFollows(view);
  if (view.lines.length + view.giftCards.length === 0) return <EmptyBag />;
  return (
    <div className="mt-6 grid gap-8 desktop:mt-8 desktop:grid-cols-[minmax(0,1fr)_22rem] desktop:gap-12">
      <div>
        <p className="mb-4 text-sm text-muted">{t("count", { count: view.count })}</p>
        {reply && !reply.ok ? (
          <p role="alert" className="mb-4 text-sm text-sale">
            {reply.message}
          </p>
        ) : null}
        <CartLineList view={view} />
      </div>
      <aside
        aria-label={t("summary.subtotal")}
        className="space-y-5 self-start bg-sand/60 p-6 desktop:sticky desktop:top-24"
      >
        <FreeShippingBar view={view} />
        <ShippingPromiseNote view={view} />
        <hr className="border-line" />
        <CartSummary view={view} layout="page" />
      </aside>
    </div>
  );
}
