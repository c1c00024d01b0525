/** Where an attempt at `now` falls: its fixed window and the share of the previous window the sliding one still covers. */
export interface WindowPosition {
  readonly now: number;
  readonly window: number;
  readonly previousWeight: number;
}

/**
 * A sliding window of `windowSeconds` approximated from two fixed windows (as
 * nginx and Cloudflare do): an attempt counts as this window's count plus the
 * previous window's count weighted by the share of the previous window still
 * inside the sliding one. Windows are aligned to the epoch, so every instance
 * whose clock is right agrees on them. Times are epoch milliseconds.
 */
export class SlidingWindow {
  readonly windowMs: number;

  constructor(
    readonly maxAttempts: number,
    windowSeconds: number,
  ) {
    if (!(windowSeconds >= 1)) throw new RangeError('an attempt window is at least one second');
    this.windowMs = windowSeconds * 1000;
  }

  at(now: number): WindowPosition {
    const window = Math.floor(now / this.windowMs);
    return { now, window, previousWeight: 1 - (now - window * this.windowMs) / this.windowMs };
  }

  /** Over the limit: this window's attempts plus the weighted share of the previous one's. */
  overLimit(points: number, previousPoints: number, previousWeight: number): boolean {
    return points + previousPoints * previousWeight > this.maxAttempts;
  }

  /**
   * When one more attempt will fit: in this window once enough of the previous
   * one has slid out; if this window alone is full, in the next window once
   * enough of this one has slid out.
   */
  secondsUntilNext({ now, window }: WindowPosition, count: number, previousCount: number): number {
    const start = window * this.windowMs;
    const free = this.maxAttempts - 1;
    let at: number;
    if (count <= free) at = start + (1 - (free - count) / previousCount) * this.windowMs;
    else at = start + this.windowMs + (1 - free / count) * this.windowMs;
    return Math.max(1, Math.ceil((at - now) / 1000));
  }
}
