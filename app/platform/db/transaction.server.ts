import { logger } from "../logging/logger.server";
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

/** What waits for the commit of a transaction `transaction()` opened, by its handle (and its savepoints'). */
const pendingEffects = new WeakMap<Queryable, (() => void)[]>();

/**
 * Runs `effect` once what was written through `on` is committed: after the outermost `transaction()` commits
 * when `on` is one of its handles (never when it rolls back), at once when `on` is no transaction. For what
 * a process keeps in memory of committed rows: a cache dropped before the commit is filled again, with the
 * old rows, by any reader in between. `effect` must not throw (the change is committed by then).
 */
export function afterCommit(on: Queryable, effect: () => void): void {
  const effects = pendingEffects.get(on);
  if (effects) effects.push(effect);
  else if ("rollback" in on)
    throw new Error("afterCommit: a transaction not opened by transaction() cannot say when it commits");
  else effect();
}

function runEffects(effects: readonly (() => void)[]): void {
  for (const effect of effects) {
    try {
      effect();
    } catch (error) {
      logger.error({ err: error }, "an effect after a commit failed");
    }
  }
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
  if ("rollback" in on) {
    const outer = pendingEffects.get(on);
    return on.transaction(async (tx) => {
      // A savepoint's effects join the outer list only if it is released: a rolled-back one's never run.
      const mine: (() => void)[] = [];
      if (outer) pendingEffects.set(tx, mine);
      const result = await work(tx);
      outer?.push(...mine);
      return result;
    });
  }
  const attempts = 1 + (options.retries ?? (options.isolationLevel === "serializable" ? 5 : 0));
  for (let attempt = 1; ; attempt++) {
    const effects: (() => void)[] = [];
    try {
      const result = await on.transaction(
        (tx) => {
          pendingEffects.set(tx, effects);
          return work(tx);
        },
        options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined,
      );
      runEffects(effects);
      return result;
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= attempts || !state || !RETRYABLE.has(state)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

export { sqlState };
