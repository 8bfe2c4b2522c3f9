import { describe, expect, it } from "vitest";
import {
  deriveFieldFlags,
  type FieldFlagInput,
  fieldFlagNames,
  intentOf,
  validatedByIntent,
} from "./field-flags";

const untouched: FieldFlagInput = {
  touched: false,
  interacted: false,
  validated: false,
  errors: undefined,
  changed: false,
  required: true,
  pending: false,
};

describe("field flags", () => {
  it("a fresh field is untouched, pristine, valid, not validated", () => {
    expect(deriveFieldFlags(untouched)).toEqual({
      touched: false,
      untouched: true,
      dirty: false,
      pristine: true,
      valid: true,
      invalid: false,
      validated: false,
      pending: false,
      required: true,
      changed: false,
      passed: false,
      failed: false,
    });
  });

  it("typing makes a field dirty; changed only while its value differs from the initial value", () => {
    const typedBack = deriveFieldFlags({ ...untouched, interacted: true, changed: false });
    expect(typedBack).toMatchObject({ dirty: true, pristine: false, changed: false });
    expect(deriveFieldFlags({ ...untouched, interacted: true, changed: true })).toMatchObject({
      changed: true,
    });
  });

  it("passed and failed need a validation", () => {
    expect(deriveFieldFlags({ ...untouched, validated: true })).toMatchObject({
      passed: true,
      failed: false,
      valid: true,
    });
    expect(deriveFieldFlags({ ...untouched, validated: true, errors: ["x"] })).toMatchObject({
      passed: false,
      failed: true,
      invalid: true,
      valid: false,
    });
    // A server message counts as a validation even if the browser never validated the field.
    expect(deriveFieldFlags({ ...untouched, errors: ["x"] })).toMatchObject({
      validated: true,
      failed: true,
    });
  });

  it("opposite flags are always opposite", () => {
    for (const touched of [true, false])
      for (const interacted of [true, false])
        for (const errors of [undefined, [], ["x"]]) {
          const flags = deriveFieldFlags({ ...untouched, touched, interacted, errors });
          expect(flags.touched).toBe(!flags.untouched);
          expect(flags.dirty).toBe(!flags.pristine);
          expect(flags.valid).toBe(!flags.invalid);
          expect(flags.passed && flags.failed).toBe(false);
        }
    expect(fieldFlagNames).toHaveLength(12);
  });
});

describe("what an intent validates", () => {
  const all = ["email", "password"];
  it("a submit validates every field, a validate intent one field", () => {
    expect(validatedByIntent(null, all)).toEqual({ fields: all, reset: [] });
    expect(validatedByIntent({ type: "validate", payload: { name: "email" } }, all)).toEqual({
      fields: ["email"],
      reset: [],
    });
    expect(validatedByIntent({ type: "validate", payload: {} }, all)).toEqual({ fields: all, reset: [] });
  });
  it("reset clears, update validates only when asked", () => {
    expect(validatedByIntent({ type: "reset", payload: {} }, all)).toEqual({ fields: [], reset: "all" });
    expect(validatedByIntent({ type: "reset", payload: { name: "email" } }, all)).toEqual({
      fields: [],
      reset: ["email"],
    });
    expect(
      validatedByIntent({ type: "update", payload: { name: "email", validated: true } }, all).fields,
    ).toEqual(["email"]);
    expect(validatedByIntent({ type: "update", payload: { name: "email" } }, all).fields).toEqual([]);
  });
  it("reads Conform's intent from the form data", () => {
    const data = new FormData();
    expect(intentOf(data)).toBeNull();
    data.set("__intent__", JSON.stringify({ type: "validate", payload: { name: "email" } }));
    expect(intentOf(data)).toEqual({ type: "validate", payload: { name: "email" } });
    data.set("__intent__", "{broken");
    expect(intentOf(data)).toBeNull();
  });
});
