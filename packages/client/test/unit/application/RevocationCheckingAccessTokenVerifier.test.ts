import { expect } from 'chai';
import { KeyUnavailableError, TokenRevokedError } from '../../../src/index';
import type { AccessTokenClaims } from '../../../src/index';
import { RevocationList } from '../../../src/index';
import type { AccessTokenVerifier } from '../../../src/index';
import type { RevocationSource } from '../../../src/index';
import { RevocationCheckingAccessTokenVerifier } from '../../../src/application/RevocationCheckingAccessTokenVerifier';

const CLIENT_TOKEN = { sub: 'orders', client_id: 'orders', iss: 'i', iat: 100, exp: 900, jti: 'c-1' } as AccessTokenClaims;
const USER_TOKEN = { sub: '7', account: 'alice', nickName: 'A', userId: '7', userType: '2', iss: 'i', iat: 100, exp: 900, jti: 'u-1' } as AccessTokenClaims;

const verifierOf = (claims: AccessTokenClaims): AccessTokenVerifier => ({ verifyAccessToken: () => claims });
const sourceOf = (list: RevocationList | Error): RevocationSource => ({
  revocations: () => {
    if (list instanceof Error) throw list;
    return list;
  },
});

describe('RevocationCheckingAccessTokenVerifier', () => {
  it('refuses a client token whose jti is revoked, and a user token whose subject was revoked after it was issued', () => {
    const list = new RevocationList({ subjects: [{ subject: '7', notBefore: 101 }], tokens: [{ jti: 'c-1', expiresAt: 900 }] });
    expect(() => new RevocationCheckingAccessTokenVerifier(verifierOf(CLIENT_TOKEN), sourceOf(list)).verifyAccessToken('t')).to.throw(TokenRevokedError);
    expect(() => new RevocationCheckingAccessTokenVerifier(verifierOf(USER_TOKEN), sourceOf(list)).verifyAccessToken('t')).to.throw(TokenRevokedError);
  });

  it('passes tokens nothing revokes', () => {
    const list = new RevocationList({ subjects: [{ subject: '7', notBefore: 100 }], tokens: [{ jti: 'other', expiresAt: 900 }] });
    expect(new RevocationCheckingAccessTokenVerifier(verifierOf(USER_TOKEN), sourceOf(list)).verifyAccessToken('t')).to.equal(USER_TOKEN);
    expect(new RevocationCheckingAccessTokenVerifier(verifierOf(CLIENT_TOKEN), sourceOf(list)).verifyAccessToken('t')).to.equal(CLIENT_TOKEN);
  });

  it("lets the source's refusal through (a copy too old to trust): fail closed", () => {
    const stale = new KeyUnavailableError('revocations too old');
    expect(() => new RevocationCheckingAccessTokenVerifier(verifierOf(USER_TOKEN), sourceOf(stale)).verifyAccessToken('t')).to.throw(stale);
  });
});
