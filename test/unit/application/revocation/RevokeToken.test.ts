import { expect } from 'chai';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import {
  ClientUnauthorizedError,
  KeyUnavailableError,
  TokenExpiredError,
  TokenInvalidError,
  TokenRevokedError,
  TooManyKeyRequestsError,
} from '../../../../src/domain/errors';
import type { AccessTokenClaims } from '@auth-service/client';
import type { TokenClaims } from '@auth-service/client';
import type { AccessTokenVerifier } from '@auth-service/client';
import { RevokeToken, TokenOfAnotherClientError } from '../../../../src/application/revocation/RevokeToken';
import type { RevocationStore } from '../../../../src/domain/ports/RevocationStore';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { FixedClock } from '../../../support/FixedClock';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';

const NOW = '2026-01-01T00:00:00Z';
const NOW_SECONDS = Date.parse(NOW) / 1000;
const CLAIMS = { jti: 'jti-1', exp: NOW_SECONDS + 600, sub: '7', account: 'alice' } as unknown as TokenClaims;

/** The client the HTTP layer authenticated (its secret checked there, once). */
const ORDERS = { id: 'orders' };
const CLIENT_TOKEN = { jti: 'jti-c', exp: NOW_SECONDS + 900, iat: NOW_SECONDS, sub: 'orders', client_id: 'orders', iss: 'i' } as AccessTokenClaims;

/** Verifies "good" tokens to CLAIMS (or `claims`), refuses others with the given error. */
class StubVerifier implements AccessTokenVerifier {
  constructor(
    private readonly claims: AccessTokenClaims = CLAIMS,
    private readonly refusal: Error = new TokenInvalidError('bad'),
  ) {}

  verifyAccessToken(token: string): AccessTokenClaims {
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

describe('RevokeToken', () => {
  let store: RecordingRevocationStore;
  let limiter: RecordingAttemptLimiter;
  let observed: unknown[][];

  /** The access tokens whose refresh-token family signing out asked to end. */
  const familiesAsked: string[] = [];

  function build(options: { verifier?: AccessTokenVerifier; clients?: string[]; limit?: number } = {}): RevokeToken {
    store = new RecordingRevocationStore();
    limiter = new RecordingAttemptLimiter(options.limit, 9);
    observed = [];
    familiesAsked.length = 0;
    const clients = new StaticClientRegistry((options.clients ?? ['orders:s3cret']).map((entry) => {
      const [appId, appSecret] = entry.split(':');
      return { appId, appSecret };
    }));
    return new RevokeToken(
      options.verifier ?? new StubVerifier(),
      new ClientSecretGuard(clients, limiter),
      store as unknown as RevocationStore,
      new FixedClock(NOW),
      { maxTokenLifetimeSeconds: 18000, clockToleranceSeconds: 30 },
      (kind, added) => observed.push([kind, added]),
      // No refresh token issued here (RevokeRefreshToken.test.ts covers them); signing out asks for the access token's family.
      { find: async () => null, end: async () => undefined, endOfAccessToken: async (jti: string) => void familiesAsked.push(jti) },
      { find: async () => null },
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
    // Signing out with an access token ends the refresh-token family that issued it.
    expect(familiesAsked).to.deep.equal(['jti-1']);
    // The token itself guesses nothing: it is not counted, so no flood from its address can block a sign-out.
    expect(limiter.events).to.deep.equal([]);
  });

  it('lets an authenticated client revoke a token issued to no client (the login endpoint), checking and counting nothing more', async () => {
    const use = build();
    expect(await use.execute({ token: 'good', client: ORDERS, address: '198.51.100.1' })).to.deep.equal({ revoked: true });
    // The secret was checked once where the client authenticated: the use case neither checks it again nor counts.
    expect(limiter.events).to.deep.equal([]);
  });

  it('lets a client revoke its own client_credentials token: the jti is recorded (finding 2)', async () => {
    const use = build({ verifier: new StubVerifier(CLIENT_TOKEN) });
    expect(await use.execute({ token: 'good', client: ORDERS })).to.deep.equal({ revoked: true });
    expect(store.calls[0]).to.deep.equal(['revokeToken', 'jti-c', NOW_SECONDS + 900, NOW_SECONDS + 930]);
  });

  it("lets a client revoke a user token issued through it (client_id), refuses another client's token and stores nothing (RFC 7009 §2.1)", async () => {
    const throughOrders = { ...CLAIMS, client_id: 'orders' } as AccessTokenClaims;
    const use = build({ verifier: new StubVerifier(throughOrders), clients: ['orders:s3cret', 'billing:b-secret'] });
    const billing = { id: 'billing' };
    expect(await refusal(use.execute({ token: 'good', client: billing, address: '198.51.100.2' }))).to.be.instanceOf(TokenOfAnotherClientError);
    expect(store.calls).to.deep.equal([]);
    // The client authenticated: nothing is counted as a guess.
    expect(limiter.count('address:198.51.100.2')).to.equal(0);
    const other = build({ verifier: new StubVerifier({ ...CLIENT_TOKEN } as AccessTokenClaims), clients: ['orders:s3cret', 'billing:b-secret'] });
    expect(await refusal(other.execute({ token: 'good', client: billing }))).to.be.instanceOf(TokenOfAnotherClientError);
    expect(await use.execute({ token: 'good', client: ORDERS })).to.deep.equal({ revoked: true });
  });

  it('refuses a bearer that does not verify (revoked, expired) with its error, storing nothing; not counted (no guessable secret)', async () => {
    for (const failure of [new TokenRevokedError(), new TokenExpiredError('expired')]) {
      const use = build({ verifier: new StubVerifier(CLAIMS, failure) });
      expect(await refusal(use.execute({ token: 'revoked', bearer: 'revoked', address: '203.0.113.8' }))).to.equal(failure);
      expect(limiter.count('address:203.0.113.8')).to.equal(0);
      expect(store.calls).to.deep.equal([]);
    }
  });

  it('answers "no key yet" rather than "nothing to revoke" when it cannot tell (fail closed)', async () => {
    const use = build({ verifier: new StubVerifier(CLAIMS, new KeyUnavailableError()) });
    expect(await refusal(use.execute({ token: 'bad', client: ORDERS }))).to.be.instanceOf(KeyUnavailableError);
    expect(store.calls).to.deep.equal([]);
  });

  it('refuses a caller that is neither the token itself nor a client, counting the attempt', async () => {
    const use = build();
    expect(await refusal(use.execute({ token: 'other', bearer: 'good', address: '203.0.113.7' }))).to.be.instanceOf(ClientUnauthorizedError);
    expect(await refusal(use.execute({ token: 'good', address: '203.0.113.7' }))).to.be.instanceOf(ClientUnauthorizedError);
    expect(limiter.count('address:203.0.113.7')).to.equal(2);
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
      expect(await use.execute({ token, client: ORDERS })).to.deep.equal({ revoked: false });
      expect(store.calls).to.deep.equal([]);
      expect(observed).to.deep.equal([]);
    });
  }

  it('lets an unexpected verifier failure through', async () => {
    const use = build({ verifier: new StubVerifier(CLAIMS, new RangeError('boom')) });
    expect(await refusal(use.execute({ token: 'bad', client: ORDERS }))).to.be.instanceOf(RangeError);
  });

  it('counts a request the HTTP layer could not read as a failed attempt, then throws its error', async () => {
    const use = build({ limit: 1 });
    const malformed = new Error('malformed');
    expect(await refusal(use.refuseMalformed('203.0.113.9', malformed))).to.equal(malformed);
    expect(limiter.events).to.deep.equal(['reserve address:203.0.113.9', 'failed']);
    expect(await refusal(use.refuseMalformed('203.0.113.9', malformed))).to.be.instanceOf(TooManyKeyRequestsError);
  });
});
