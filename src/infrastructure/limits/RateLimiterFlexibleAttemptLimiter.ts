import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Clock } from '@auth-service/client';
import type { AttemptLimiter, AttemptReservation } from '../../domain/ports/AttemptLimiter';

/**
 * AttemptLimiter on rate-limiter-flexible: fixed windows of `windowSeconds`
 * on the Clock port (aligned to the epoch, so every instance whose clock is
 * right agrees on them), counted atomically in the store. Each window has its
 * own store key (`address:…@<window number>`), so a new window starts a new
 * count whatever the library's own clock says; the library's expiry only
 * cleans up (give it a duration of at least two windows). Keys are consumed in
 * order and the first refusal stops: a refused address does not also count
 * against the account. Refused attempts stay counted, so a client that keeps
 * knocking stays refused until the window ends.
 */
export class RateLimiterFlexibleAttemptLimiter implements AttemptLimiter {
  private readonly windowMs: number;

  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly clock: Clock,
    windowSeconds: number,
  ) {
    if (!(windowSeconds >= 1)) throw new RangeError('an attempt window is at least one second');
    this.windowMs = windowSeconds * 1000;
  }

  async reserve(keys: readonly string[]): Promise<AttemptReservation> {
    const now = this.clock.now().getTime();
    const window = Math.floor(now / this.windowMs);
    const counted: string[] = [];
    for (const key of keys) {
      const windowKey = `${key}@${window}`;
      try {
        await this.limiter.consume(windowKey);
        counted.push(windowKey);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return refused(Math.max(1, Math.ceil(((window + 1) * this.windowMs - now) / 1000)));
      }
    }
    return {
      retryAfterSeconds: null,
      succeeded: async () => {
        // Giving back is best effort: a store hiccup must not fail a successful login.
        await Promise.all(counted.map((key) => this.limiter.reward(key, 1).catch(() => undefined)));
      },
      failed: async () => undefined,
    };
  }
}

function refused(retryAfterSeconds: number): AttemptReservation {
  return { retryAfterSeconds, succeeded: async () => undefined, failed: async () => undefined };
}
