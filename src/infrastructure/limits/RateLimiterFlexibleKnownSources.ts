import { RateLimiterRes, type RateLimiterAbstract } from './rateLimiterFlexibleCore';
import type { Clock } from '@auth-service/client';

/** At most this many pairs kept in memory (a client service and address each; about 1 MB). */
const MARKED_PAIRS_KEPT = 10_000;

/**
 * The remembered successes ("address A succeeded for account/client X") in
 * the attempt counter store, on the Clock port: one store key per pair and
 * period of `periodSeconds`. A pair is known when it succeeded in this period
 * or the previous one (and is then carried into this one), so it is
 * remembered for one to two periods after its last success. The store's own
 * expiry only cleans up (give it a duration of at least two periods).
 *
 * A pair marked in the current period stays known until that period ends,
 * whatever any instance does, so this process keeps the pairs it has seen
 * marked and answers them without the store until then: a client service
 * calling from its usual address costs no counter read per request.
 */
export class RateLimiterFlexibleKnownSources {
  private readonly periodMs: number;
  /** Pairs seen marked in the store, with the period they were marked in (insertion order: oldest first). */
  private readonly marked = new Map<string, number>();

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
    const pair = `${subject}@${source}`;
    if (this.marked.get(pair) === period) return true;
    try {
      const [current, previous] = await Promise.all([this.store.get(this.pairKey(subject, source, period)), this.store.get(this.pairKey(subject, source, period - 1))]);
      if (current === null && previous === null) return false;
      if (current === null) await this.mark(this.pairKey(subject, source, period));
      this.seen(pair, period);
      return true;
    } catch {
      // A store that cannot answer knows no one: the source gets the shared limits, never an exemption.
      return false;
    }
  }

  async remember(subject: string, source: string): Promise<void> {
    // Best effort: a success must not fail because it could not be remembered.
    const period = this.period();
    await this.mark(this.pairKey(subject, source, period)).then(
      () => this.seen(`${subject}@${source}`, period),
      () => undefined,
    );
  }

  /** Keeps a marked pair for the rest of its period; the oldest goes first beyond MARKED_PAIRS_KEPT. */
  private seen(pair: string, period: number): void {
    this.marked.delete(pair);
    this.marked.set(pair, period);
    if (this.marked.size > MARKED_PAIRS_KEPT) this.marked.delete(this.marked.keys().next().value as string);
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
