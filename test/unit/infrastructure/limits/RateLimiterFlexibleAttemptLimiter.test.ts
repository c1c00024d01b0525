import { expect } from 'chai';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { RateLimiterFlexibleAttemptLimiter, type PlannedCounterTable } from '../../../../src/infrastructure/limits/RateLimiterFlexibleAttemptLimiter';
import type { Settlement } from '../../../../src/infrastructure/limits/SqlAttemptCounterTable';
import { RateLimiterFlexibleKnownSources } from '../../../../src/infrastructure/limits/RateLimiterFlexibleKnownSources';
import { FixedClock } from '../../../support/FixedClock';

/** Three attempts per sliding 60-second window, the windows read from a clock the test moves. */
function limiterAt(clock: FixedClock): RateLimiterFlexibleAttemptLimiter {
  return new RateLimiterFlexibleAttemptLimiter(new RateLimiterMemory({ keyPrefix: 'test', points: 3, duration: 180 }), clock, 60);
}

async function answers(limiter: RateLimiterFlexibleAttemptLimiter, keys: string[], attempts: number): Promise<Array<number | null>> {
  const out: Array<number | null> = [];
  for (let i = 0; i < attempts; i++) out.push((await limiter.reserve(keys)).retryAfterSeconds);
  return out;
}

describe('RateLimiterFlexibleAttemptLimiter (sliding windows on the Clock port)', () => {
  it('refuses past the limit, and one more attempt fits exactly when Retry-After says', async () => {
    const clock = new FixedClock('2026-01-01T00:00:10Z');
    const limiter = limiterAt(clock);
    // Four in this window (the refused one stays counted): one more fits when 4 × (1 − f) + 1 ≤ 3 in the next, f = ½: 00:01:30.
    expect(await answers(limiter, ['address:a'], 4)).to.deep.equal([null, null, null, 80]);
    clock.advanceSeconds(79);
    expect((await limiter.reserve(['account:other'])).retryAfterSeconds, 'another key is not affected').to.equal(null);
    clock.advanceSeconds(1);
    expect(await answers(limiter, ['address:a'], 1)).to.deep.equal([null]);
  });

  it('refuses twice the limit across a window boundary (a fixed window would accept it)', async () => {
    const clock = new FixedClock('2026-01-01T00:00:59Z');
    const limiter = limiterAt(clock);
    expect(await answers(limiter, ['address:a'], 3)).to.deep.equal([null, null, null]);
    clock.advanceSeconds(1);
    const afterBoundary = await answers(limiter, ['address:a'], 3);
    expect(afterBoundary.filter((answer) => answer === null), 'accepted just after the boundary').to.deep.equal([]);
    expect(afterBoundary[0]).to.be.within(1, 60);
  });

  it('lets the previous window slide out: half-way through the next window, half of it still counts', async () => {
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    const limiter = limiterAt(clock);
    expect(await answers(limiter, ['address:a'], 2)).to.deep.equal([null, null]);
    clock.advanceSeconds(90);
    // 2 × ½ = 1 from the previous window: two more fit, the third is refused.
    const [first, second, third] = await answers(limiter, ['address:a'], 3);
    expect([first, second]).to.deep.equal([null, null]);
    expect(third).to.be.a('number');
  });

  it('accepts a steady two attempts a minute for ever', async () => {
    const clock = new FixedClock('2026-01-01T00:00:00Z');
    const limiter = limiterAt(clock);
    const refused: number[] = [];
    for (let second = 0; second < 600; second += 30) {
      if ((await limiter.reserve(['address:a'])).retryAfterSeconds !== null) refused.push(second);
      clock.advanceSeconds(30);
    }
    expect(refused).to.deep.equal([]);
  });

  it('stops at the first refused key: a refused address does not also spend the account', async () => {
    const clock = new FixedClock();
    const limiter = limiterAt(clock);
    await answers(limiter, ['address:a'], 3);
    const refused = await answers(limiter, ['address:a', 'account:alice'], 2);
    expect(refused.every((answer) => answer !== null)).to.equal(true);
    expect(await answers(limiter, ['account:alice'], 3)).to.deep.equal([null, null, null]);
  });

  it('gives a successful attempt back in the window it was counted in', async () => {
    const clock = new FixedClock('2026-01-01T00:00:30Z');
    const limiter = limiterAt(clock);
    for (let i = 0; i < 5; i++) await (await limiter.reserve(['account:alice'])).succeeded();
    expect(await answers(limiter, ['account:alice'], 3)).to.deep.equal([null, null, null]);
  });

  it('refuses a window shorter than a second', () => {
    expect(() => new RateLimiterFlexibleAttemptLimiter(new RateLimiterMemory({ points: 1, duration: 1 }), new FixedClock(), 0)).to.throw(RangeError);
  });

  it('gives a refused attempt back when its caller says it succeeded after all, the refused key included', async () => {
    const clock = new FixedClock('2026-01-01T00:00:30Z');
    const limiter = limiterAt(clock);
    await answers(limiter, ['address:a'], 2);
    await answers(limiter, ['account:alice'], 3);
    const refused = await limiter.reserve(['address:a', 'account:alice']);
    expect(refused.retryAfterSeconds).to.be.a('number');
    await refused.succeeded();
    // Given back: 2 + 1 fits, 2 + 2 does not (Retry-After 60); kept, it would be 3 + 1 (60, 60) and 4 + 1 (66).
    expect(await answers(limiter, ['address:a'], 2), 'the address got its attempt back').to.deep.equal([null, 60]);
    expect(await answers(limiter, ['account:alice'], 1), 'and the refused account its').to.deep.equal([60]);
  });

  it('keeps a refused attempt counted when its caller says nothing or that it failed', async () => {
    const clock = new FixedClock('2026-01-01T00:00:30Z');
    const limiter = limiterAt(clock);
    await answers(limiter, ['address:a'], 4);
    await (await limiter.reserve(['address:a'])).failed();
    clock.advanceSeconds(60);
    // 5 × ½ = 2.5 still counted half-way through the next window: 1 + 2.5 is over (given back, 1 + 1.5 would fit).
    expect(await answers(limiter, ['address:a'], 1)).to.deep.equal([18]);
  });

  describe('remembered successes', () => {
    it('knows a source for one to two periods after its last success, per subject', async () => {
      const clock = new FixedClock('2026-01-01T00:00:00Z');
      const limiter = limiterAt(clock);
      await limiter.remember('account:alice', '192.0.2.1');

      expect(await limiter.knows('account:alice', '192.0.2.1')).to.equal(true);
      expect(await limiter.knows('account:bob', '192.0.2.1'), 'another account').to.equal(false);
      expect(await limiter.knows('account:alice', '192.0.2.2'), 'another address').to.equal(false);
      clock.advanceSeconds(119);
      expect(await limiter.knows('account:alice', '192.0.2.1'), 'the next period').to.equal(true);
      clock.advanceSeconds(60);
      expect(await limiter.knows('account:alice', '192.0.2.1'), 'carried into the period it was last known in').to.equal(true);
      clock.advanceSeconds(120);
      expect(await limiter.knows('account:alice', '192.0.2.1'), 'after a whole idle period').to.equal(false);
    });

    it('answers a pair marked in this period without the store until the period ends', async () => {
      const clock = new FixedClock('2026-01-01T00:00:00Z');
      const store = new RateLimiterMemory({ points: 1e9, duration: 600 });
      const reads: string[] = [];
      const get = store.get.bind(store);
      store.get = (key: string | number) => (reads.push(String(key)), get(key));
      const known = new RateLimiterFlexibleKnownSources(store, clock, 60);
      await known.remember('app:svc', '192.0.2.1');

      for (let i = 0; i < 3; i++) expect(await known.knows('app:svc', '192.0.2.1')).to.equal(true);
      expect(reads, 'no read while the mark is this period’s').to.deep.equal([]);
      clock.advanceSeconds(60);
      expect(await known.knows('app:svc', '192.0.2.1'), 'the next period asks the store, which carries it').to.equal(true);
      expect(reads).to.have.length(2);
      expect(await known.knows('app:svc', '192.0.2.1')).to.equal(true);
      expect(reads, 'carried: answered here again').to.have.length(2);
      expect(await known.knows('app:svc', '192.0.2.9'), 'an unknown pair is always asked').to.equal(false);
      expect(await known.knows('app:svc', '192.0.2.9')).to.equal(false);
      expect(reads).to.have.length(6);
    });

    it('keeps at most 10,000 pairs in memory, dropping the oldest', async () => {
      const clock = new FixedClock('2026-01-01T00:00:00Z');
      const store = new RateLimiterMemory({ points: 1e9, duration: 600 });
      let reads = 0;
      const get = store.get.bind(store);
      store.get = (key: string | number) => (reads++, get(key));
      const known = new RateLimiterFlexibleKnownSources(store, clock, 60);
      for (let i = 0; i <= 10_000; i++) await known.remember('app:svc', `address-${i}`);

      expect(await known.knows('app:svc', 'address-10000')).to.equal(true);
      expect(reads, 'the newest is kept').to.equal(0);
      expect(await known.knows('app:svc', 'address-0'), 'the oldest is asked for again, and still known').to.equal(true);
      expect(reads).to.equal(2);
    });
  });
});

describe('RateLimiterFlexibleAttemptLimiter on a SQL counter table', () => {
  const clock = new FixedClock('2026-01-01T00:00:10Z');
  const window = Math.floor(clock.now().getTime() / 60_000);
  const plan = { subject: 'account:x', otherwise: ['address:a', 'account:x'] };

  /** A table that answers the counts given and records every settlement. */
  function tableCounting(points: Record<string, number>) {
    const settlements: Settlement[] = [];
    const table: PlannedCounterTable = {
      table: {
        count: async () => ({ known: false, rows: Object.entries(points).map(([key, count]) => ({ key: `p:${key}@${window}`, points: count, previous: 0 })) }),
        settle: async (settlement) => {
          settlements.push(settlement);
        },
      },
      prefix: 'p',
      knownPrefix: 'k',
      keepMs: 180_000,
      knownKeepMs: 180_000,
    };
    return { settlements, limiter: new RateLimiterFlexibleAttemptLimiter(new RateLimiterMemory({ points: 3, duration: 180 }), clock, 60, undefined, table) };
  }

  it("lets a success's give-back wait for the next count", async () => {
    const { settlements, limiter } = tableCounting({ 'address:a': 1, 'account:x': 1 });
    const attempt = await limiter.attempt(plan);
    await attempt.settle({ giveBack: attempt.counted, remember: false });
    expect(settlements).to.deep.equal([{ now: clock.now().getTime(), giveBack: [`p:address:a@${window}`, `p:account:x@${window}`], remember: undefined, canWait: true }]);
  });

  it('gives back at once what was counted beyond a refused key, so a refused address never counts against the account', async () => {
    const { settlements, limiter } = tableCounting({ 'address:a': 4, 'account:x': 1 });
    const attempt = await limiter.attempt(plan);
    expect(attempt.counted).to.deep.equal(['address:a']);
    expect(settlements).to.deep.equal([{ now: clock.now().getTime(), giveBack: [`p:account:x@${window}`] }]);
  });
});
