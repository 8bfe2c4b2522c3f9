import type { Country } from "../../platform/forms/validators";

/** The student e-mail domains accepted per country of study: a setting operators edit (`studentEmailDomains`). */
export type StudentDomains = Record<Country, string[]>;

export const STUDENT_DOMAINS_SETTING = "studentEmailDomains";

/** The first list, of the larger universities and universities of applied sciences in each country. */
export const defaultStudentDomains: StudentDomains = {
  NL: [
    "student.uva.nl",
    "student.vu.nl",
    "students.uu.nl",
    "student.tudelft.nl",
    "student.rug.nl",
    "student.eur.nl",
    "student.ru.nl",
    "student.tue.nl",
    "student.utwente.nl",
    "student.maastrichtuniversity.nl",
    "umail.leidenuniv.nl",
    "hva.nl",
    "student.hu.nl",
    "student.hhs.nl",
    "student.fontys.nl",
  ],
  BE: [
    "student.kuleuven.be",
    "ugent.be",
    "student.uantwerpen.be",
    "vub.be",
    "ulb.be",
    "student.uclouvain.be",
    "student.uliege.be",
  ],
  FR: [
    "etu.univ-paris1.fr",
    "etu.u-paris.fr",
    "etu.sorbonne-universite.fr",
    "etu.univ-lyon1.fr",
    "etu.unistra.fr",
    "etu.univ-amu.fr",
    "etu.u-bordeaux.fr",
  ],
  ES: [
    "alumnos.upm.es",
    "estudiantes.uva.es",
    "alumni.uv.es",
    "estudiant.upf.edu",
    "ucm.es",
    "estudiantat.upc.edu",
    "alumnos.uc3m.es",
  ],
};

/** A list as an operator typed it: one domain a line (or comma-separated), lower-cased, without `@`. */
export function parseDomainList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((d) => d.trim().toLowerCase().replace(/^@/, ""))
        .filter((d) => /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(d)),
    ),
  ];
}

/** Whether the address's domain is a listed domain or one of its subdomains (`x.student.uva.nl`). */
export function isStudentAddress(email: string, domains: readonly string[]): boolean {
  const domain = email.trim().toLowerCase().split("@")[1];
  if (!domain) return false;
  return domains.some((listed) => domain === listed || domain.endsWith(`.${listed}`));
}

/** A stored value that no longer has the shape falls back to the defaults, country by country. */
export function studentDomainsValue(stored: unknown): StudentDomains {
  const value = { ...defaultStudentDomains };
  if (stored && typeof stored === "object") {
    for (const country of Object.keys(value) as Country[]) {
      const list = (stored as Record<string, unknown>)[country];
      if (Array.isArray(list) && list.every((d) => typeof d === "string")) value[country] = list;
    }
  }
  return value;
}
