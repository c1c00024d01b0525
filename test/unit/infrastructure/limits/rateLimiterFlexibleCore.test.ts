import { expect } from 'chai';
import * as flexible from 'rate-limiter-flexible';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite } from '../../../../src/infrastructure/limits/rateLimiterFlexibleCore';

describe('rateLimiterFlexibleCore (rate-limiter-flexible classes without its index)', () => {
  it("are the index's own classes", async () => {
    expect([RateLimiterMemory, RateLimiterSQLite, RateLimiterPostgres, RateLimiterRes]).to.deep.equal([
      flexible.RateLimiterMemory,
      flexible.RateLimiterSQLite,
      flexible.RateLimiterPostgres,
      flexible.RateLimiterRes,
    ]);
    const consumed = await new RateLimiterMemory({ points: 2, duration: 60 }).consume('k');
    expect(consumed).to.be.instanceOf(flexible.RateLimiterRes);
    expect(consumed.remainingPoints).to.equal(1);
  });
});
