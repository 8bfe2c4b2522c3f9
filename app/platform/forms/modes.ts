/**
 * The four form-validation modes of SPEC §5 and how each maps onto Conform. Conform validates a field the
 * first time on `shouldValidate` and, once it has been validated, again on `shouldRevalidate` (a blur
 * revalidates only when the value changed since). Aggressive also validates a not-yet-validated field on
 * blur, which Conform cannot express with one event, so `useShopForm` adds that blur itself.
 */
export const validationModes = ["aggressive", "eager", "passive", "lazy"] as const;
export type ValidationMode = (typeof validationModes)[number];
export const defaultValidationMode: ValidationMode = "aggressive";

type ConformEvent = "onInput" | "onBlur" | "onSubmit";

export interface ModeOptions {
  shouldValidate: ConformEvent;
  shouldRevalidate: ConformEvent;
  /** Validate a field that has not been validated yet when it loses focus (in addition to `shouldValidate`). */
  validateOnFirstBlur: boolean;
}

const options: Record<ValidationMode, ModeOptions> = {
  // On every keystroke and when leaving the field.
  aggressive: { shouldValidate: "onInput", shouldRevalidate: "onInput", validateOnFirstBlur: true },
  // Calm until the field is left (or the form submitted), then on every keystroke.
  eager: { shouldValidate: "onBlur", shouldRevalidate: "onInput", validateOnFirstBlur: false },
  // Only when the form is submitted.
  passive: { shouldValidate: "onSubmit", shouldRevalidate: "onSubmit", validateOnFirstBlur: false },
  // When a changed field is left (the `change` event), never while typing.
  lazy: { shouldValidate: "onBlur", shouldRevalidate: "onBlur", validateOnFirstBlur: false },
};

export function isValidationMode(value: unknown): value is ValidationMode {
  return typeof value === "string" && (validationModes as readonly string[]).includes(value);
}

export function modeOptions(mode: ValidationMode = defaultValidationMode): ModeOptions {
  return options[mode];
}

export type FieldEvent = "input" | "blur" | "submit";

/**
 * Whether a field event triggers validation in `mode`, given whether the field was validated before and
 * whether its value changed since then. This is the behaviour Conform produces from `modeOptions` (see
 * `willValidate` in `@conform-to/dom`) plus the aggressive first blur; it documents and tests the modes.
 */
export function validatesOn(
  mode: ValidationMode,
  event: FieldEvent,
  field: { validated: boolean; changedSinceValidation?: boolean },
): boolean {
  if (event === "submit") return true;
  const { shouldValidate, shouldRevalidate, validateOnFirstBlur } = modeOptions(mode);
  const name: ConformEvent = event === "input" ? "onInput" : "onBlur";
  if (!field.validated) return shouldValidate === name || (event === "blur" && validateOnFirstBlur);
  return shouldRevalidate === name && (event === "input" || field.changedSinceValidation === true);
}
