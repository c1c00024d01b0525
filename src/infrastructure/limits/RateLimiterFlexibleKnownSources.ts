import { RateLimiterRes, type RateLimiterAbstract } from './rateLimiterFlexibleCore';
import type { Clock } from '@auth-service/client';

/**
 * The remembered successes ("address A succeeded for account/client X") in
 * the attempt counter store, on the Clock port: one store key per pair and
 * period of `periodSeconds`. A pair is known when it succeeded in this period
 * or the previous one (and is then carried into this one), so it is
 * remembered for one to two periods after its last success. The store's own
 * expiry only cleans up (give it a duration of at least two periods).
 */
export class RateLimiterFlexibleKnownSources {
  private readonly periodMs: number;

  constructor(
    private readonly store: RateLimiterAbstract,
    private readonly clock: Clock,
    periodSeconds: number,
  ) {
    if (!(periodSeconds >= 1)) throw new RangeError('a remembered period is at least one second');
    this.periodMs = periodSeconds * 1000;
  }

  async knows(subject: string, source: string): Promise<boolean> {
    const period = this.period();
    try {
      const [current, previous] = await Promise.all([this.store.get(this.pairKey(subject, source, period)), this.store.get(this.pairKey(subject, source, period - 1))]);
      if (current !== null) return true;
      if (previous === null) return false;
      await this.mark(this.pairKey(subject, source, period));
      return true;
    } catch {
      // A store that cannot answer knows no one: the source gets the shared limits, never an exemption.
      return false;
    }
  }

  async remember(subject: string, source: string): Promise<void> {
    // Best effort: a success must not fail because it could not be remembered.
    await this.mark(this.pairKey(subject, source, this.period())).catch(() => undefined);
  }

  /** The number of the current period (aligned to the epoch, so every instance agrees). */
  period(): number {
    return Math.floor(this.clock.now().getTime() / this.periodMs);
  }

  /** The store key (without the store's prefix) of a pair in one period. */
  pairKey(subject: string, source: string, period: number): string {
    return `${subject}@${source}#${period}`;
  }

  private async mark(key: string): Promise<void> {
    await this.store.consume(key).catch((error: unknown) => {
      if (!(error instanceof RateLimiterRes)) throw error;
    });
  }
}
