// Fit feedback ("runs small"): shoppers' answers and what they make of a product's sizes. A module of its
// own, without the charts and the body model, so the product page can say "runs small" without loading them.

/** Shoppers' answers to "how does it fit?" for one product. */
export interface FitAnswers {
  small: number;
  true: number;
  large: number;
}

export const FIT_FEEDBACK = { minAnswers: 10, shiftPercent: 40 } as const;

/**
 * +1 (one size up) when the product runs small, −1 when it runs large, 0 otherwise: it takes at least
 * `minAnswers` answers and `shiftPercent` % saying so, and contradicting majorities cancel out.
 */
export function fitShift(fit: FitAnswers | undefined): -1 | 0 | 1 {
  if (!fit) return 0;
  const answers = fit.small + fit.true + fit.large;
  if (answers < FIT_FEEDBACK.minAnswers) return 0;
  const runsSmall = fit.small * 100 >= FIT_FEEDBACK.shiftPercent * answers;
  const runsLarge = fit.large * 100 >= FIT_FEEDBACK.shiftPercent * answers;
  if (runsSmall === runsLarge) return 0;
  return runsSmall ? 1 : -1;
}
