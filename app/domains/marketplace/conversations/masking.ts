// Contact details and payment links stay inside the shop (PRODUCT.md: no contact details or payment links
// outside it): messages are checked for e-mail addresses, phone numbers, IBANs and payment links, which
// are masked before anyone reads them. Client-safe: the message form warns while typing with the same rule.

export type ContactKind = "email" | "phone" | "iban" | "link";

const patterns: [ContactKind, RegExp][] = [
  // "anna@example.nl", also written "anna [at] example [dot] nl".
  [
    "email",
    /[\p{L}\p{N}._%+-]+\s*(?:@|\[at\]|\(at\)|\sat\s)\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\[dot\]|\(dot\)|\sdot\s)\s*[\p{L}\p{N}-]+)+/giu,
  ],
  // IBAN: two letters, two digits, then 10–30 letters or digits, spaces allowed in groups of four.
  ["iban", /\b[A-Z]{2}\d{2}(?:\s?[A-Z0-9]{4}){2,7}(?:\s?[A-Z0-9]{1,3})?\b/gi],
  // Payment and chat links: PayPal.me, Tikkie, bunq.me, Revolut, WhatsApp and Telegram.
  [
    "link",
    /\b(?:https?:\/\/)?(?:www\.)?(?:paypal\.me|paypal\.com|tikkie\.me|bunq\.me|revolut\.me|wa\.me|t\.me|whatsapp\.com)\S*/gi,
  ],
  // Phone numbers: 9 or more digits, optionally with +, spaces, dots, dashes or brackets between them.
  ["phone", /(?:\+|00)?\d(?:[\s.\-()/]*\d){8,}/g],
];

export interface MaskResult {
  text: string;
  found: ContactKind[];
}

/** The text with every contact detail replaced by "•••", and which kinds were found. */
export function maskContactDetails(text: string): MaskResult {
  const found = new Set<ContactKind>();
  let masked = text;
  for (const [kind, pattern] of patterns) {
    masked = masked.replace(pattern, (match) => {
      // Prices, years and sizes are short digit runs; a phone needs 9 digits in all.
      if (kind === "phone" && match.replace(/\D/g, "").length < 9) return match;
      found.add(kind);
      return "•••";
    });
  }
  return { text: masked, found: [...found] };
}
