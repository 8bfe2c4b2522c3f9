/**
 * Validation messages travel as encoded translation keys, not as text: the same Zod schema runs in the
 * browser and on the server, and the message is translated where it is shown (the `Field` component in
 * the browser, `parseSubmission` on the server). Encoded form: `forms:validation.<key>` optionally followed
 * by `|` and a JSON object of interpolation values, e.g. `forms:validation.maxChars|{"count":50}`.
 */

export const validationKeys = [
  "required",
  "default",
  "format",
  "formatExample",
  "email",
  "date",
  "dateMin",
  "dateMax",
  "digits",
  "maxChars",
  "passwordMin",
  "passwordMax",
  "passwordMatch",
  "postalCode",
  "postalCodeNoDelivery",
  "houseNumber",
  "houseNumberLetters",
  "houseNumberAddition",
  "phone",
  "giftCardCode",
  "giftCardCheck",
  "giftCardPin",
  "giftCardAmount",
  "cardHolder",
  "cardNumber",
  "cardMonth",
  "cardYear",
  "cardExpired",
  "cvc",
  "choice",
  "accept",
] as const;
export type ValidationKey = (typeof validationKeys)[number];

export type MessageValues = Record<string, string | number>;
export interface Message {
  key: ValidationKey;
  values?: MessageValues;
}

/** Interpolation value naming the translation key of the field's label (fills `{{_field_}}`). */
export const FIELD_LABEL_VALUE = "field";

const PREFIX = "forms:validation.";
const SEPARATOR = "|";

/** The translation key of a validation message, with its namespace. */
export function messageKey(key: ValidationKey): string {
  return `${PREFIX}${key}`;
}

export function encodeMessage(message: Message): string {
  const values = message.values && Object.keys(message.values).length > 0 ? message.values : undefined;
  return values ? `${PREFIX}${message.key}${SEPARATOR}${JSON.stringify(values)}` : `${PREFIX}${message.key}`;
}

/** The message an encoded string stands for, or `null` for any other text (server text, custom messages). */
const UNSAFE_NAMES = new Set(["__proto__", "constructor", "prototype"]);

export function decodeMessage(text: string): Message | null {
  if (!text.startsWith(PREFIX)) return null;
  const rest = text.slice(PREFIX.length);
  const at = rest.indexOf(SEPARATOR);
  const key = at === -1 ? rest : rest.slice(0, at);
  if (!(validationKeys as readonly string[]).includes(key)) return null;
  if (at === -1) return { key: key as ValidationKey };
  try {
    const values: unknown = JSON.parse(rest.slice(at + 1));
    if (!values || typeof values !== "object" || Array.isArray(values)) return { key: key as ValidationKey };
    const clean: MessageValues = {};
    for (const [name, value] of Object.entries(values)) {
      // Interpolation names are ours; a name that would reach an object's prototype is never one of them.
      if (UNSAFE_NAMES.has(name)) continue;
      if (typeof value === "string" || typeof value === "number") clean[name] = value;
    }
    return { key: key as ValidationKey, values: clean };
  } catch {
    return { key: key as ValidationKey };
  }
}

/**
 * The translation function this module needs: i18next's `t` (from `useTranslation` or a server
 * instance) fits. Kept minimal so the module stays free of any i18n instance.
 */
export type Translate = (key: string, options: Record<string, unknown>) => string;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NAMESPACED_KEY = /^[a-z]+:[A-Za-z0-9_.]+$/;

/**
 * The text to show for one validation message. `label` is the field's visible (already translated) label,
 * used for `{{_field_}}` unless the schema named a label key itself. Text that is not an encoded message
 * (for example an already translated server reply) is returned unchanged.
 */
export function translateMessage(t: Translate, text: string, options: { label?: string } = {}): string {
  const message = decodeMessage(text);
  // A schema's own message is a namespaced key (`marketing:refer.errors.ownEmail`): translated as it is.
  if (!message) return NAMESPACED_KEY.test(text) ? t(text, {}) : text;
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(message.values ?? {})) {
    // Dates interpolate as Date objects so i18next formats them for the reader's locale.
    values[name] = typeof value === "string" && ISO_DATE.test(value) ? new Date(`${value}T12:00:00Z`) : value;
  }
  const labelKey = message.values?.[FIELD_LABEL_VALUE];
  const label = typeof labelKey === "string" ? t(labelKey, {}) : options.label;
  // Without a label the sentence is phrased differently (i18next context `_unlabelled`, e.g. `default_unlabelled`).
  if (label) values._field_ = label;
  else values.context = "unlabelled";
  return t(messageKey(message.key), values);
}
