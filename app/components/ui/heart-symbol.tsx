export const HEART_SYMBOL_ID = "icon-heart";

/**
 * Lucide's heart path, once per page: the root layout renders it and every wishlist heart draws it with
 * `<use href="#icon-heart">` (a category page has 48 of them). The `<svg>` that uses it sets the stroke
 * and fill, which the path inherits.
 */
export function HeartSymbol() {
  return (
    <svg className="absolute size-0 overflow-hidden" aria-hidden="true">
      <symbol id={HEART_SYMBOL_ID} viewBox="0 0 24 24" strokeLinecap="round" strokeLinejoin="round">
        <path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5" />
      </symbol>
    </svg>
  );
}
