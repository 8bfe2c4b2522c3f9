import { logger } from "../logging/logger.server";
import { isRefusal, type Refusal } from "../refusal";
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

/** Carries a refusal out of the driver's transaction callback, which rolls back on a throw. */
class RolledBack extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.messageKey);
  }
}

/** `work`'s result, or a throw that rolls the transaction back when it is a refusal. */
async function refusalRollsBack<T>(work: (tx: Transaction) => Promise<T>, tx: Transaction): Promise<T> {
  const result = await work(tx);
  if (isRefusal(result)) throw new RolledBack(result);
  return result;
}

/**
 * Runs `work` in one transaction. Inside an open transaction it joins it (a savepoint), so domain
 * commands can be composed; on its own it retries serialization failures and deadlocks.
 * When `work` returns a `Refusal`, everything it wrote is rolled back and the refusal is returned: a
 * command refuses by returning, never by throwing (decision 0031).
 */
export async function transaction<T>(
  work: (tx: Transaction) => Promise<T>,
  options: TransactionOptions & { on?: Queryable } = {},
): Promise<T> {
  const on = options.on ?? db();
  if ("rollback" in on) {
    const outer = pendingEffects.get(on);
    try {
      return await on.transaction(async (tx) => {
        // A savepoint's effects join the outer list only if it is released: a rolled-back one's never run.
        const mine: (() => void)[] = [];
        if (outer) pendingEffects.set(tx, mine);
        const result = await refusalRollsBack(work, tx);
        outer?.push(...mine);
        return result;
      });
    } catch (error) {
      if (error instanceof RolledBack) return error.refusal as T;
      throw error;
    }
  }
  const attempts = 1 + (options.retries ?? (options.isolationLevel === "serializable" ? 5 : 0));
  for (let attempt = 1; ; attempt++) {
    const effects: (() => void)[] = [];
    try {
      const result = await on.transaction(
        (tx) => {
          pendingEffects.set(tx, effects);
          return refusalRollsBack(work, tx);
        },
        options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined,
      );
      runEffects(effects);
      return result;
    } catch (error) {
      if (error instanceof RolledBack) return error.refusal as T;
      const state = sqlState(error);
      if (attempt >= attempts || !state || !RETRYABLE.has(state)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/**
 * A command's work in the transaction of the command it is composed into (decision 0031: the optional
 * `tx` of a domain command), else in a transaction of its own. Composed, it opens no savepoint: a refusal
 * it returns is returned on by its caller, which rolls the whole transaction back.
 */
export function inTransaction<T>(
  tx: Transaction | undefined,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return tx ? work(tx) : transaction(work);
}

export { sqlState };
