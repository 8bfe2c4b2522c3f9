/** Buttons and links of the account pages, in the shop's square, uppercase style. */
export const primaryButton =
  "inline-flex min-h-12 items-center justify-center gap-2 bg-ink px-8 text-sm font-medium tracking-[0.14em] text-paper uppercase transition-colors hover:bg-accent aria-disabled:opacity-70";

export const secondaryButton =
  "inline-flex min-h-12 items-center justify-center gap-2 border border-ink bg-white px-6 text-sm font-medium tracking-[0.14em] text-ink uppercase transition-colors hover:bg-sand";

export const dangerButton =
  "inline-flex min-h-12 items-center justify-center gap-2 bg-sale px-6 text-sm font-medium tracking-[0.14em] text-white uppercase transition-colors hover:bg-ink aria-disabled:opacity-70";

export const textLink = "underline underline-offset-4 hover:text-accent";

export const card = "border border-line bg-white p-5 desktop:p-6";
