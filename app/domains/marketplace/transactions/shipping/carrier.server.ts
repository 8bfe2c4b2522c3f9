// The carrier behind an interface (ARCHITECTURE.md "Outside services behind interfaces"): the sandbox
// carrier by default. A production adapter (Sendcloud-style) implements the same three calls:
//
//   createParcel  POST /parcels {name, address, postal_code, city, country, order_number, request_label}
//                 → {tracking_number, label: {normal_printer: [pdf url]}}; the PDF is fetched and kept.
//   trackingUrl   the carrier's public tracking page for a tracking number.
//   verifyWebhook the carrier signs its status webhook (Sendcloud: HMAC-SHA256 of the raw body with the
//                 integration's secret in `Sendcloud-Signature`); the adapter checks it and maps the
//                 carrier's status ids onto `in-transit` and `delivered`; anything else is ignored.
//
// Select it with an environment variable (CARRIER=sendcloud + its keys) beside PAYMENT_PROVIDER; only the
// sandbox exists today.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "../../../../platform/db/db.server";
import { env } from "../../../../platform/env.server";
import { logger } from "../../../../platform/logging/logger.server";
import { type DeliveryAddress, sandboxParcels } from "../tables.server";

export type ParcelStatus = "label-created" | "in-transit" | "delivered";

export interface CarrierAdapter {
  name: string;
  /** Creates the parcel with a prepaid label; the same reference answers the same parcel. */
  createParcel(input: { reference: string; sender: string; recipient: DeliveryAddress }): Promise<{
    trackingCode: string;
  }>;
  /** The carrier's public tracking page. */
  trackingUrl(trackingCode: string): string;
  /** A webhook's tracking code and status when its signature is the carrier's; null otherwise. */
  verifyWebhook(request: Request): Promise<{ trackingCode: string; status: ParcelStatus } | null>;
}

export const CARRIER_SIGNATURE_HEADER = "x-sandbox-carrier-signature";

function carrierSecret(): string {
  return createHmac("sha256", env().SESSION_SECRET).update("sandbox-carrier-webhook").digest("hex");
}

export function signCarrierBody(body: string): string {
  return createHmac("sha256", carrierSecret()).update(body).digest("hex");
}

function newTrackingCode(): string {
  // 3SBX + 12 characters, like a postal barcode: letters and digits without look-alikes.
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = randomBytes(12);
  return `3SBX${[...bytes].map((b) => alphabet[b % alphabet.length]).join("")}`;
}

/** The sandbox carrier: parcels in its own table, a tracking page with buttons, signed webhooks. */
export const sandboxCarrier: CarrierAdapter = {
  name: "sandbox",
  async createParcel({ reference, sender, recipient }) {
    const [existing] = await db()
      .select({ trackingCode: sandboxParcels.trackingCode })
      .from(sandboxParcels)
      .where(eq(sandboxParcels.reference, reference));
    if (existing) return existing;
    const trackingCode = newTrackingCode();
    await db()
      .insert(sandboxParcels)
      .values({
        trackingCode,
        reference,
        sender,
        recipient,
        webhookUrl: `${env().BASE_URL}/webhooks/carrier/sandbox`,
      });
    return { trackingCode };
  },
  trackingUrl(trackingCode) {
    return `${env().BASE_URL}/sandbox-carrier/${trackingCode}/`;
  },
  async verifyWebhook(request) {
    const body = await request.text();
    const given = Buffer.from(request.headers.get(CARRIER_SIGNATURE_HEADER) ?? "");
    const expected = Buffer.from(signCarrierBody(body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const parsed = JSON.parse(body) as { trackingCode?: unknown; status?: unknown };
      if (typeof parsed.trackingCode !== "string") return null;
      if (parsed.status !== "in-transit" && parsed.status !== "delivered") return null;
      return { trackingCode: parsed.trackingCode, status: parsed.status };
    } catch {
      return null;
    }
  },
};

export function carrier(): CarrierAdapter {
  return sandboxCarrier;
}

// ----- the sandbox carrier's own page -------------------------------------------------------------------

export interface SandboxParcel {
  trackingCode: string;
  reference: string;
  status: ParcelStatus;
  city: string;
  updatedAt: Date;
}

export async function sandboxParcel(trackingCode: string): Promise<SandboxParcel | null> {
  const [row] = await db().select().from(sandboxParcels).where(eq(sandboxParcels.trackingCode, trackingCode));
  if (!row) return null;
  return {
    trackingCode: row.trackingCode,
    reference: row.reference,
    status: row.status as ParcelStatus,
    city: row.recipient.city,
    updatedAt: row.updatedAt,
  };
}

const ORDER: ParcelStatus[] = ["label-created", "in-transit", "delivered"];

/**
 * The sandbox tracking page's buttons: the parcel moves forward (never back) and the carrier posts its
 * signed webhook to the shop. Answers the parcel as it is afterwards.
 */
export async function moveSandboxParcel(
  trackingCode: string,
  status: "in-transit" | "delivered",
  post: (url: string, init: RequestInit) => Promise<Response> = fetch,
): Promise<SandboxParcel | null> {
  const [row] = await db()
    .update(sandboxParcels)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(sandboxParcels.trackingCode, trackingCode))
    .returning();
  if (!row) return null;
  const steps = ORDER.slice(1, ORDER.indexOf(status) + 1);
  for (const step of steps) {
    const body = JSON.stringify({ trackingCode, status: step });
    try {
      const response = await post(row.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", [CARRIER_SIGNATURE_HEADER]: signCarrierBody(body) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) logger.warn({ trackingCode, status: response.status }, "carrier webhook refused");
    } catch (error) {
      logger.warn({ err: error, trackingCode }, "carrier webhook could not be delivered");
    }
  }
  return sandboxParcel(trackingCode);
}
