import { expect } from 'chai';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { RateLimiterFlexibleAttemptLimiter } from '../../../../src/infrastructure/limits/RateLimiterFlexibleAttemptLimiter';
import { FixedClock } from '../../../support/FixedClock';

/** Three attempts per 60-second window, the window read from a clock the test moves. */
function limiterAt(clock: FixedClock): RateLimiterFlexibleAttemptLimiter {
  return new RateLimiterFlexibleAttemptLimiter(new RateLimiterMemory({ keyPrefix: 'test', points: 3, duration: 120 }), clock, 60);
}

async function answers(limiter: RateLimiterFlexibleAttemptLimiter, keys: string[], attempts: number): Promise<Array<number | null>> {
  const out: Array<number | null> = [];
  for (let i = 0; i < attempts; i++) out.push((await limiter.reserve(keys)).retryAfterSeconds);
  return out;
}

describe('RateLimiterFlexibleAttemptLimiter (windows on the Clock port)', () => {
  it('refuses past the limit with the seconds left in the window, as the clock tells them', async () => {
    const clock = new FixedClock('2026-01-01T00:00:10Z');
    const limiter = limiterAt(clock);
    expect(await answers(limiter, ['address:a'], 4)).to.deep.equal([null, null, null, 50]);
    clock.advanceSeconds(45);
    expect(await answers(limiter, ['address:a'], 1)).to.deep.equal([5]);
  });

  it('starts a new count when the clock enters the next window, with no waiting on the wall clock', async () => {
    const clock = new FixedClock('2026-01-01T00:00:59Z');
    const limiter = limiterAt(clock);
    expect(await answers(limiter, ['address:a'], 4)).to.deep.equal([null, null, null, 1]);
    clock.advanceSeconds(1);
    expect(await answers(limiter, ['address:a'], 4)).to.deep.equal([null, null, null, 60]);
  });

  it('stops at the first refused key: a refused address does not also spend the account', async () => {
    const clock = new FixedClock();
    const limiter = limiterAt(clock);
    await answers(limiter, ['address:a'], 3);
    expect(await answers(limiter, ['address:a', 'account:alice'], 2)).to.deep.equal([60, 60]);
    expect(await answers(limiter, ['account:alice'], 3)).to.deep.equal([null, null, null]);
  });

  it('gives a successful attempt back in the window it was counted in', async () => {
    const clock = new FixedClock('2026-01-01T00:00:30Z');
    const limiter = limiterAt(clock);
    for (let i = 0; i < 5; i++) await (await limiter.reserve(['account:alice'])).succeeded();
    expect(await answers(limiter, ['account:alice'], 4)).to.deep.equal([null, null, null, 30]);
  });

  it('refuses a window shorter than a second', () => {
    expect(() => new RateLimiterFlexibleAttemptLimiter(new RateLimiterMemory({ points: 1, duration: 1 }), new FixedClock(), 0)).to.throw(RangeError);
  });
});
