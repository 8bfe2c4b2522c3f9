/** Class names shared by the form controls: thin `line` borders, square corners, 44px touch targets. */
export const controlClass =
  "block min-h-11 w-full scroll-mt-32 rounded-none border border-line bg-white px-3 py-2 text-base text-ink " +
  "transition-colors placeholder:text-muted hover:border-muted focus:border-ink " +
  "disabled:cursor-not-allowed disabled:border-line disabled:bg-sand disabled:text-muted " +
  "aria-[invalid=true]:border-sale";

export const labelClass = "text-xs font-medium uppercase tracking-[0.12em] text-ink";

export const descriptionClass = "text-sm text-muted";

export const errorClass = "mt-1.5 flex items-start gap-1.5 text-sm text-sale";

export const linkClass =
  "inline-flex min-h-11 items-center text-sm text-ink underline underline-offset-4 hover:text-accent";
