import { expect } from 'chai';
import { KeyFetchError, RevocationList, TokenInvalidError, TokenRevokedError, UnknownKeyIdError, type TokenClaims, type VerificationKeySource } from '../../../src/index';
import { AlongsideScheduler } from '../../../src/application/AlongsideScheduler';
import { LearnedIssuer } from '../../../src/application/LearnedIssuer';
import { RevocationCheckingVerifier } from '../../../src/application/RevocationCheckingVerifier';
import { currentUserFromClaims } from '../../../src/domain/model/CurrentUserDetails';
import { isClientToken } from '../../../src/domain/model/ClientTokenClaims';
import { verifiedAfterKeyRefresh } from '../../../src/application/verifiedAfterKeyRefresh';
import { FakeIssuerSource } from '../../support/FakeKeySources';
import { ManualScheduler } from '../../support/ManualScheduler';
import { StubTokenVerifier } from '../../support/StubTokenVerifier';
import { stubClaims } from '../../support/testKeys';

async function rejection(promise: unknown): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('LearnedIssuer: configured, else learned once from the discovery document', () => {
  it('prefers the configured issuer and has nothing to learn then', async () => {
    const source = new FakeIssuerSource('https://learned.example');
    const issuer = new LearnedIssuer('https://configured.example', source);
    expect(issuer.expected()).to.equal('https://configured.example');
    expect(issuer.pending).to.equal(false);
    await issuer.learn();
    expect(source.calls).to.equal(0);
  });

  it('learns the published issuer, after which it is no longer pending', async () => {
    const source = new FakeIssuerSource('https://learned.example');
    const issuer = new LearnedIssuer(undefined, source);
    expect(issuer.pending).to.equal(true);
    expect(issuer.expected()).to.equal(null);
    await issuer.learn();
    expect(issuer.expected()).to.equal('https://learned.example');
    expect(issuer.pending).to.equal(false);
    await issuer.learn();
    expect(source.calls).to.equal(1);
  });

  it('without a source it has nothing to learn: the issuer stays unknown', async () => {
    const issuer = new LearnedIssuer(undefined, undefined);
    expect(issuer.pending).to.equal(false);
    await issuer.learn();
    expect(issuer.expected()).to.equal(null);
  });

  it('fails with KeyFetchError when no issuer is published, and passes the source’s failure on', async () => {
    const issuer = new LearnedIssuer(undefined, new FakeIssuerSource(null));
    const error = await rejection(issuer.learn());
    expect(error).to.be.instanceOf(KeyFetchError).with.property('message', 'the auth service publishes no issuer (/.well-known/openid-configuration); set AUTH_ISSUER');
    expect(issuer.pending).to.equal(true);
    const down = new KeyFetchError('unreachable');
    expect(await rejection(new LearnedIssuer(undefined, new FakeIssuerSource(down)).learn())).to.equal(down);
  });
});

describe('AlongsideScheduler: the revocation feed rides the key schedule', () => {
  it('runs the extras once at start (start waits for them, settled) and beside the task on every tick', async () => {
    const inner = new ManualScheduler(new Date('2026-01-01T00:05:00Z'));
    const runs: string[] = [];
    const schedule = new AlongsideScheduler(inner, [
      async () => runs.push('feed'),
      async () => {
        runs.push('failing');
        throw new Error('the extra failed');
      },
    ]);
    const started = await schedule.start(async () => runs.push('keys'));
    expect(runs).to.deep.equal(['feed', 'failing']);
    expect((started as PromiseSettledResult<unknown>[]).map((result) => result.status)).to.deep.equal(['fulfilled', 'rejected']);
    expect(schedule.nextRunAt()).to.deep.equal(new Date('2026-01-01T00:05:00Z'));
    runs.length = 0;
    await inner.tick().catch(() => undefined);
    expect(runs).to.deep.equal(['keys', 'feed', 'failing']);
    await schedule.stop();
    expect(inner.running).to.equal(false);
    expect(schedule.nextRunAt()).to.equal(null);
  });
});

describe('verifiedAfterKeyRefresh: one refetch for a token with an unknown kid', () => {
  const keysThatLearn = (known: boolean, asked: string[]): VerificationKeySource => ({
    keyFor: () => undefined,
    hasAnyKey: () => true,
    refreshForUnknownKid: async (kid) => {
      asked.push(kid);
      return known;
    },
  });

  it('answers synchronously when the check passes or fails for another reason', () => {
    expect(verifiedAfterKeyRefresh(() => 'claims', keysThatLearn(true, []))).to.equal('claims');
    const invalid = new TokenInvalidError('bad signature');
    expect(() =>
      verifiedAfterKeyRefresh(() => {
        throw invalid;
      }, keysThatLearn(true, [])),
    ).to.throw(invalid);
  });

  it('checks once more after the key source learned the kid', async () => {
    const asked: string[] = [];
    let attempts = 0;
    const result = verifiedAfterKeyRefresh(() => {
      attempts++;
      if (attempts === 1) throw new UnknownKeyIdError('k2');
      return 'claims';
    }, keysThatLearn(true, asked));
    expect(result).to.be.instanceOf(Promise);
    expect(await result).to.equal('claims');
    expect({ asked, attempts }).to.deep.equal({ asked: ['k2'], attempts: 2 });
  });

  it('keeps the unknown-kid error when the refetch did not bring the kid, or the source cannot refetch', async () => {
    const unknown = new UnknownKeyIdError('k3');
    let attempts = 0;
    const check = () => {
      attempts++;
      throw unknown;
    };
    expect(await rejection(verifiedAfterKeyRefresh(check, keysThatLearn(false, [])))).to.equal(unknown);
    expect(attempts).to.equal(1);
    expect(() => verifiedAfterKeyRefresh(check, { keyFor: () => undefined, hasAnyKey: () => true })).to.throw(unknown);
    expect(() => verifiedAfterKeyRefresh(check, undefined)).to.throw(unknown);
  });
});

describe('RevocationCheckingVerifier: revoked tokens are refused outside any cache', () => {
  const claims = stubClaims({ sub: 'alice', jti: 'j-1' }, 1000);
  const inner = new StubTokenVerifier({ good: claims });

  it('passes the claims of a token nothing revokes, and refuses a revoked one with TokenRevokedError', () => {
    let list = RevocationList.EMPTY;
    const verifier = new RevocationCheckingVerifier(inner, { revocations: () => list });
    expect(verifier.verify('good')).to.equal(claims);
    list = new RevocationList({ subjects: [{ subject: 'alice', notBefore: 1001 }], tokens: [] });
    expect(() => verifier.verify('good')).to.throw(TokenRevokedError);
    expect(() => verifier.verify('unknown')).to.throw(TokenInvalidError, 'unknown token');
  });
});

describe('the current user of verified claims', () => {
  it('copies the profile claims a token carries and leaves the rest null', () => {
    const claims: TokenClaims = { ...stubClaims({}, 1000), tenantId: 't1', avatar: 'a.png', telephone: '555', grade: 'gold' };
    expect(currentUserFromClaims(claims)).to.include({ id: '1', tenantId: 't1', avatar: 'a.png', telephone: '555', grade: 'gold', account: 'admin', userType: '4', email: null });
  });

  it('falls back to sub for the id, and leaves the user fields a token does not carry null', () => {
    const claims: TokenClaims = { sub: '42', client_id: 'web', iss: 'i', iat: 1, exp: 2, jti: 'j' };
    expect(currentUserFromClaims(claims)).to.include({ id: '42', clientId: 'web', account: null, nickName: null, userType: null, tenantId: null });
    expect(currentUserFromClaims({ ...claims, userId: '7' }).id).to.equal('7');
  });

  it('tells a client token (sub its client_id, no userId or account) from a user token issued through a client', () => {
    const client = { sub: 'c', client_id: 'c', iss: 'i', iat: 1, exp: 2, jti: 'j' };
    expect(isClientToken(client)).to.equal(true);
    expect(isClientToken({ ...client, sub: 'u' })).to.equal(false);
    expect(isClientToken({ ...client, account: 'c' })).to.equal(false);
    expect(isClientToken({ ...client, userId: 'c' })).to.equal(false);
    expect(isClientToken({ sub: 'c', iss: 'i', iat: 1, exp: 2, jti: 'j' })).to.equal(false);
    expect(isClientToken({ ...stubClaims({}, 1000), client_id: 'web' })).to.equal(false);
    expect(isClientToken(stubClaims({}, 1000))).to.equal(false);
  });
});
