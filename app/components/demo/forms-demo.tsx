/** Form controls, validation modes and field flags, for `/demo/`. */
export function FormsDemo() {
  return null;
}
