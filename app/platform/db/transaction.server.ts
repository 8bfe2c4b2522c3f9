import { db, type Queryable, type Transaction } from "./db.server";

const RETRYABLE = new Set(["40001", "40P01"]); // serialization failure, deadlock

function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

export interface TransactionOptions {
  isolationLevel?: "read committed" | "repeatable read" | "serializable";
  /** Extra attempts after a serialization failure or deadlock. */
  retries?: number;
}

/**
 * Runs `work` in one transaction. Inside an open transaction it joins it (a savepoint), so domain
 * commands can be composed; on its own it retries serialization failures and deadlocks.
 */
export async function transaction<T>(
  work: (tx: Transaction) => Promise<T>,
  options: TransactionOptions & { on?: Queryable } = {},
): Promise<T> {
  const on = options.on ?? db();
  if ("rollback" in on) return on.transaction(work);
  const attempts = 1 + (options.retries ?? (options.isolationLevel === "serializable" ? 5 : 0));
  for (let attempt = 1; ; attempt++) {
    try {
      return await on.transaction(
        work,
        options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined,
      );
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= attempts || !state || !RETRYABLE.has(state)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

export { sqlState };
