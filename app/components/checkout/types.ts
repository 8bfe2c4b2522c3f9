import type { SubmissionResult } from "@conform-to/react";
import type { CheckoutView } from "~/domains/checkout/checkout.server";
import type { CheckoutIntent } from "~/domains/checkout/validation";

export interface CheckoutActionData {
  intent: CheckoutIntent;
  /** What was posted, shown again when the page is rendered anew (no JavaScript). */
  values: Record<string, string>;
  view: CheckoutView;
  /** The order form's validation (`place`). */
  result?: SubmissionResult<string[]>;
  /** Translated messages of fields the server refused. */
  fieldErrors?: Record<string, string[]>;
  lookup?:
    | { status: "found"; missing: ("street" | "city" | "postalCode" | "houseNumber" | "country")[] }
    | { status: "not-found" }
    | { status: "unavailable" };
  /** A translated confirmation (a code applied, replaced or removed). */
  notice?: string;
  /** A translated refusal of the whole order. */
  error?: string;
}

export interface CheckoutLoaderData {
  view: CheckoutView;
  /** The form as it was (after a cancelled payment), else empty. */
  defaults: Record<string, string>;
  idempotencyKey: string;
  customer: { email: string; firstName: string; lastName: string } | null;
  paymentCancelled: boolean;
  title: string;
}
