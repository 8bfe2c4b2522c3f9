import type { Country } from "../../platform/forms/validators";
import samplePoints from "./data/service-points.json";

export interface ServicePoint {
  id: string;
  country: Country;
  carrier: string;
  name: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  /** Opening days: `monSat` or `monFri` (translated where shown). */
  days: string;
  opens: string;
  closes: string;
}

/** Service-point search (ARCHITECTURE.md: bundled sample data | carrier API). */
export interface ServicePointFinder {
  readonly name: string;
  /** The points nearest to a postal code in a country, nearest first. */
  near(country: Country, postalCode: string, limit?: number): Promise<ServicePoint[]>;
  byId(id: string): Promise<ServicePoint | null>;
}

export const SERVICE_POINTS_SHOWN = 5;

/** Postal codes as numbers: their numeric part orders places roughly by region in all four countries. */
function postalNumber(postalCode: string): number {
  return Number(postalCode.replace(/\D/g, "").slice(0, 5).padEnd(5, "0"));
}

/**
 * The bundled points. Without coordinates, "near" means the closest postal code number in the same
 * country: the same town or region first, which is what a shopper typing their own postal code expects.
 */
export function sampleServicePoints(
  points: readonly ServicePoint[] = samplePoints as ServicePoint[],
): ServicePointFinder {
  return {
    name: "sample",
    async near(country, postalCode, limit = SERVICE_POINTS_SHOWN) {
      const target = postalNumber(country === "NL" || country === "BE" ? postalCode.slice(0, 4) : postalCode);
      return points
        .filter((p) => p.country === country)
        .map((p) => ({
          point: p,
          distance: Math.abs(
            postalNumber(country === "NL" || country === "BE" ? p.postalCode.slice(0, 4) : p.postalCode) -
              target,
          ),
        }))
        .sort((a, b) => a.distance - b.distance || a.point.id.localeCompare(b.point.id))
        .slice(0, limit)
        .map((d) => d.point);
    },
    async byId(id) {
      return points.find((p) => p.id === id) ?? null;
    },
  };
}

function isServicePoint(value: unknown): value is ServicePoint {
  if (!value || typeof value !== "object") return false;
  const p = value as Record<string, unknown>;
  return ["id", "country", "carrier", "name", "street", "houseNumber", "postalCode", "city"].every(
    (key) => typeof p[key] === "string",
  );
}

/**
 * A carrier's point search over HTTP: `GET {url}/points?country=NL&postcode=1012AB&limit=5` answers a JSON
 * array of points, `GET {url}/points/{id}` one point or 404. A failure is an empty list: the shopper can
 * still choose home delivery.
 */
export function httpServicePoints(url: string, fetcher: typeof fetch = fetch): ServicePointFinder {
  const base = url.replace(/\/$/, "");
  const get = async (path: string) => {
    const response = await fetcher(`${base}${path}`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(3_000),
    });
    return response.ok ? ((await response.json()) as unknown) : null;
  };
  const normalise = (p: ServicePoint): ServicePoint => ({
    ...p,
    days: p.days ?? "monSat",
    opens: p.opens ?? "09:00",
    closes: p.closes ?? "18:00",
  });
  return {
    name: "http",
    async near(country, postalCode, limit = SERVICE_POINTS_SHOWN) {
      const query = new URLSearchParams({
        country,
        postcode: postalCode.replace(/\s/g, ""),
        limit: String(limit),
      });
      try {
        const body = await get(`/points?${query}`);
        return Array.isArray(body) ? body.filter(isServicePoint).map(normalise).slice(0, limit) : [];
      } catch {
        return [];
      }
    },
    async byId(id) {
      try {
        const body = await get(`/points/${encodeURIComponent(id)}`);
        return isServicePoint(body) ? normalise(body) : null;
      } catch {
        return null;
      }
    },
  };
}
