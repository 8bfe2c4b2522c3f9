/** The spec's donation choice: none, €2 or €5 (matched by the shop), in cents. */
export const DONATION_OPTIONS = [0, 200, 500] as const;
export type DonationCents = (typeof DONATION_OPTIONS)[number];

/** The same choices as the checkout form posts them (radio values are strings). */
export const donationFormValues = DONATION_OPTIONS.map(String) as [
  `${DonationCents}`,
  ...`${DonationCents}`[],
];

export function isDonation(value: number): value is DonationCents {
  return (DONATION_OPTIONS as readonly number[]).includes(value);
}

/** A posted donation as cents: anything but one of the choices is no donation. */
export function donationOf(value: unknown): DonationCents {
  const cents = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof cents === "number" && isDonation(cents) ? cents : 0;
}
