import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from './rateLimiterFlexibleCore';
import type { Clock } from '@auth-service/client';
import type { AttemptPlan, AttemptReservation, PlannedAttemptLimiter, PlannedReservation } from '../../domain/ports/AttemptLimiter';
import { RateLimiterFlexibleKnownSources } from './RateLimiterFlexibleKnownSources';
import type { CountedRow, SqlAttemptCounterTable } from './SqlAttemptCounterTable';
import { SlidingWindow, type WindowPosition } from './SlidingWindow';

/** The counter table of the limiter's store, with what its planned attempts need to name its rows. */
export interface PlannedCounterTable {
  readonly table: Pick<SqlAttemptCounterTable, 'count' | 'settle'>;
  /** The store's key prefix of the counts (the policy's name) and of the remembered sources. */
  readonly prefix: string;
  readonly knownPrefix: string;
  /** How long a counter row and a remembered pair's row are kept (the limiters' durations). */
  readonly keepMs: number;
  readonly knownKeepMs: number;
}

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
export class RateLimiterFlexibleAttemptLimiter implements PlannedAttemptLimiter {
  private readonly sliding: SlidingWindow;

  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly clock: Clock,
    windowSeconds: number,
    /** Remembered successes; by default in this process only (tests). */
    private readonly known = new RateLimiterFlexibleKnownSources(new RateLimiterMemory({ points: 1e9, duration: 2 * windowSeconds }), clock, windowSeconds),
    /** The store's table, when it is SQL: a planned attempt then takes one statement instead of the calls above. */
    private readonly table?: PlannedCounterTable,
  ) {
    this.sliding = new SlidingWindow(limiter.points, windowSeconds);
  }

  async reserve(keys: readonly string[]): Promise<AttemptReservation> {
    // A plan with no source: the keys in order, in one statement when the store is SQL.
    const { counted, retryAfterSeconds, settle } = await this.attempt({ subject: '', otherwise: keys });
    return { retryAfterSeconds, succeeded: () => settle({ giveBack: counted, remember: false }), failed: async () => undefined };
  }

  async attempt(plan: AttemptPlan): Promise<PlannedReservation> {
    if (this.table) {
      try {
        return await this.attemptInOneStatement(plan, this.table);
      } catch {
        // The store failed the statement: the calls below fall back to this process's counts (the insurance limiter).
      }
    }
    const { from } = plan;
    const known = from !== undefined && (await this.known.knows(plan.subject, from.source));
    const { counted, retryAfterSeconds, window } = await this.countInOrder(known ? from.whenKnown : plan.otherwise);
    return {
      known,
      retryAfterSeconds,
      counted,
      settle: async ({ giveBack, remember }) => {
        await Promise.all([this.giveBack(giveBack, window), remember && from ? this.known.remember(plan.subject, from.source) : undefined]);
      },
    };
  }

  knows(subject: string, source: string): Promise<boolean> {
    return this.known.knows(subject, source);
  }

  remember(subject: string, source: string): Promise<void> {
    return this.known.remember(subject, source);
  }

  /** Counts one attempt against each key in order; the first refused key stops the count. */
  private async countInOrder(keys: readonly string[]): Promise<{ counted: string[]; retryAfterSeconds: number | null; window: number }> {
    const position = this.slidingWindow();
    const { window, previousWeight } = position;
    const counted: string[] = [];
    for (const key of keys) {
      const [current, previous] = await Promise.all([this.consume(`${key}@${window}`), this.limiter.get(`${key}@${window - 1}`)]);
      // Counted even when refused: it stays counted unless its caller gives it back.
      counted.push(key);
      const previousCount = previous?.consumedPoints ?? 0;
      if (current.refused || this.sliding.overLimit(current.count, previousCount, previousWeight)) {
        return { counted, retryAfterSeconds: this.sliding.secondsUntilNext(position, current.count, previousCount), window };
      }
    }
    return { counted, retryAfterSeconds: null, window };
  }

  /** Best effort: a store hiccup must not fail a successful login. */
  private async giveBack(keys: readonly string[], window: number): Promise<void> {
    await Promise.all(keys.map((key) => this.limiter.reward(`${key}@${window}`, 1).catch(() => undefined)));
  }

  /** The plan in one statement on the store's table; the settlement in one more, or on the next plan's when it only gives back. */
  private async attemptInOneStatement(plan: AttemptPlan, { table, prefix, knownPrefix, keepMs, knownKeepMs }: PlannedCounterTable): Promise<PlannedReservation> {
    const position = this.slidingWindow();
    const { now, window, previousWeight } = position;
    const { from } = plan;
    const stored = (key: string) => `${prefix}:${key}@${window}`;
    const pairKey = (source: string, period: number) => `${knownPrefix}:${this.known.pairKey(plan.subject, source, period)}`;
    const period = this.known.period();
    const whenKnown = from?.whenKnown ?? [];
    const { known, rows } = await table.count({
      now,
      expire: now + keepMs,
      known: from && { current: pairKey(from.source, period), previous: pairKey(from.source, period - 1), expire: now + knownKeepMs },
      whenKnown: whenKnown.map(stored),
      otherwise: plan.otherwise.map(stored),
      windowSuffix: `@${window}`,
      previousWindowSuffix: `@${window - 1}`,
      previousWeight,
      maxAttempts: this.sliding.maxAttempts,
    });
    const byKey = new Map<string, CountedRow>(rows.map((row) => [row.key, row]));
    const counted: string[] = [];
    let retryAfterSeconds: number | null = null;
    const branch = known ? whenKnown : plan.otherwise;
    for (const key of branch) {
      const row = byKey.get(stored(key));
      if (!row) break;
      counted.push(key);
      if (this.sliding.overLimit(row.points, row.previous, previousWeight)) {
        retryAfterSeconds = this.sliding.secondsUntilNext(position, row.points, row.previous);
        break;
      }
    }
    const settle = async ({ giveBack, remember }: { readonly giveBack: readonly string[]; readonly remember: boolean }) => {
      await table
        .settle({
          now: this.clock.now().getTime(),
          giveBack: giveBack.map(stored),
          remember: remember && from ? { key: pairKey(from.source, this.known.period()), expire: now + knownKeepMs } : undefined,
          // Only a give-back: it rides on this instance's next count (one round trip a login, not two).
          canWait: true,
        })
        .catch(() => undefined);
    };
    // Concurrent attempts can pass a key's check in the statement and then find it refused by its count: a key
    // counted after the refused one is given back, so a refused address never counts against the account.
    const beyond = branch.filter((key) => !counted.includes(key) && byKey.has(stored(key)));
    if (beyond.length > 0) await table.settle({ now, giveBack: beyond.map(stored) }).catch(() => undefined);
    return { known, retryAfterSeconds, counted, settle };
  }

  /** Now, its fixed window, and the share of the previous window that the sliding window still covers. */
  private slidingWindow(): WindowPosition {
    return this.sliding.at(this.clock.now().getTime());
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
}
