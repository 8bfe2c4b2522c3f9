import { isRefusal, type Refusal } from "../../app/platform/refusal";

/** A command's result in a test that expects it to go through: a refusal fails the test with its key. */
export function accepted<T>(result: T | Refusal): T {
  if (isRefusal(result))
    throw new Error(`refused (${result.kind}): ${result.messageKey} ${JSON.stringify(result.values)}`);
  return result;
}

/** Awaits a command that must go through. */
export async function acceptedAsync<T>(result: Promise<T | Refusal>): Promise<T> {
  return accepted(await result);
}
