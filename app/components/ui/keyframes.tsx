/**
 * Keyframes the primitives animate with (`animate-[ui-…]`). The design tokens file stays about tokens;
 * React hoists this sheet into <head> once, however many primitives render it. Every use sits behind a
 * `motion-safe:` variant, so reduced motion gets no movement.
 */
const css = `
@keyframes ui-fade-in { from { opacity: 0 } }
@keyframes ui-fade-out { to { opacity: 0 } }
@keyframes ui-pop-in { from { opacity: 0; transform: scale(0.98) } }
@keyframes ui-pop-out { to { opacity: 0; transform: scale(0.98) } }
@keyframes ui-slide-in-right { from { transform: translateX(100%) } }
@keyframes ui-slide-out-right { to { transform: translateX(100%) } }
@keyframes ui-slide-in-left { from { transform: translateX(-100%) } }
@keyframes ui-slide-out-left { to { transform: translateX(-100%) } }
@keyframes ui-rise-in { from { opacity: 0; transform: translateY(0.5rem) } }
@keyframes ui-accordion-down { from { height: 0 } to { height: var(--radix-accordion-content-height) } }
@keyframes ui-accordion-up { from { height: var(--radix-accordion-content-height) } to { height: 0 } }
@keyframes ui-indeterminate { from { transform: translateX(-100%) } to { transform: translateX(250%) } }
@keyframes ui-shimmer { from { background-position: 100% 0 } to { background-position: -100% 0 } }
`;

export function UiKeyframes() {
  return (
    <style href="ui-keyframes" precedence="default">
      {css}
    </style>
  );
}
