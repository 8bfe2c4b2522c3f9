// The marketplace transaction process as data (ARCHITECTURE.md "State machines as data", PRODUCT.md
// "Marketplace"): the ten states, the nineteen transitions with who may take them, their guards and timers,
// what they do to the listing and the money, and whom they e-mail. `checkTransition` is the only judge the
// writer asks; everything the pages show (the buttons, "what to do next and by when") is read from here.
// Client-safe: no server imports.

export const transactionStates = [
  "pending-payment",
  "payment-complete",
  "item-sent",
  "delivered",
  "not-delivered",
  "dispute",
  "completed",
  "completed-and-reviewed",
  "canceled",
  "refunded",
] as const;
export type TransactionState = (typeof transactionStates)[number];

/** PRODUCT.md's roles; `system` is the PSP's webhook, the carrier's webhook and the process's timers. */
export const transactionActors = ["customer", "provider", "operator", "system"] as const;
export type TransactionActor = (typeof transactionActors)[number];

/** The periods the guards and timers count, from the moment the transaction entered its current state. */
export interface ProcessDurations {
  /** failed-payment: an unpaid enquiry is canceled (15 min). */
  unpaidMinutes: number;
  /** item-not-sent: days after payment-complete *(setting, 5)*. */
  itemNotSentDays: number;
  /** not-delivered by the customer: allowed from this many days after sending (14). */
  customerNotDeliveredDays: number;
  /** not-delivered by the system: this many days after sending (21). */
  systemNotDeliveredDays: number;
  /** complete-by-operator by the system: days after delivery without a dispute (2). */
  autoCompleteDays: number;
  /** dispute-by-customer: within this many days of delivery *(setting, 2)*. */
  disputeWindowDays: number;
  /** review-by-customer: within this many days of completion (30). */
  reviewWindowDays: number;
}

export const DEFAULT_DURATIONS: ProcessDurations = {
  unpaidMinutes: 15,
  itemNotSentDays: 5,
  customerNotDeliveredDays: 14,
  systemNotDeliveredDays: 21,
  autoCompleteDays: 2,
  disputeWindowDays: 2,
  reviewWindowDays: 30,
};

type DurationKey = keyof ProcessDurations | "immediately";

/**
 * A guard on one actor's use of a transition, counted from entering the current state: `after` (not
 * before the period is over: "after 14 days") or `within` (not once it is over: "within 2 days").
 */
export type Guard = { after: DurationKey } | { within: DurationKey };

/** What a transition does to the listings of the transaction. */
export type ListingEffect = "reserve" | "release" | "sell";
/** What a transition does to the money: take the payment, refund it in full, release the earnings. */
export type MoneyEffect = "paid" | "refund" | "earnings-available";

export interface TransitionRule {
  /** `null` for enquire: it starts a transaction. */
  from: readonly TransactionState[] | null;
  to: TransactionState;
  /** Who may take it, each with its guard (null: no guard). */
  by: Partial<Record<TransactionActor, Guard | null>>;
  /** The system takes it by itself this long after entering the state (a pg-boss job). */
  timer?: DurationKey;
  listing?: ListingEffect;
  money?: MoneyEffect;
  /** Whom it e-mails (PRODUCT.md "Notifications": every transition that concerns the recipient). */
  notify: readonly ("customer" | "provider")[];
  /** What the person taking it must give (send-item: a carrier code; disputes: a reason). */
  needs?: "tracking" | "reason" | "review" | "statement";
}

export const transactionTransitions = {
  enquire: {
    from: null,
    to: "pending-payment",
    by: { customer: null },
    listing: "reserve",
    notify: [],
  },
  "confirm-payment": {
    from: ["pending-payment"],
    to: "payment-complete",
    by: { system: null },
    money: "paid",
    notify: ["customer", "provider"],
  },
  "failed-payment": {
    from: ["pending-payment"],
    to: "canceled",
    by: { system: null },
    timer: "unpaidMinutes",
    listing: "release",
    notify: ["customer"],
  },
  "cancel-purchase": {
    from: ["payment-complete"],
    to: "canceled",
    by: { customer: null, provider: null },
    listing: "release",
    money: "refund",
    notify: ["customer", "provider"],
  },
  "cancel-payment-by-operator": {
    from: ["pending-payment"],
    to: "canceled",
    by: { operator: null },
    listing: "release",
    notify: ["customer"],
  },
  "cancel-purchase-by-operator": {
    from: ["payment-complete", "item-sent"],
    to: "canceled",
    by: { operator: null },
    listing: "release",
    money: "refund",
    notify: ["customer", "provider"],
    needs: "statement",
  },
  "send-item": {
    from: ["payment-complete"],
    to: "item-sent",
    by: { provider: null },
    notify: ["customer"],
    needs: "tracking",
  },
  "item-not-sent": {
    from: ["payment-complete"],
    to: "not-delivered",
    by: { system: { after: "itemNotSentDays" } },
    timer: "itemNotSentDays",
    notify: ["customer", "provider"],
  },
  delivered: {
    from: ["item-sent"],
    to: "delivered",
    by: { customer: null, operator: null, system: null },
    notify: ["customer", "provider"],
  },
  "not-delivered": {
    from: ["item-sent"],
    to: "not-delivered",
    by: {
      customer: { after: "customerNotDeliveredDays" },
      system: { after: "systemNotDeliveredDays" },
    },
    timer: "systemNotDeliveredDays",
    notify: ["customer", "provider"],
  },
  "refund-not-delivered": {
    from: ["not-delivered"],
    to: "refunded",
    by: { system: null },
    timer: "immediately",
    listing: "sell",
    money: "refund",
    notify: ["customer", "provider"],
  },
  "dispute-by-customer": {
    from: ["delivered"],
    to: "dispute",
    by: { customer: { within: "disputeWindowDays" } },
    notify: ["customer", "provider"],
    needs: "reason",
  },
  "complete-by-customer": {
    from: ["delivered"],
    to: "completed",
    by: { customer: null },
    listing: "sell",
    money: "earnings-available",
    notify: ["customer", "provider"],
  },
  "complete-by-operator": {
    from: ["delivered"],
    to: "completed",
    by: { operator: null, system: { after: "autoCompleteDays" } },
    timer: "autoCompleteDays",
    listing: "sell",
    money: "earnings-available",
    notify: ["customer", "provider"],
  },
  "dispute-resolved-by-customer": {
    from: ["dispute"],
    to: "completed",
    by: { customer: null },
    listing: "sell",
    money: "earnings-available",
    notify: ["customer", "provider"],
  },
  "dispute-resolved-by-operator": {
    from: ["dispute"],
    to: "completed",
    by: { operator: null },
    listing: "sell",
    money: "earnings-available",
    notify: ["customer", "provider"],
    needs: "statement",
  },
  "refund-after-dispute": {
    from: ["dispute"],
    to: "refunded",
    by: { provider: null },
    listing: "sell",
    money: "refund",
    notify: ["customer", "provider"],
  },
  "refund-after-dispute-by-operator": {
    from: ["dispute"],
    to: "refunded",
    by: { operator: null },
    listing: "sell",
    money: "refund",
    notify: ["customer", "provider"],
    needs: "statement",
  },
  "review-by-customer": {
    from: ["completed"],
    to: "completed-and-reviewed",
    by: { customer: { within: "reviewWindowDays" } },
    notify: ["provider"],
    needs: "review",
  },
} as const satisfies Record<string, TransitionRule>;

export type TransactionTransition = keyof typeof transactionTransitions;
export const transitionNames = Object.keys(transactionTransitions) as TransactionTransition[];

export function ruleOf(transition: TransactionTransition): TransitionRule {
  return transactionTransitions[transition];
}

/** PRODUCT.md: these have no way out. */
export const FINAL_STATES: readonly TransactionState[] = ["canceled", "refunded", "completed-and-reviewed"];
/** PRODUCT.md: whose move it is in a state (what each side must do next). */
export const WAITING_ON: Record<"customer" | "provider", readonly TransactionState[]> = {
  customer: ["delivered", "dispute", "completed"],
  provider: ["payment-complete", "dispute"],
};

/** A period in milliseconds. */
export function durationMs(key: DurationKey, durations: ProcessDurations): number {
  if (key === "immediately") return 0;
  const value = durations[key];
  return key === "unpaidMinutes" ? value * 60_000 : value * 86_400_000;
}

/** Why a move is refused: the message key (`trade:refused.*`) and the API kind. */
export interface ProcessRefusal {
  refused: "wrong-state" | "wrong-actor" | "too-early" | "too-late";
  messageKey: string;
}

/**
 * Whether `actor` may take `transition` from `state` at `now`, the state entered at `enteredAt`: the
 * state it leads to, or the refusal. Order of the checks: a transition the state does not have is a
 * wrong state whoever asks (409); then the actor (403 at the edges); then the guard's time.
 */
export function checkTransition(
  state: TransactionState | null,
  transition: TransactionTransition,
  actor: TransactionActor,
  times: { enteredAt: Date; now: Date },
  durations: ProcessDurations = DEFAULT_DURATIONS,
): { to: TransactionState } | ProcessRefusal {
  const rule = ruleOf(transition);
  const fits = rule.from === null ? state === null : state !== null && rule.from.includes(state);
  if (!fits) return { refused: "wrong-state", messageKey: "trade:refused.wrongState" };
  if (!(actor in rule.by)) return { refused: "wrong-actor", messageKey: "trade:refused.wrongActor" };
  const guard = rule.by[actor];
  if (guard) {
    const elapsed = times.now.getTime() - times.enteredAt.getTime();
    if ("after" in guard && elapsed < durationMs(guard.after, durations))
      return { refused: "too-early", messageKey: "trade:refused.tooEarly" };
    if ("within" in guard && elapsed > durationMs(guard.within, durations))
      return { refused: "too-late", messageKey: "trade:refused.tooLate" };
  }
  return { to: rule.to };
}

/** The transitions `actor` can take now (the buttons of the transaction page). */
export function allowedTransitions(
  state: TransactionState,
  actor: TransactionActor,
  times: { enteredAt: Date; now: Date },
  durations: ProcessDurations = DEFAULT_DURATIONS,
): TransactionTransition[] {
  return transitionNames.filter(
    (t) => t !== "enquire" && "to" in checkTransition(state, t, actor, times, durations),
  );
}

/** The transitions leaving a state, whoever takes them and whenever (the graph). */
export function transitionsFrom(state: TransactionState): TransactionTransition[] {
  return transitionNames.filter((t) => {
    const from = ruleOf(t).from;
    return from?.includes(state) ?? false;
  });
}

export interface PlannedTimer {
  transition: TransactionTransition;
  dueAt: Date;
}

/** The timers of a state: each system transition with a timer, due its period after entering it. */
export function timersOf(
  state: TransactionState,
  enteredAt: Date,
  durations: ProcessDurations = DEFAULT_DURATIONS,
): PlannedTimer[] {
  return transitionsFrom(state).flatMap((transition) => {
    const timer = ruleOf(transition).timer;
    return timer ? [{ transition, dueAt: new Date(enteredAt.getTime() + durationMs(timer, durations)) }] : [];
  });
}

/**
 * The deadline an actor has in a state (shown as "by when"): the end of a `within` guard, or the first
 * timer that would take the move out of their hands.
 */
export function deadlineOf(
  state: TransactionState,
  actor: "customer" | "provider",
  enteredAt: Date,
  durations: ProcessDurations = DEFAULT_DURATIONS,
): Date | null {
  const ends: number[] = [];
  for (const transition of transitionsFrom(state)) {
    const guard = ruleOf(transition).by[actor];
    if (guard && "within" in guard) ends.push(enteredAt.getTime() + durationMs(guard.within, durations));
  }
  if (WAITING_ON[actor].includes(state))
    for (const timer of timersOf(state, enteredAt, durations)) ends.push(timer.dueAt.getTime());
  return ends.length ? new Date(Math.min(...ends)) : null;
}

// ----- money ---------------------------------------------------------------------------------------

/** What a transaction costs and shares (integer cents). */
export interface TransactionAmounts {
  /** The items' price after the bundle discount (or the accepted offer). */
  priceCents: number;
  shippingCents: number;
  /** Buyer protection fee. */
  feeCents: number;
  /** Kept from the price; the provider earns price − commission. */
  commissionCents: number;
}

/** Where the buyer's money is: the sum of the buckets is always what the buyer paid. */
export interface MoneyLedger {
  paidCents: number;
  refundedCents: number;
  earningsPendingCents: number;
  earningsAvailableCents: number;
  commissionCents: number;
  feeCents: number;
  shippingCents: number;
}

export const EMPTY_LEDGER: MoneyLedger = {
  paidCents: 0,
  refundedCents: 0,
  earningsPendingCents: 0,
  earningsAvailableCents: 0,
  commissionCents: 0,
  feeCents: 0,
  shippingCents: 0,
};

export function totalOf(amounts: TransactionAmounts): number {
  return amounts.priceCents + amounts.shippingCents + amounts.feeCents;
}

export function earningsOf(amounts: TransactionAmounts): number {
  return amounts.priceCents - amounts.commissionCents;
}

/**
 * The ledger after a transition's money effect. A refund is always in full (PRODUCT.md: a problem with
 * one item refunds the bundle) and takes the earnings back, pending or available, never below 0.
 */
export function applyMoney(
  ledger: MoneyLedger,
  transition: TransactionTransition,
  amounts: TransactionAmounts,
): MoneyLedger {
  const effect = ruleOf(transition).money;
  if (effect === "paid")
    return {
      ...ledger,
      paidCents: totalOf(amounts),
      earningsPendingCents: earningsOf(amounts),
      commissionCents: amounts.commissionCents,
      feeCents: amounts.feeCents,
      shippingCents: amounts.shippingCents,
    };
  if (effect === "refund")
    return { ...EMPTY_LEDGER, paidCents: ledger.paidCents, refundedCents: ledger.paidCents };
  if (effect === "earnings-available")
    return {
      ...ledger,
      earningsAvailableCents: ledger.earningsAvailableCents + ledger.earningsPendingCents,
      earningsPendingCents: 0,
    };
  return ledger;
}

/** buyer paid = provider earnings + commission + fee + shipping + refunds. */
export function isConserved(ledger: MoneyLedger): boolean {
  return (
    ledger.paidCents ===
      ledger.earningsPendingCents +
        ledger.earningsAvailableCents +
        ledger.commissionCents +
        ledger.feeCents +
        ledger.shippingCents +
        ledger.refundedCents &&
    Object.values(ledger).every((cents) => Number.isSafeInteger(cents) && cents >= 0)
  );
}

/** Buyer protection fee: a fixed part plus a percentage of the price, rounded to whole cents. */
export function buyerProtectionFee(priceCents: number, fee: { fixedCents: number; percent: number }): number {
  return fee.fixedCents + Math.round((priceCents * fee.percent) / 100);
}

/** The commission on a price, rounded to whole cents (never more than the price). */
export function commissionOf(priceCents: number, percent: number): number {
  return Math.min(priceCents, Math.round((priceCents * percent) / 100));
}

/** The store's bundle discount: a percentage of the items' sum from a number of items on. */
export function bundleDiscount(
  itemPrices: readonly number[],
  rule: { percent: number; fromItems: number } | null,
): number {
  if (!rule || rule.percent <= 0 || itemPrices.length < rule.fromItems) return 0;
  const sum = itemPrices.reduce((a, b) => a + b, 0);
  return Math.floor((sum * rule.percent) / 100);
}
