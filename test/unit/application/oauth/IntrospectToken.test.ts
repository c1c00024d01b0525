import { expect } from 'chai';
import { NO_PARTICULAR_ACCESS } from '../../../../src/domain/model/GrantedAccess';
import { KeyUnavailableError, RevocationStaleError, UnknownKeyIdError, type AccessTokenClaims } from '@auth-service/client';
import {
  IntrospectToken,
  MAX_INTROSPECTED_TOKEN_LENGTH,
  type IntrospectTokenResult,
} from '../../../../src/application/oauth/IntrospectToken';
import { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { ClientUnauthorizedError, StoreUnavailableError, TokenExpiredError, TokenInvalidError, TokenRevokedError } from '../../../../src/domain/errors';
import { FindActiveToken } from '../../../../src/application/oauth/FindActiveToken';
import type { ServiceAccessTokenVerifier } from '../../../../src/application/keys/KeyReloadingAccessTokenVerifier';
import { SetActiveUsers } from '../../../support/SetActiveUsers';
import { MEMBER_USER_TYPE, type AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import type { RefreshTokenFamily } from '../../../../src/domain/ports/RefreshTokenStore';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { SequenceIdGenerator } from '../../../support/SequenceIdGenerator';

const USER: AuthenticatedUser = { id: '7', account: 'alice', nickName: 'Alice', userType: MEMBER_USER_TYPE, tenantId: 't', telephone: '123', avatar: 'a.png', grade: 'g' };
const SVC = { id: 'svc', confidential: true };
const OTHER = { id: 'other', confidential: true };
const BASE = { iss: 'http://localhost/auth', iat: 1000, exp: 1900, jti: 'j-1' };
const USER_CLAIMS = { ...BASE, sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '4', tenantId: 't', telephone: '123', avatar: 'a.png', grade: 'g' };
const ABSOLUTE = 10_000;
const IDLE = 1_000;

/**
 * Answers the claims (or throws the error) set for each token, synchronously, or as a promise when
 * `later` (the service's verifier answers so after reloading keys); logs every token it is asked about.
 */
class MapVerifier implements ServiceAccessTokenVerifier {
  readonly answers = new Map<string, object | Error>();
  later = false;
  constructor(private readonly log: string[]) {}
  verifyAccessToken(token: string): AccessTokenClaims | Promise<AccessTokenClaims> {
    this.log.push(`verify:${token}`);
    const answer = this.answers.get(token) ?? new TokenInvalidError('unknown');
    if (this.later) return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as AccessTokenClaims);
    if (answer instanceof Error) throw answer;
    return answer as AccessTokenClaims;
  }
}

/** GrantOwners that records who it was asked about and answers `answer`: a reason to refuse, or the error to throw. */
class StubOwners {
  readonly asked: Array<[string, number]> = [];
  answer: string | Error | null = null;
  async refusal(user: AuthenticatedUser, grantedAt: number): Promise<string | null> {
    this.asked.push([user.id, grantedAt]);
    if (this.answer instanceof Error) throw this.answer;
    return this.answer;
  }
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('IntrospectToken (RFC 7662)', () => {
  let log: string[];
  let verifier: MapVerifier;
  let clock: FixedClock;
  let store: InMemoryRefreshTokenStore;
  let families: RefreshTokenFamilies;
  let owners: StubOwners;
  let users: SetActiveUsers;
  let use: IntrospectToken;
  let secret: number;

  beforeEach(() => {
    log = [];
    verifier = new MapVerifier(log);
    clock = new FixedClock('2026-01-01T00:00:00Z');
    store = new InMemoryRefreshTokenStore();
    secret = 0;
    families = new RefreshTokenFamilies(store, { next: () => `refresh-${++secret}` }, new SequenceIdGenerator(), clock, { absoluteSeconds: ABSOLUTE, idleSeconds: IDLE }, {
      execute: async () => undefined,
    });
    // The families' lookups show in the log too, so the order of the two searches can be read.
    const find = families.find.bind(families);
    families.find = (token: string) => {
      log.push(`find:${token}`);
      return find(token);
    };
    owners = new StubOwners();
    users = new SetActiveUsers();
    use = new IntrospectToken(new FindActiveToken(verifier, users, families, owners), families);
  });

  const access = { jti: 'a-1', expiresAt: 0, subject: '7', issuedAt: 0 };
  const startFamily = (clientId: string | null = 'svc') => families.start(USER, clientId, NO_PARTICULAR_ACCESS, access);
  const introspect = (token: string, client: { id: string; confidential: boolean } | null = SVC, tokenTypeHint?: string) => use.execute({ token, client, tokenTypeHint });
  const familyOf = (id = 'id-1') => store.families.get(id) as { family: RefreshTokenFamily; current: string };

  describe('client authentication', () => {
    it('refuses a request without a client, before looking at the token', async () => {
      expect(await refusal(introspect('t', null))).to.be.instanceOf(ClientUnauthorizedError);
      expect(log).to.deep.equal([]);
    });

    it('refuses a public client (it proved no secret)', async () => {
      expect(await refusal(introspect('t', { id: 'spa', confidential: false }))).to.be.instanceOf(ClientUnauthorizedError);
      expect(log).to.deep.equal([]);
    });
  });

  describe('access tokens', () => {
    it('answers a user token issued through a client: RFC 7662 members in order, username from account, no other user field', async () => {
      verifier.answers.set('u', { ...USER_CLAIMS, client_id: 'svc', scope: 'orders:read', aud: 'https://orders.example' });
      const answer = await introspect('u');
      expect(Object.entries(answer)).to.deep.equal([
        ['active', true],
        ['scope', 'orders:read'],
        ['client_id', 'svc'],
        ['sub', '7'],
        ['aud', 'https://orders.example'],
        ['exp', 1900],
        ['iat', 1000],
        ['iss', 'http://localhost/auth'],
        ['token_type', 'Bearer'],
        ['jti', 'j-1'],
        ['username', 'alice'],
      ]);
      expect(log).to.deep.equal(['verify:u']);
    });

    it("answers another client's access token too (a resource server asks about tokens issued to apps)", async () => {
      verifier.answers.set('u', { ...USER_CLAIMS, client_id: 'svc' });
      expect(await introspect('u', OTHER)).to.include({ active: true, client_id: 'svc' });
    });

    it('answers a token of the login endpoint (no client_id, scope or aud) without them', async () => {
      verifier.answers.set('u', USER_CLAIMS);
      expect(Object.keys(await introspect('u'))).to.deep.equal(['active', 'sub', 'exp', 'iat', 'iss', 'token_type', 'jti', 'username']);
    });

    it('answers a DPoP-bound token as token_type DPoP with its cnf (RFC 9449 §6.2); a malformed cnf as a bearer token', async () => {
      verifier.answers.set('d', { ...BASE, sub: 'svc', client_id: 'svc', cnf: { jkt: 'key-1' } });
      expect(await introspect('d')).to.deep.equal({
        active: true, client_id: 'svc', sub: 'svc', exp: 1900, iat: 1000, iss: 'http://localhost/auth', token_type: 'DPoP', jti: 'j-1', cnf: { jkt: 'key-1' },
      });
      verifier.answers.set('m', { ...BASE, sub: 'svc', client_id: 'svc', cnf: { jkt: 5 } });
      expect(await introspect('m')).to.include({ token_type: 'Bearer' }).and.not.to.have.property('cnf');
    });

    it('answers a client token (client_credentials) without username', async () => {
      verifier.answers.set('c', { ...BASE, sub: 'svc', client_id: 'svc' });
      expect(await introspect('c')).to.deep.equal({ active: true, client_id: 'svc', sub: 'svc', exp: 1900, iat: 1000, iss: 'http://localhost/auth', token_type: 'Bearer', jti: 'j-1' });
    });

    it('answers aud as a list when the token has a list', async () => {
      verifier.answers.set('u', { ...USER_CLAIMS, aud: ['https://a.example', 'https://b.example'] });
      expect((await introspect('u')) as object).to.have.deep.property('aud', ['https://a.example', 'https://b.example']);
    });

    it('leaves out members of a type RFC 7662 does not give them (a number aud or scope, a list with a number)', async () => {
      for (const odd of [{ aud: 5 }, { aud: ['https://a.example', 5] }, { scope: 5 }, { client_id: 5 }, { account: 5 }]) {
        verifier.answers.set('u', { ...USER_CLAIMS, ...odd });
        const answer = await introspect('u');
        expect(answer, JSON.stringify(odd)).to.include({ active: true });
        for (const name of Object.keys(odd).map((key) => (key === 'account' ? 'username' : key))) expect(answer).not.to.have.property(name);
      }
    });

    for (const [name, error] of [
      ['an invalid token', new TokenInvalidError('bad signature')],
      ['an expired token', new TokenExpiredError('jwt expired')],
      ['a revoked token', new TokenRevokedError()],
    ] as const) {
      it(`answers ${name} as inactive, after looking for a refresh token too`, async () => {
        verifier.answers.set('x', error);
        expect(await introspect('x')).to.deep.equal({ active: false });
        expect(log).to.deep.equal(['verify:x', 'find:x']);
      });
    }

    it('takes a verifier that answers later (after a key reload): active, or inactive for a kid still unknown', async () => {
      verifier.later = true;
      verifier.answers.set('u', USER_CLAIMS);
      expect(await introspect('u')).to.include({ active: true, sub: '7' });
      verifier.answers.set('k', new UnknownKeyIdError('k9'));
      expect(await introspect('k')).to.deep.equal({ active: false });
      const outage = new RevocationStaleError();
      verifier.answers.set('s', outage);
      expect(await refusal(introspect('s'))).to.equal(outage);
    });

    for (const [name, error] of [
      ['no key yet', new KeyUnavailableError()],
      ['revocations too stale', new RevocationStaleError()],
      ['a fault', new Error('boom')],
    ] as const) {
      it(`throws what cannot be decided now (${name}) instead of answering`, async () => {
        verifier.answers.set('x', error);
        expect(await refusal(introspect('x'))).to.equal(error);
        expect(log).to.deep.equal(['verify:x']);
      });
    }

    it('answers a token longer than any of ours as inactive without verifying it; one of the longest length is verified', async () => {
      expect(await introspect('x'.repeat(MAX_INTROSPECTED_TOKEN_LENGTH + 1))).to.deep.equal({ active: false });
      expect(log).to.deep.equal([]);
      const longest = 'y'.repeat(MAX_INTROSPECTED_TOKEN_LENGTH);
      verifier.answers.set(longest, USER_CLAIMS);
      expect(await introspect(longest)).to.include({ active: true });
    });
  });

  describe('token_type_hint orders the search only', () => {
    it('looks up a refresh token first with the refresh_token hint, and verifies nothing when it is one', async () => {
      const token = await startFamily();
      expect(await introspect(token, SVC, 'refresh_token')).to.include({ active: true, token_type: 'refresh_token' });
      expect(log).to.deep.equal([`find:${token}`]);
    });

    it('still verifies an access token sent with the refresh_token hint', async () => {
      verifier.answers.set('u', USER_CLAIMS);
      expect(await introspect('u', SVC, 'refresh_token')).to.include({ active: true, token_type: 'Bearer' });
      expect(log).to.deep.equal(['find:u', 'verify:u']);
    });

    for (const hint of [undefined, 'access_token', 'id_token', 'REFRESH_TOKEN']) {
      it(`verifies first, then looks up a refresh token, with the hint ${String(hint)}`, async () => {
        const token = await startFamily();
        expect(await introspect(token, SVC, hint)).to.include({ active: true, token_type: 'refresh_token' });
        expect(log).to.deep.equal([`verify:${token}`, `find:${token}`]);
      });
    }
  });

  describe('refresh tokens', () => {
    it('answers its own client: active, client_id, sub, exp (the idle timeout when earlier), iat, token_type, in order', async () => {
      const start = families.now();
      const token = await startFamily();
      expect(Object.entries(await introspect(token))).to.deep.equal([
        ['active', true],
        ['client_id', 'svc'],
        ['sub', '7'],
        ['exp', start + IDLE],
        ['iat', start],
        ['token_type', 'refresh_token'],
      ]);
      expect(owners.asked).to.deep.equal([['7', start]]);
    });

    it('answers exp as the absolute end when that comes before the idle timeout, iat as the last rotation', async () => {
      const start = families.now();
      const first = await startFamily();
      clock.advanceSeconds(ABSOLUTE - 100);
      const next = (await families.rotate(familyOf().family, first, access)) as string;
      expect(await introspect(next)).to.include({ exp: start + ABSOLUTE, iat: start + ABSOLUTE - 100 });
      expect(owners.asked).to.deep.equal([['7', start]]);
      clock.advanceSeconds(100);
      expect(await introspect(next)).to.deep.equal({ active: false });
    });

    it('answers the scope stored with the family', async () => {
      const token = await startFamily();
      const entry = familyOf();
      store.families.set('id-1', { ...entry, family: { ...entry.family, granted: { scopes: ['orders:read', 'orders:write'], resources: [] } } });
      expect(Object.keys(await introspect(token))).to.deep.equal(['active', 'scope', 'client_id', 'sub', 'exp', 'iat', 'token_type']);
      expect(await introspect(token)).to.include({ scope: 'orders:read orders:write' });
    });

    it('is inactive for another client, and for any client when issued to no client', async () => {
      expect(await introspect(await startFamily(), OTHER)).to.deep.equal({ active: false });
      expect(await introspect(await startFamily(null))).to.deep.equal({ active: false });
      expect(owners.asked).to.deep.equal([]);
    });

    it('neither spends nor rotates the token: it stays current and is answered again', async () => {
      const token = await startFamily();
      await introspect(token);
      await introspect(token);
      expect(familyOf().current).to.equal(token);
      expect(familyOf().family.revoked).to.equal(false);
      expect(await introspect(token)).to.include({ active: true });
    });

    it('is inactive once used (rotated), without ending the family', async () => {
      const first = await startFamily();
      const next = (await families.rotate(familyOf().family, first, access)) as string;
      expect(await introspect(first)).to.deep.equal({ active: false });
      expect(familyOf().family.revoked).to.equal(false);
      expect(await introspect(next)).to.include({ active: true });
    });

    it('is inactive when the family was revoked', async () => {
      const token = await startFamily();
      await store.revokeFamily('id-1', families.now());
      expect(await introspect(token)).to.deep.equal({ active: false });
    });

    it('is inactive past the idle timeout', async () => {
      const token = await startFamily();
      clock.advanceSeconds(IDLE - 1);
      expect(await introspect(token)).to.include({ active: true });
      clock.advanceSeconds(1);
      expect(await introspect(token)).to.deep.equal({ active: false });
    });

    it("is inactive when the user may no longer receive tokens (the refresh grant's lock-out rule)", async () => {
      const token = await startFamily();
      owners.answer = 'the user was locked out after the grant';
      expect(await introspect(token)).to.deep.equal({ active: false });
    });

    it('throws a store outage instead of answering', async () => {
      const token = await startFamily();
      const outage = new StoreUnavailableError();
      owners.answer = outage;
      expect(await refusal(introspect(token))).to.equal(outage);
      families.find = async () => {
        throw outage;
      };
      expect(await refusal(introspect(token))).to.equal(outage);
    });

    it('answers an unknown opaque token as inactive', async () => {
      const answer: IntrospectTokenResult = await introspect('refresh-404');
      expect(answer).to.deep.equal({ active: false });
      expect(log).to.deep.equal(['verify:refresh-404', 'find:refresh-404']);
    });
  });
});
