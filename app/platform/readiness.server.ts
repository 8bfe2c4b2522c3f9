/**
 * Work the process does after it starts listening (rendering the demo photos, warming caches). While any
 * is pending, `/api/ready/` answers 503, so load balancers and tests wait; pages are served meanwhile.
 */
const pending = new Map<string, Promise<unknown>>();

export function addWarmup(name: string, work: Promise<unknown>): void {
  pending.set(name, work);
  work.then(
    () => pending.delete(name),
    () => pending.delete(name),
  );
}

export function warmingUp(): string[] {
  return [...pending.keys()];
}

/** Waits for every warm-up (command-line tools that must not exit before the work is done). */
export async function warmupsSettled(): Promise<void> {
  await Promise.allSettled([...pending.values()]);
}
