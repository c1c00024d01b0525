import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AttemptLimiter, AttemptReservation } from '../../domain/ports/AttemptLimiter';

/**
 * AttemptLimiter on rate-limiter-flexible: a fixed window per key (the first
 * attempt opens it for AUTH_LOGIN_WINDOW_SECONDS), counted atomically in the
 * store. Keys are consumed in order and the first refusal stops: a refused
 * address does not also count against the account. Refused attempts stay
 * counted, so a client that keeps knocking stays refused until the window ends.
 * The window's time is the library's own (the store's rows carry epoch
 * milliseconds), not the Clock port: every instance must agree on it.
 */
export class RateLimiterFlexibleAttemptLimiter implements AttemptLimiter {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  async reserve(keys: readonly string[]): Promise<AttemptReservation> {
    const counted: string[] = [];
    for (const key of keys) {
      try {
        await this.limiter.consume(key);
        counted.push(key);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return refused(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
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
