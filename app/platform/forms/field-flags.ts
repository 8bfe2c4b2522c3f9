/**
 * The field flags of SPEC §5. Conform knows values, errors and whether a value differs from its default;
 * `useShopForm` adds what it cannot see (focus left, typed in, validated), and this derives the flags.
 */
export interface FieldFlags {
  /** Left (blurred) at least once. */
  touched: boolean;
  untouched: boolean;
  /** Typed in or changed by the user at least once, even if changed back. */
  dirty: boolean;
  pristine: boolean;
  /** Has no validation message now. */
  valid: boolean;
  invalid: boolean;
  /** Validated at least once (by an event of the form's mode, a submit or the server). */
  validated: boolean;
  /** A validation or submission of the form is under way. */
  pending: boolean;
  required: boolean;
  /** The value differs from the initial value. */
  changed: boolean;
  /** Validated and valid. */
  passed: boolean;
  /** Validated and invalid. */
  failed: boolean;
}

export interface FieldFlagInput {
  touched: boolean;
  interacted: boolean;
  validated: boolean;
  errors: readonly string[] | undefined;
  /** Conform's `dirty`: the value differs from the default value. */
  changed: boolean;
  required: boolean;
  pending: boolean;
}

export function deriveFieldFlags(input: FieldFlagInput): FieldFlags {
  const invalid = (input.errors?.length ?? 0) > 0;
  const dirty = input.interacted || input.changed;
  return {
    touched: input.touched,
    untouched: !input.touched,
    dirty,
    pristine: !dirty,
    valid: !invalid,
    invalid,
    validated: input.validated || invalid,
    pending: input.pending,
    required: input.required,
    changed: input.changed,
    passed: input.validated && !invalid,
    failed: invalid,
  };
}

export const fieldFlagNames = [
  "touched",
  "untouched",
  "dirty",
  "pristine",
  "valid",
  "invalid",
  "validated",
  "pending",
  "required",
  "changed",
  "passed",
  "failed",
] as const satisfies readonly (keyof FieldFlags)[];

/**
 * The field names a Conform intent validates: one field for a `validate` intent with a name, every field
 * for a submit or a whole-form validation, none for other intents. `null` intent = plain submit.
 */
export function validatedByIntent(
  intent: { type: string; payload?: { name?: string; validated?: boolean } } | null,
  allFields: readonly string[],
): { fields: readonly string[]; reset: string[] | "all" } {
  const name = intent?.payload?.name;
  if (!intent) return { fields: allFields, reset: [] };
  switch (intent.type) {
    case "validate":
      return { fields: name ? [name] : allFields, reset: [] };
    case "reset":
      return { fields: [], reset: name ? [name] : "all" };
    case "update":
      return intent.payload?.validated === true
        ? { fields: name ? [name] : allFields, reset: [] }
        : { fields: [], reset: intent.payload?.validated === false && name ? [name] : [] };
    default:
      return { fields: [], reset: [] };
  }
}

/** The intent Conform put in a form submission (its `__intent__` entry), or `null` for a plain submit. */
export function intentOf(
  formData: FormData | URLSearchParams,
): { type: string; payload?: { name?: string; validated?: boolean } } | null {
  const raw = formData.get("__intent__");
  if (typeof raw !== "string") return null;
  try {
    const intent: unknown = JSON.parse(raw);
    if (intent && typeof intent === "object" && "type" in intent && typeof intent.type === "string")
      return intent as { type: string; payload?: { name?: string; validated?: boolean } };
  } catch {
    // A malformed intent is treated as a plain submit.
  }
  return null;
}
