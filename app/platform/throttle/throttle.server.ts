import { inArray, lt, sql } from "drizzle-orm";
import { db, selectRows } from "../db/db.server";
import { authThrottle } from "./tables.server";

/**
 * Attempt counters in a fixed window, in PostgreSQL (docs/decisions/0018): a key such as
 * `login:account:anna@example.nl` or `login:ip:203.0.113.7` counts attempts; once it reaches the limit
 * the action is refused until the window ends.
 */
export interface ThrottleRule {
  limit: number;
  windowSeconds: number;
}

/** Seconds until a key allows attempts again, or 0 when it allows them now. */
export async function retryAfter(key: string, rule: ThrottleRule): Promise<number> {
  const rows = await selectRows<{ wait: number | string }>(
    db(),
    sql`select greatest(0, ceil(extract(epoch from (${authThrottle.windowStartedAt} + make_interval(secs => ${rule.windowSeconds}) - now()))))::int as wait
        from ${authThrottle}
        where ${authThrottle.key} = ${key} and ${authThrottle.attempts} >= ${rule.limit}
          and ${authThrottle.windowStartedAt} > now() - make_interval(secs => ${rule.windowSeconds})`,
  );
  return Number(rows[0]?.wait ?? 0);
}

/** Counts one attempt; a key whose window ended starts a new one. Answers the attempts in the window. */
export async function countAttempt(key: string, rule: ThrottleRule): Promise<number> {
  const rows = await selectRows<{ attempts: number }>(
    db(),
    sql`insert into ${authThrottle} (key, attempts, window_started_at) values (${key}, 1, now())
        on conflict (key) do update set
          attempts = case when ${authThrottle.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds})
                          then 1 else ${authThrottle.attempts} + 1 end,
          window_started_at = case when ${authThrottle.windowStartedAt} <= now() - make_interval(secs => ${rule.windowSeconds})
                          then now() else ${authThrottle.windowStartedAt} end
        returning attempts`,
  );
  return Number(rows[0]?.attempts ?? 1);
}

/** Counts an attempt and says whether it is still within the limit. */
export async function attemptAllowed(key: string, rule: ThrottleRule): Promise<boolean> {
  return (await countAttempt(key, rule)) <= rule.limit;
}

export async function clearAttempts(keys: string[]): Promise<void> {
  await db().delete(authThrottle).where(inArray(authThrottle.key, keys));
}

/** Drops counters whose window ended a day ago (the daily clean-up job). */
export async function forgetOldAttempts(): Promise<void> {
  await db().delete(authThrottle).where(lt(authThrottle.windowStartedAt, sql`now() - interval '1 day'`));
}
