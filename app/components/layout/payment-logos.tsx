import { paymentMethodInfo, paymentMethods } from "~/domains/payments/methods";

/** The payment methods we accept, as small text marks (no third-party logo files), in the shop's order. */
const logos = paymentMethods.flatMap((method) => paymentMethodInfo[method].logos);

export function PaymentLogos({ label }: { label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {logos.map((logo) => (
        <li
          key={logo}
          className="border border-line bg-white px-2 py-1 text-[11px] font-semibold tracking-wide text-ink"
        >
          {logo}
        </li>
      ))}
    </ul>
  );
}
