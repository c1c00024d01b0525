import { SlidingWindow, type WindowPosition } from './SlidingWindow';
import type { CountedRow, PlannedCount } from './SqlAttemptCounterTable';

/** A limit on the counters' table: its key prefix (the policy's name), attempts per sliding window. */
export interface CountPolicy {
  readonly name: string;
  readonly maxAttempts: number;
  readonly windowSeconds: number;
}

/** One count planned for a write: the statement's plan, and where it falls in the window. */
export interface PlannedWriteCount {
  readonly plan: PlannedCount;
  readonly position: WindowPosition;
  readonly keys: readonly string[];
}

/**
 * A limit counted inside a store's own write, in the counters' table, with the
 * keys, windows and rows of the login's limiter (RateLimiterFlexibleAttemptLimiter):
 * keys in order, a key counted only while the ones before it are within the
 * limit, an attempt counted even when refused. The write goes ahead only when
 * `verdict` finds every key within.
 */
export class CountsBeforeWrite {
  private readonly sliding: SlidingWindow;

  constructor(private readonly policy: CountPolicy) {
    this.sliding = new SlidingWindow(policy.maxAttempts, policy.windowSeconds);
  }

  /** The count of `keys` at `now` (epoch milliseconds). */
  plan(keys: readonly string[], now: number): PlannedWriteCount {
    const position = this.sliding.at(now);
    const suffix = `@${position.window}`;
    return {
      position,
      keys,
      plan: {
        now,
        // As the limiters keep rows: the window, the next one in which it is still read, and one to spare.
        expire: now + 3 * this.sliding.windowMs,
        whenKnown: [],
        otherwise: keys.map((key) => this.stored(key, position.window)),
        windowSuffix: suffix,
        previousWindowSuffix: `@${position.window - 1}`,
        previousWeight: position.previousWeight,
        maxAttempts: this.policy.maxAttempts,
      },
    };
  }

  /** Null when every key was counted within the limit; otherwise the seconds until one more attempt fits. */
  verdict(count: PlannedWriteCount, rows: readonly CountedRow[]): number | null {
    const byKey = new Map(rows.map((row) => [row.key, row]));
    for (const key of count.keys) {
      const row = byKey.get(this.stored(key, count.position.window));
      // Not counted, with no key before it over the limit: only a count read as over (concurrently) leaves one out.
      if (row === undefined) return 1;
      if (this.sliding.overLimit(row.points, row.previous, count.position.previousWeight)) {
        return this.sliding.secondsUntilNext(count.position, row.points, row.previous);
      }
    }
    return null;
  }

  private stored(key: string, window: number): string {
    return `${this.policy.name}:${key}@${window}`;
  }
}
