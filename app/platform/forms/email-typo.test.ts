import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commonEmailDomains,
  editDistance,
  knownEmailDomains,
  MAX_TYPO_DISTANCE,
  suggestDomain,
  suggestEmail,
} from "./email-typo";

const letters = "abcdefghijklmnopqrstuvwxyz.".split("");
const localPart = fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,20}$/);

describe("editDistance (optimal string alignment)", () => {
  it("knows a few distances", () => {
    expect(editDistance("gmail.com", "gmail.com")).toBe(0);
    expect(editDistance("gmial.com", "gmail.com")).toBe(1);
    expect(editDistance("gmail.con", "gmail.com")).toBe(1);
    expect(editDistance("gmai.com", "gmail.com")).toBe(1);
    expect(editDistance("gmaill.com", "gmail.com")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("ca", "abc")).toBe(3);
  });

  it("is a distance-like measure", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d === 0).toBe(a === b);
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
      }),
    );
  });

  it("one adjacent swap costs one", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 2, maxLength: 12 }), fc.nat(), (s, at) => {
        const i = at % (s.length - 1);
        fc.pre(s[i] !== s[i + 1]);
        const swapped = `${s.slice(0, i)}${s[i + 1]}${s[i]}${s.slice(i + 2)}`;
        expect(editDistance(s, swapped)).toBe(1);
      }),
    );
  });
});

describe("suggestEmail", () => {
  it.each([
    ["anna@gmial.com", "anna@gmail.com"],
    ["anna@gmail.con", "anna@gmail.com"],
    ["anna@gmai.com", "anna@gmail.com"],
    ["anna@gmailcom", "anna@gmail.com"],
    ["anna@gmail.co", "anna@gmail.com"],
    ["anna@gmail.cm", "anna@gmail.com"],
    ["jan@hotmial.nl", "jan@hotmail.nl"],
    ["jan@hotmail.nll", "jan@hotmail.nl"],
    ["piet@ziggo.nk", "piet@ziggo.nl"],
    ["piet@kpnmial.nl", "piet@kpnmail.nl"],
    ["lien@telenet.bee", "lien@telenet.be"],
    ["lien@skynet.eb", "lien@skynet.be"],
    ["marie@orange.fe", "marie@orange.fr"],
    ["marie@laposte.ner", "marie@laposte.net"],
    ["marie@yahoo.ffr", "marie@yahoo.fr"],
    ["lucia@hotmal.es", "lucia@hotmail.es"],
    ["lucia@yaho.es", "lucia@yahoo.es"],
    ["sam@outlok.com", "sam@outlook.com"],
    ["sam@iclod.com", "sam@icloud.com"],
    ["Anna.B+shop@GMIAL.COM", "Anna.B+shop@gmail.com"],
    ["  anna@gmial.com ", "anna@gmail.com"],
  ])("%s → %s", (typed, suggestion) => {
    expect(suggestEmail(typed)).toBe(suggestion);
  });

  it.each([
    "anna@gmail.com",
    "anna@GMAIL.COM",
    "anna@mail.com",
    "anna@hotmail.be",
    "anna@live.fr",
    "anna@aol.com",
    "anna@ono.com",
    "anna@loomandlabel.com",
    "anna@protonmail.ch",
    "anna@hotmail.it",
    "anna@yahoo.de",
    "anna@company.nl",
    "anna",
    "anna@",
    "@gmial.com",
    "",
  ])("no suggestion for %s", (typed) => {
    expect(suggestEmail(typed)).toBeNull();
  });

  it("never suggests for a common or known domain", () => {
    fc.assert(
      fc.property(localPart, fc.constantFrom(...knownEmailDomains), (local, domain) => {
        expect(suggestEmail(`${local}@${domain}`)).toBeNull();
      }),
    );
  });

  it("one typo in a common domain is corrected to a common domain at most as far away", () => {
    const edit = fc.tuple(
      fc.constantFrom(...commonEmailDomains),
      fc.nat(),
      fc.constantFrom(...letters),
      fc.nat(3),
    );
    fc.assert(
      fc.property(localPart, edit, (local, [domain, at, letter, kind]) => {
        const i = at % domain.length;
        const typo = [
          `${domain.slice(0, i)}${domain.slice(i + 1)}`,
          `${domain.slice(0, i)}${letter}${domain.slice(i)}`,
          `${domain.slice(0, i)}${letter}${domain.slice(i + 1)}`,
          `${domain.slice(0, i)}${domain[i + 1] ?? ""}${domain[i]}${domain.slice(i + 2)}`,
        ][kind]!;
        fc.pre(typo !== domain && !knownEmailDomains.has(typo) && typo.length >= 3);
        // Another real top-level domain on the same name is a different mailbox (covered by examples above).
        const name = (d: string) => d.slice(0, d.lastIndexOf("."));
        fc.pre(name(typo) !== name(domain));
        const suggestion = suggestEmail(`${local}@${typo}`);
        expect(suggestion).not.toBeNull();
        const [suggestedLocal, suggestedDomain] = [
          suggestion!.slice(0, suggestion!.lastIndexOf("@")),
          suggestion!.split("@").pop()!,
        ];
        expect(suggestedLocal).toBe(local);
        expect(commonEmailDomains).toContain(suggestedDomain);
        expect(editDistance(typo, suggestedDomain)).toBeLessThanOrEqual(editDistance(typo, domain));
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });

  it("never suggests a domain more than two edits away", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{1,10}\.[a-z]{2,3}$/), (domain) => {
        const suggestion = suggestDomain(domain);
        if (suggestion) expect(editDistance(domain, suggestion)).toBeLessThanOrEqual(MAX_TYPO_DISTANCE);
        else if (!knownEmailDomains.has(domain))
          for (const common of commonEmailDomains)
            expect(editDistance(domain, common)).toBeGreaterThan(MAX_TYPO_DISTANCE);
      }),
    );
  });
});
