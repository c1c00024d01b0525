import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from './rateLimiterFlexibleCore';
import type { Clock } from '@auth-service/client';
import type { AttemptLimiter, AttemptReservation } from '../../domain/ports/AttemptLimiter';
import { RateLimiterFlexibleKnownSources } from './RateLimiterFlexibleKnownSources';

/**
 * AttemptLimiter on rate-limiter-flexible: a sliding window of `windowSeconds`
 * approximated from two fixed windows on the Clock port (as nginx and
 * Cloudflare do): an attempt counts as this window's count plus the previous
 * window's count weighted by the share of the previous window still inside
 * the sliding one. So a burst at the end of one window and another at the
 * start of the next cannot pass twice the limit. Windows are aligned to the
 * epoch, so every instance whose clock is right agrees on them; each has its
 * own store key (`address:…@<window number>`), counted atomically in the
 * store; the library's expiry only cleans up (give it a duration of at least
 * two windows). Keys are consumed in order and the first refusal stops: a
 * refused address does not also count against the account. Refused attempts
 * stay counted, so a client that keeps knocking stays refused, unless the
 * caller gives them back (it found the attempt was no guess after all).
 */
export class RateLimiterFlexibleAttemptLimiter implements AttemptLimiter {
  private readonly windowMs: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly clock: Clock,
    windowSeconds: number,
    /** Remembered successes; by default in this process only (tests). */
    private readonly known = new RateLimiterFlexibleKnownSources(new RateLimiterMemory({ points: 1e9, duration: 2 * windowSeconds }), clock, windowSeconds),
  ) {
    if (!(windowSeconds >= 1)) throw new RangeError('an attempt window is at least one second');
    this.windowMs = windowSeconds * 1000;
    this.maxAttempts = limiter.points;
  }

  async reserve(keys: readonly string[]): Promise<AttemptReservation> {
    const { now, window, previousWeight } = this.slidingWindow();
    const counted: string[] = [];
    const giveBack = async () => {
      // Giving back is best effort: a store hiccup must not fail a successful login.
      await Promise.all(counted.map((key) => this.limiter.reward(key, 1).catch(() => undefined)));
    };
    for (const key of keys) {
      const windowKey = `${key}@${window}`;
      const [current, previous] = await Promise.all([this.consume(windowKey), this.limiter.get(`${key}@${window - 1}`)]);
      // Counted even when refused: it stays counted unless its caller gives it back.
      counted.push(windowKey);
      const previousCount = previous?.consumedPoints ?? 0;
      if (current.refused || current.count + previousCount * previousWeight > this.maxAttempts) {
        return { retryAfterSeconds: this.secondsUntilNext(now, window, current.count, previousCount), succeeded: giveBack, failed: async () => undefined };
      }
    }
    return { retryAfterSeconds: null, succeeded: giveBack, failed: async () => undefined };
  }

  knows(subject: string, source: string): Promise<boolean> {
    return this.known.knows(subject, source);
  }

  remember(subject: string, source: string): Promise<void> {
    return this.known.remember(subject, source);
  }

  /** Now, its fixed window, and the share of the previous window that the sliding window still covers. */
  private slidingWindow(): { now: number; window: number; previousWeight: number } {
    const now = this.clock.now().getTime();
    const window = Math.floor(now / this.windowMs);
    return { now, window, previousWeight: 1 - (now - window * this.windowMs) / this.windowMs };
  }

  /** One attempt into the store; the library refuses past its points (this limit), the attempt still counted. */
  private async consume(key: string): Promise<{ count: number; refused: boolean }> {
    try {
      return { count: (await this.limiter.consume(key)).consumedPoints, refused: false };
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      return { count: refusal.consumedPoints, refused: true };
    }
  }

  /**
   * When one more attempt will fit: in this window once enough of the previous
   * one has slid out; if this window alone is full, in the next window once
   * enough of this one has slid out.
   */
  private secondsUntilNext(now: number, window: number, count: number, previousCount: number): number {
    const start = window * this.windowMs;
    const free = this.maxAttempts - 1;
    let at: number;
    if (count <= free) at = start + (1 - (free - count) / previousCount) * this.windowMs;
    else at = start + this.windowMs + (1 - free / count) * this.windowMs;
    return Math.max(1, Math.ceil((at - now) / 1000));
  }
}
