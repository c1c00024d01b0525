import { expect } from 'chai';
import type { ClientTokenClaims, TokenClaims } from '../../../src/index';
import { clientPrincipalFromClaims, currentUserFromClaims } from '../../../src/domain/model/CurrentUserDetails';
import { audienceAccepted, audienceOf, isScopeToken, scopesOf } from '../../../src/domain/model/TokenPurpose';
import { verifiedTokenFromClaims } from '../../../src/domain/model/VerifiedToken';

/** The key order of the current user: the seed contract's. */
const USER_KEYS = [
  'id', 'tenantId', 'clientId', 'signMethod', 'nickName', 'avatar', 'anId', 'anTitle', 'telephone', 'email', 'account',
  'accountSecret', 'status', 'appId', 'openId', 'userType', 'sex', 'deptId', 'deptTitle', 'postId', 'postTitle', 'grade',
  'isSuperAdmin', 'delFlag', 'canDel', 'expireTime', 'other',
];

const USER: TokenClaims = { account: 'alice', nickName: 'Alice', userId: '42', userType: '4', sub: '42', iss: 'https://auth.example', iat: 1, exp: 2, jti: 'j' };
const CLIENT: ClientTokenClaims = { sub: 'billing', client_id: 'billing', iss: 'https://auth.example', iat: 1, exp: 2, jti: 'k' };

describe('what a token is for: audiences and scopes', () => {
  it('reads aud as a list: one string, the strings of an array, none otherwise', () => {
    expect(audienceOf({ aud: 'https://orders.example' })).to.deep.equal(['https://orders.example']);
    expect(audienceOf({ aud: ['a', 7, 'b', null] })).to.deep.equal(['a', 'b']);
    expect(audienceOf({})).to.deep.equal([]);
    expect(audienceOf({ aud: 7 })).to.deep.equal([]);
    expect(audienceOf({ aud: { 0: 'a' } })).to.deep.equal([]);
  });

  it('accepts an aud naming one of the accepted audiences, exactly (no trailing-slash or case folding)', () => {
    expect(audienceAccepted({ aud: 'https://orders.example' }, ['https://billing.example', 'https://orders.example'])).to.equal(true);
    expect(audienceAccepted({ aud: ['https://billing.example', 'https://orders.example'] }, ['https://orders.example'])).to.equal(true);
    expect(audienceAccepted({ aud: 'https://orders.example/' }, ['https://orders.example'])).to.equal(false);
    expect(audienceAccepted({ aud: 'HTTPS://orders.example' }, ['https://orders.example'])).to.equal(false);
    expect(audienceAccepted({}, ['https://orders.example'])).to.equal(false);
    expect(audienceAccepted({ aud: 'https://orders.example' }, [])).to.equal(false);
  });

  it('reads scope as space-separated scope tokens; none, or not a string, is no scope', () => {
    expect(scopesOf({ scope: 'orders:read  orders:write' })).to.deep.equal(['orders:read', 'orders:write']);
    expect(scopesOf({ scope: '' })).to.deep.equal([]);
    expect(scopesOf({})).to.deep.equal([]);
    expect(scopesOf({ scope: ['orders:read'] })).to.deep.equal([]);
  });

  it('knows an RFC 6749 scope token: printable ASCII but space, quote and backslash', () => {
    for (const scope of ['orders:read', 'a', '!#[]~', 'https://orders.example/read']) expect(isScopeToken(scope), scope).to.equal(true);
    for (const scope of ['', 'a b', 'a"b', 'a\\b', 'é', 'a\tb', '\x7F', 7, undefined]) expect(isScopeToken(scope), String(scope)).to.equal(false);
  });
});

describe('the current user and the verified token', () => {
  it('gives a user the client it was issued through as clientId, and null without one (the login endpoint’s tokens)', () => {
    expect(currentUserFromClaims({ ...USER, client_id: 'web' }).clientId).to.equal('web');
    expect(currentUserFromClaims(USER).clientId).to.equal(null);
  });

  it('makes a client token a client principal: the user’s keys in their order, all null but clientId', () => {
    const principal = clientPrincipalFromClaims(CLIENT);
    expect(Object.keys(principal)).to.deep.equal(USER_KEYS);
    expect(Object.keys(currentUserFromClaims(USER))).to.deep.equal(USER_KEYS);
    expect(Object.values(principal).filter((value) => value !== null)).to.deep.equal(['billing']);
    expect(principal.clientId).to.equal('billing');
  });

  it('tells a user token from a client token, with subject, client, scopes, audiences and the claims', () => {
    const userToken = verifiedTokenFromClaims({ ...USER, client_id: 'web', scope: 'openid orders:read', aud: 'https://orders.example' } as TokenClaims);
    expect(userToken).to.deep.include({ kind: 'user', subject: '42', clientId: 'web', scopes: ['openid', 'orders:read'], audience: ['https://orders.example'] });
    expect(userToken.user).to.deep.equal({ ...currentUserFromClaims(USER), clientId: 'web' });
    expect(userToken.claims).to.include({ jti: 'j', scope: 'openid orders:read' });
    expect(Object.isFrozen(userToken.scopes) && Object.isFrozen(userToken.audience)).to.equal(true);
    const clientToken = verifiedTokenFromClaims({ ...CLIENT, aud: ['a', 'b'] } as ClientTokenClaims);
    expect(clientToken).to.deep.include({ kind: 'client', subject: 'billing', clientId: 'billing', scopes: [], audience: ['a', 'b'] });
    expect(clientToken.user).to.deep.equal(clientPrincipalFromClaims(CLIENT));
    expect(verifiedTokenFromClaims(USER)).to.deep.include({ kind: 'user', clientId: null, scopes: [], audience: [] });
  });

  it('reads scopes and audiences once per claims object (the cache shares one per token), the user afresh every time', () => {
    const claims = Object.freeze({ ...USER, scope: 'a b', aud: 'x' }) as TokenClaims;
    const [first, second] = [verifiedTokenFromClaims(claims), verifiedTokenFromClaims(claims)];
    expect(second.scopes).to.equal(first.scopes);
    expect(second.audience).to.equal(first.audience);
    expect(second.user).to.not.equal(first.user);
    const other = verifiedTokenFromClaims({ ...claims, scope: 'c' } as TokenClaims);
    expect(other.scopes).to.deep.equal(['c']);
    expect(other.audience).to.not.equal(first.audience);
  });

  it('gives every token without scope and aud the same two empty frozen lists (nothing remembered per token)', () => {
    const [login, another] = [verifiedTokenFromClaims({ ...USER }), verifiedTokenFromClaims({ ...USER, jti: 'other' })];
    expect(another.scopes).to.equal(login.scopes);
    expect(another.audience).to.equal(login.audience);
    expect(login).to.deep.include({ scopes: [], audience: [] });
    expect(Object.isFrozen(login.scopes) && Object.isFrozen(login.audience)).to.equal(true);
    const scoped = verifiedTokenFromClaims({ ...USER, scope: 'a' } as TokenClaims);
    expect(scoped).to.deep.include({ scopes: ['a'], audience: [] });
    expect(verifiedTokenFromClaims({ ...USER, aud: 'x' } as TokenClaims)).to.deep.include({ scopes: [], audience: ['x'] });
  });
});
