/**
 * The e-mail typo suggester of SPEC §5: when the domain of an address is within edit distance 2 of a
 * common domain of our shoppers (NL, BE, FR, ES), propose the address with that domain. A suggestion only:
 * it never makes a field invalid or blocks a submission.
 */

/**
 * Domains we propose, most common first (the first wins a tie). Every domain here is also "known": an
 * address on it gets no suggestion.
 */
export const commonEmailDomains = [
  "gmail.com",
  "hotmail.com",
  "outlook.com",
  "icloud.com",
  "hotmail.nl",
  "live.nl",
  "ziggo.nl",
  "kpnmail.nl",
  "hotmail.be",
  "telenet.be",
  "skynet.be",
  "live.be",
  "hotmail.fr",
  "orange.fr",
  "free.fr",
  "sfr.fr",
  "laposte.net",
  "wanadoo.fr",
  "live.fr",
  "outlook.fr",
  "hotmail.es",
  "outlook.es",
  "yahoo.com",
  "yahoo.fr",
  "yahoo.es",
  "live.com",
  "msn.com",
  "gmx.com",
  "gmx.fr",
  "gmx.net",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "planet.nl",
  "home.nl",
  "xs4all.nl",
  "upcmail.nl",
  "hetnet.nl",
  "proximus.be",
  "scarlet.be",
  "neuf.fr",
  "bbox.fr",
  "telefonica.net",
  "movistar.es",
] as const;

/**
 * Real domains close to a common one that must not be "corrected" (`mail.com` is one edit from
 * `gmail.com`, `ono.com` two from `aol.com`).
 */
export const knownEmailDomains: ReadonlySet<string> = new Set<string>([
  ...commonEmailDomains,
  "mail.com",
  "email.com",
  "aol.com",
  "ono.com",
  "gmx.de",
  "gmx.es",
  "web.de",
  "live.co.uk",
  "hotmail.co.uk",
  "yahoo.co.uk",
  "googlemail.com",
  "outlook.be",
  "outlook.nl",
  "hotmail.de",
  "live.de",
  "terra.es",
]);

/**
 * Top-level domains that are real and common in Europe: `protonmail.ch` or `hotmail.it` is a different
 * mailbox, not a typo of `.com`. Typo-prone lookalikes (`co`, `cm`, `om`, `ne`) are deliberately absent.
 */
const realTopLevelDomains = new Set([
  "com",
  "net",
  "org",
  "eu",
  "info",
  "nl",
  "be",
  "fr",
  "es",
  "de",
  "ch",
  "at",
  "it",
  "uk",
  "lu",
  "pt",
  "ie",
  "dk",
  "se",
  "no",
  "fi",
  "pl",
  "cz",
  "gr",
  "me",
  "io",
]);

function splitDomain(domain: string): [name: string, tld: string] {
  const dot = domain.lastIndexOf(".");
  return dot === -1 ? [domain, ""] : [domain.slice(0, dot), domain.slice(dot + 1)];
}

/** The largest edit distance that still counts as a typo. */
export const MAX_TYPO_DISTANCE = 2;

/**
 * Optimal-string-alignment distance (Damerau–Levenshtein restricted to adjacent transpositions that are
 * not edited again): insertions, deletions, substitutions and swaps of two neighbours each cost 1.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  const width = b.length + 1;
  const d = new Array<number>((a.length + 1) * width);
  for (let i = 0; i <= a.length; i++) d[i * width] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        d[(i - 1) * width + j]! + 1,
        d[i * width + j - 1]! + 1,
        d[(i - 1) * width + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[(i - 2) * width + j - 2]! + 1);
      d[i * width + j] = best;
    }
  }
  return d[a.length * width + b.length]!;
}

/** The common domain `domain` is probably a typo of, or null (exact or known domains, nothing close). */
export function suggestDomain(domain: string): string | null {
  const typed = domain.trim().toLowerCase();
  if (typed.length < 3 || knownEmailDomains.has(typed)) return null;
  let best: string | null = null;
  let bestDistance = MAX_TYPO_DISTANCE + 1;
  const [name, tld] = splitDomain(typed);
  for (const candidate of commonEmailDomains) {
    // The distance is at least the difference in length: skip what cannot beat the best so far.
    if (Math.abs(candidate.length - typed.length) >= bestDistance) continue;
    if (realTopLevelDomains.has(tld) && splitDomain(candidate)[0] === name) continue;
    const distance = editDistance(typed, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * The corrected address ("Did you mean anna@gmail.com?") for a likely typo in the domain of `email`, or
 * null. The local part is kept exactly as typed.
 */
export function suggestEmail(email: string): string | null {
  const value = email.trim();
  const at = value.lastIndexOf("@");
  if (at <= 0 || at === value.length - 1) return null;
  const domain = suggestDomain(value.slice(at + 1));
  return domain ? `${value.slice(0, at)}@${domain}` : null;
}
