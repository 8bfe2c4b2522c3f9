import { describe, expect, it } from "vitest";
import { isValidationMode, modeOptions, validatesOn, validationModes } from "./modes";

describe("validation modes on Conform", () => {
  it("maps each mode onto Conform's validate and revalidate events", () => {
    expect(modeOptions("aggressive")).toEqual({
      shouldValidate: "onInput",
      shouldRevalidate: "onInput",
      validateOnFirstBlur: true,
    });
    expect(modeOptions("eager")).toEqual({
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
      validateOnFirstBlur: false,
    });
    expect(modeOptions("passive")).toEqual({
      shouldValidate: "onSubmit",
      shouldRevalidate: "onSubmit",
      validateOnFirstBlur: false,
    });
    expect(modeOptions("lazy")).toEqual({
      shouldValidate: "onBlur",
      shouldRevalidate: "onBlur",
      validateOnFirstBlur: false,
    });
  });

  it("defaults to aggressive", () => {
    expect(modeOptions()).toBe(modeOptions("aggressive"));
    expect(isValidationMode("lazy")).toBe(true);
    expect(isValidationMode("strict")).toBe(false);
    expect(validationModes).toEqual(["aggressive", "eager", "passive", "lazy"]);
  });

  const fresh = { validated: false };
  const validated = { validated: true, changedSinceValidation: true };
  const validatedUnchanged = { validated: true, changedSinceValidation: false };

  it("aggressive: on input and on blur, from the first keystroke", () => {
    expect(validatesOn("aggressive", "input", fresh)).toBe(true);
    expect(validatesOn("aggressive", "blur", fresh)).toBe(true);
    expect(validatesOn("aggressive", "input", validated)).toBe(true);
  });

  it("eager: calm while typing until the first blur or submit, then on input", () => {
    expect(validatesOn("eager", "input", fresh)).toBe(false);
    expect(validatesOn("eager", "blur", fresh)).toBe(true);
    expect(validatesOn("eager", "input", validated)).toBe(true);
  });

  it("passive: only on submit", () => {
    for (const field of [fresh, validated]) {
      expect(validatesOn("passive", "input", field)).toBe(false);
      expect(validatesOn("passive", "blur", field)).toBe(false);
      expect(validatesOn("passive", "submit", field)).toBe(true);
    }
  });

  it("lazy: on leaving a changed field, never on input", () => {
    expect(validatesOn("lazy", "input", fresh)).toBe(false);
    expect(validatesOn("lazy", "input", validated)).toBe(false);
    expect(validatesOn("lazy", "blur", fresh)).toBe(true);
    expect(validatesOn("lazy", "blur", validated)).toBe(true);
    expect(validatesOn("lazy", "blur", validatedUnchanged)).toBe(false);
  });

  it("every mode validates on submit", () => {
    for (const mode of validationModes) expect(validatesOn(mode, "submit", fresh)).toBe(true);
  });
});
