/** How long a change written to the shared store may take to reach every instance's cache (the store cache's guarantee). */
export const PROPAGATION_MS = 1_000;

/**
 * Asks `check` until it says the change took effect, for at most `ms` from
 * now; answers how long that took, or throws naming `what`. The check must
 * be safe to repeat (a refused request, a read).
 */
export async function takesEffectWithin(what: string, check: () => Promise<boolean>, ms = PROPAGATION_MS): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > ms) throw new Error(`${what}: no effect within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
