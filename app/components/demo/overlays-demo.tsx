/** Overlays and display primitives with their states, for `/demo/`. */
export function OverlaysDemo() {
  return null;
}
