/** Schedules `work` after `ms`; answers a function that cancels it. */
export type Schedule = (work: () => void, ms: number) => () => void;

/** A timer that never keeps the process alive on its own (the store's close sends what waits). */
export const unrefTimeout: Schedule = (work, ms) => {
  const timer = setTimeout(work, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * At most this many keys wait: one more is sent at once with them. Their
 * statement has a SELECT per key in one compound SELECT, and SQLite takes at
 * most 500 (SQLITE_MAX_COMPOUND_SELECT).
 */
export const MAX_WAITING_KEYS = 200;

/** Give-backs due to the store: how many attempts each key gets back, and the time they are judged at. */
export interface DueGiveBacks {
  readonly now: number;
  readonly counts: ReadonlyMap<string, number>;
}

/**
 * Give-backs that wait for the store's next statement to ride on, merged by
 * key: a successful login then costs the store one round trip (its count)
 * instead of two. Whatever waits longer than `waitMs` is handed to `send` on
 * its own, so other instances see it at most that late (until then they see
 * the attempt still counted: stricter, never looser); so is everything once
 * MAX_WAITING_KEYS keys wait.
 */
export class PendingGiveBacks {
  private counts = new Map<string, number>();
  private now = 0;
  private cancel: (() => void) | null = null;

  constructor(
    private readonly waitMs: number,
    private readonly send: () => void,
    private readonly schedule: Schedule = unrefTimeout,
  ) {}

  add(now: number, keys: readonly string[]): void {
    if (keys.length === 0) return;
    for (const key of keys) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    this.now = Math.max(this.now, now);
    if (this.counts.size >= MAX_WAITING_KEYS) {
      this.send();
      return;
    }
    this.cancel ??= this.schedule(() => {
      this.cancel = null;
      this.send();
    }, this.waitMs);
  }

  /** What waits, now due (and no longer waiting), or undefined when nothing does. */
  take(): DueGiveBacks | undefined {
    if (this.counts.size === 0) return undefined;
    const due = { now: this.now, counts: this.counts };
    this.counts = new Map();
    this.now = 0;
    this.cancel?.();
    this.cancel = null;
    return due;
  }
}
