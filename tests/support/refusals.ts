import { isRefusal, type Refusal } from "../../app/platform/refusal";

/** A command's result in a test that expects it to go through: a refusal fails the test with its key. */
export function accepted<T>(outcome: T | Refusal): T {
  if (isRefusal(outcome)) throw new Error(`refused: ${outcome.messageKey}`);
  return outcome;
}
