import { expect } from 'chai';
import { TokenExpiredError, TokenMissingError } from '../../../src/domain/errors';
import type { AccessTokenClaims } from '@auth-service/client';
import type { AccessTokenVerifier } from '@auth-service/client';
import { GetUserInfo } from '../../../src/application/GetUserInfo';

class StubVerifier implements AccessTokenVerifier {
  readonly seen: string[] = [];
  constructor(private readonly claims: AccessTokenClaims | Error) {}
  verifyAccessToken(token: string): AccessTokenClaims {
    this.seen.push(token);
    if (this.claims instanceof Error) throw this.claims;
    return this.claims;
  }
}

const BASE = { iss: 'http://localhost/auth', iat: 1, exp: 2, jti: 'j' };

describe('GetUserInfo', () => {
  it("answers a user token's sub and profile claims, sub first, in a fixed order, leaving out absent ones", () => {
    const claims = { ...BASE, grade: 'gold', sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2', tenantId: 't-9' } as unknown as AccessTokenClaims;
    const verifier = new StubVerifier(claims);
    const info = new GetUserInfo(verifier).execute({ authorization: 'Bearer abc.def.ghi' });
    expect(Object.entries(info)).to.deep.equal([
      ['sub', '7'],
      ['account', 'alice'],
      ['nickName', 'Alice'],
      ['userId', '7'],
      ['userType', '2'],
      ['tenantId', 't-9'],
      ['grade', 'gold'],
    ]);
    expect(verifier.seen).to.deep.equal(['abc.def.ghi']);
  });

  it("answers a client token's sub and client_id only", () => {
    const info = new GetUserInfo(new StubVerifier({ ...BASE, sub: 'orders', client_id: 'orders' })).execute({ authorization: 'bearer t' });
    expect(info).to.deep.equal({ sub: 'orders', client_id: 'orders' });
  });

  it('answers a user token issued through a client (it carries client_id) as the user, not as the client', () => {
    const claims = { ...BASE, sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2', client_id: 'orders' } as unknown as AccessTokenClaims;
    expect(new GetUserInfo(new StubVerifier(claims)).execute({ authorization: 'Bearer t' })).to.deep.equal({ sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2' });
  });

  it('takes the token from the form body (RFC 6750 §2.2) when given', () => {
    const verifier = new StubVerifier({ ...BASE, sub: 'orders', client_id: 'orders' });
    new GetUserInfo(verifier).execute({ authorization: undefined, accessToken: 'form.token.value' });
    expect(verifier.seen).to.deep.equal(['form.token.value']);
  });

  it('refuses a missing or non-bearer Authorization header without asking the verifier', () => {
    const verifier = new StubVerifier({ ...BASE, sub: 'x', client_id: 'x' });
    for (const authorization of [undefined, '', 'Basic YTpi', 'Bearer ']) {
      expect(() => new GetUserInfo(verifier).execute({ authorization }), String(authorization)).to.throw(TokenMissingError);
    }
    expect(verifier.seen).to.deep.equal([]);
  });

  it("lets the verifier's refusal through", () => {
    expect(() => new GetUserInfo(new StubVerifier(new TokenExpiredError('expired'))).execute({ authorization: 'Bearer t' })).to.throw(TokenExpiredError);
  });
});
