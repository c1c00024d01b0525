/**
 * The client secret checks running in this process, per client and address:
 * a check refused over the shared limits waits for the ones of its client and
 * address already under way here, in case one of them proves the address right
 * (ClientSecretGuard). Per process only, and only for the time a check runs:
 * the counts themselves are in the shared store.
 */
export class ChecksInFlightHere {
  private readonly pending = new Map<string, Set<Promise<void>>>();

  /**
   * Registers a check of `key`; call the returned function when it is settled
   * (before it waits for any other check; calling it again does nothing).
   */
  enter(key: string): () => void {
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const checks = this.pending.get(key) ?? new Set<Promise<void>>();
    checks.add(settled);
    this.pending.set(key, checks);
    let left = false;
    return () => {
      // Once only: a second call must not delete the set a later check of the key has started.
      if (left) return;
      left = true;
      checks.delete(settled);
      // An empty set is deleted at once, so a later check of the key starts a new one.
      if (checks.size === 0) this.pending.delete(key);
      settle();
    };
  }

  /** Resolves once every check of `key` registered by now is settled. */
  async settled(key: string): Promise<void> {
    const checks = this.pending.get(key);
    if (checks) await Promise.all([...checks]);
  }

  /** How many keys have checks under way (for tests: nothing is kept after they settle). */
  get size(): number {
    return this.pending.size;
  }
}
