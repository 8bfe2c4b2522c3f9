// A listing's life as data (ARCHITECTURE.md "State machines as data"): which transition leads from which
// states to which, and who may take it. Buying (reserve, sell through a transaction) is issue 18's; its
// transitions are here so the listing side is ready for it.

export const listingStates = ["draft", "published", "reserved", "closed", "sold", "removed"] as const;
export type ListingState = (typeof listingStates)[number];

export type ListingActor = "provider" | "operator" | "system";

export const listingTransitions = {
  publish: { from: ["draft"], to: "published", by: ["provider"] },
  close: { from: ["published"], to: "closed", by: ["provider"] },
  reopen: { from: ["closed"], to: "published", by: ["provider"] },
  "mark-sold": { from: ["published", "reserved", "closed"], to: "sold", by: ["provider"] },
  reserve: { from: ["published"], to: "reserved", by: ["system"] },
  release: { from: ["reserved"], to: "published", by: ["system", "operator"] },
  sell: { from: ["reserved"], to: "sold", by: ["system"] },
  remove: { from: ["draft", "published", "reserved", "closed"], to: "removed", by: ["operator"] },
  restore: { from: ["removed"], to: "closed", by: ["operator"] },
} as const satisfies Record<
  string,
  { from: readonly ListingState[]; to: ListingState; by: readonly ListingActor[] }
>;
export type ListingTransition = keyof typeof listingTransitions;

/** The state a transition leads to, or the message key of why it is not allowed. */
export function nextListingState(
  state: ListingState,
  transition: ListingTransition,
  actor: ListingActor,
): { to: ListingState } | { refused: string } {
  const rule = listingTransitions[transition];
  if (!(rule.by as readonly ListingActor[]).includes(actor))
    return { refused: "marketplace:errors.notAllowed" };
  if (!(rule.from as readonly ListingState[]).includes(state))
    return { refused: `marketplace:errors.transition.${transition}` };
  return { to: rule.to };
}

/** The transitions an actor can take from a state (the buttons on "my listings"). */
export function availableTransitions(state: ListingState, actor: ListingActor): ListingTransition[] {
  return (Object.keys(listingTransitions) as ListingTransition[]).filter(
    (transition) => "to" in nextListingState(state, transition, actor),
  );
}

/** A listing page answers in these states (a sold one stays findable by its link, marked sold). */
export const PAGE_STATES: readonly ListingState[] = ["published", "reserved", "closed", "sold"];
/** States a seller may still edit the text and photos in. */
export const EDITABLE_STATES: readonly ListingState[] = ["draft", "published", "closed"];
