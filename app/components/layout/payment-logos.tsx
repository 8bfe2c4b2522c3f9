/** The payment methods we accept, as small text marks (no third-party logo files). */
const methods = [
  "iDEAL",
  "Bancontact",
  "Visa",
  "Mastercard",
  "Klarna",
  "Riverty",
  "Billink",
  "Apple Pay",
  "Fashioncheque",
];

export function PaymentLogos({ label }: { label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {methods.map((method) => (
        <li
          key={method}
          className="border border-line bg-white px-2 py-1 text-[11px] font-semibold tracking-wide text-ink"
        >
          {method}
        </li>
      ))}
    </ul>
  );
}
