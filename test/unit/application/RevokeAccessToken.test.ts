import { expect } from 'chai';
import { ClientUnauthorizedError, TokenExpiredError, TokenInvalidError, TooManyLoginAttemptsError } from '../../../src/domain/errors';
import type { TokenClaims } from '@auth-service/client';
import type { TokenVerifier } from '@auth-service/client';
import { RevokeAccessToken } from '../../../src/application/RevokeAccessToken';
import type { RevocationStore } from '../../../src/domain/ports/RevocationStore';
import { StaticClientRegistry } from '../../../src/infrastructure/auth/StaticClientRegistry';
import { FixedClock } from '../../support/FixedClock';
import { RecordingAttemptLimiter } from '../../support/RecordingAttemptLimiter';

const NOW = '2026-01-01T00:00:00Z';
const NOW_SECONDS = Date.parse(NOW) / 1000;
const CLAIMS = { jti: 'jti-1', exp: NOW_SECONDS + 600, sub: '7', account: 'alice' } as unknown as TokenClaims;

/** Verifies "good" tokens to CLAIMS (or `claims`), refuses others with the given error. */
class StubVerifier implements TokenVerifier {
  constructor(
    private readonly claims: TokenClaims = CLAIMS,
    private readonly refusal: Error = new TokenInvalidError('bad'),
  ) {}

  verify(token: string): TokenClaims {
    if (token !== 'good') throw this.refusal;
    return this.claims;
  }
}

class RecordingRevocationStore implements Pick<RevocationStore, 'revokeToken' | 'purge'> {
  readonly calls: unknown[][] = [];
  async revokeToken(jti: string, expiresAt: number, keepUntil: number): Promise<void> {
    this.calls.push(['revokeToken', jti, expiresAt, keepUntil]);
  }
  async purge(now: number): Promise<number> {
    this.calls.push(['purge', now]);
    return 0;
  }
}

describe('RevokeAccessToken', () => {
  let store: RecordingRevocationStore;
  let limiter: RecordingAttemptLimiter;
  let observed: unknown[][];

  function build(options: { verifier?: TokenVerifier; clients?: string[]; limit?: number } = {}): RevokeAccessToken {
    store = new RecordingRevocationStore();
    limiter = new RecordingAttemptLimiter(options.limit, 9);
    observed = [];
    const clients = new StaticClientRegistry((options.clients ?? ['orders:s3cret']).map((entry) => {
      const [appId, appSecret] = entry.split(':');
      return { appId, appSecret };
    }));
    return new RevokeAccessToken(
      options.verifier ?? new StubVerifier(),
      clients,
      limiter,
      store as unknown as RevocationStore,
      new FixedClock(NOW),
      { maxTokenLifetimeSeconds: 18000, clockToleranceSeconds: 30 },
      (kind, added) => observed.push([kind, added]),
    );
  }

  async function refusal(promise: Promise<unknown>): Promise<unknown> {
    return promise.then(
      () => expect.fail('expected a refusal'),
      (error: unknown) => error,
    );
  }

  it('lets a token revoke itself (logout): jti kept until exp + tolerance, expired entries purged, observers told', async () => {
    const use = build();
    expect(await use.execute({ token: 'good', bearer: 'good', address: '203.0.113.7' })).to.deep.equal({ revoked: true });
    expect(store.calls).to.deep.equal([
      ['revokeToken', 'jti-1', NOW_SECONDS + 600, NOW_SECONDS + 630],
      ['purge', NOW_SECONDS],
    ]);
    expect(observed).to.deep.equal([['token', { subjects: [], tokens: [{ jti: 'jti-1', expiresAt: NOW_SECONDS + 600 }] }]]);
    expect(limiter.events).to.deep.equal(['reserve address:203.0.113.7', 'succeeded']);
    expect(limiter.count('address:203.0.113.7')).to.equal(0);
  });

  it('lets a registered client revoke any token, giving the attempt back', async () => {
    const use = build();
    expect(await use.execute({ token: 'good', client: { appId: 'orders', appSecret: 's3cret' }, address: '198.51.100.1' })).to.deep.equal({ revoked: true });
    expect(limiter.count('address:198.51.100.1')).to.equal(0);
  });

  it('refuses a caller that is neither the token itself nor a client, counting the attempt', async () => {
    const use = build();
    expect(await refusal(use.execute({ token: 'good', bearer: 'other', address: '203.0.113.7' }))).to.be.instanceOf(ClientUnauthorizedError);
    expect(await refusal(use.execute({ token: 'good', address: '203.0.113.7' }))).to.be.instanceOf(ClientUnauthorizedError);
    expect(limiter.count('address:203.0.113.7')).to.equal(2);
    expect(store.calls).to.deep.equal([]);
  });

  it('refuses a wrong client secret, counting it against the address and the appId', async () => {
    const use = build();
    expect(await refusal(use.execute({ token: 'good', client: { appId: 'orders', appSecret: 'guess' }, address: '203.0.113.7' }))).to.be.instanceOf(
      ClientUnauthorizedError,
    );
    expect([limiter.count('address:203.0.113.7'), limiter.count('app:orders')]).to.deep.equal([1, 1]);
    expect(store.calls).to.deep.equal([]);
  });

  it('knows no client when none is registered', async () => {
    const use = build({ clients: [] });
    expect(await refusal(use.execute({ token: 'good', client: { appId: 'orders', appSecret: 's3cret' } }))).to.be.instanceOf(ClientUnauthorizedError);
  });

  it('refuses an address over its limit before anything is checked, with the seconds to wait', async () => {
    const use = build({ limit: 1 });
    await refusal(use.execute({ token: 'good', bearer: 'other', address: '203.0.113.7' }));
    const error = await refusal(use.execute({ token: 'good', bearer: 'good', address: '203.0.113.7' }));
    expect(error).to.be.instanceOf(TooManyLoginAttemptsError);
    expect((error as TooManyLoginAttemptsError).retryAfterSeconds).to.equal(9);
    expect(store.calls).to.deep.equal([]);
  });

  for (const [what, verifier] of [
    ['does not verify', new StubVerifier(CLAIMS, new TokenInvalidError('bad'))],
    ['has expired', new StubVerifier(CLAIMS, new TokenExpiredError('expired'))],
    ['has no jti', new StubVerifier({ ...CLAIMS, jti: undefined } as unknown as TokenClaims)],
    ['has no exp', new StubVerifier({ ...CLAIMS, exp: undefined } as unknown as TokenClaims)],
  ] as const) {
    it(`answers revoked: false, storing nothing, for a token that ${what} (RFC 7009: nothing left to revoke)`, async () => {
      const use = build({ verifier });
      const token = what === 'has no jti' || what === 'has no exp' ? 'good' : 'bad';
      expect(await use.execute({ token, client: { appId: 'orders', appSecret: 's3cret' } })).to.deep.equal({ revoked: false });
      expect(store.calls).to.deep.equal([]);
      expect(observed).to.deep.equal([]);
    });
  }

  it('lets an unexpected verifier failure through', async () => {
    const use = build({ verifier: new StubVerifier(CLAIMS, new RangeError('boom')) });
    expect(await refusal(use.execute({ token: 'bad', client: { appId: 'orders', appSecret: 's3cret' } }))).to.be.instanceOf(RangeError);
  });

  it('counts a request the HTTP layer could not read as a failed attempt, then throws its error', async () => {
    const use = build({ limit: 1 });
    const malformed = new Error('malformed');
    expect(await refusal(use.refuseMalformed('203.0.113.9', malformed))).to.equal(malformed);
    expect(limiter.events).to.deep.equal(['reserve address:203.0.113.9', 'failed']);
    expect(await refusal(use.refuseMalformed('203.0.113.9', malformed))).to.be.instanceOf(TooManyLoginAttemptsError);
  });
});
