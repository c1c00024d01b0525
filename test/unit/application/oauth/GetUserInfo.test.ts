import { expect } from 'chai';
import { TokenExpiredError, TokenInvalidError, TokenMissingError } from '../../../../src/domain/errors';
import type { AuthenticatedUser } from '../../../../src/domain/model/AuthenticatedUser';
import type { ActiveUsers } from '../../../../src/domain/ports/ActiveUsers';
import type { AccessTokenClaims } from '@auth-service/client';
import type { AccessTokenVerifier } from '@auth-service/client';
import { GetUserInfo } from '../../../../src/application/oauth/GetUserInfo';

class StubVerifier implements AccessTokenVerifier {
  readonly seen: string[] = [];
  constructor(private readonly claims: AccessTokenClaims | Error) {}
  verifyAccessToken(token: string): AccessTokenClaims {
    this.seen.push(token);
    if (this.claims instanceof Error) throw this.claims;
    return this.claims;
  }
}

/** ActiveUsers that answers `active` and keeps every user it was asked about. */
class RecordingActiveUsers implements ActiveUsers {
  readonly asked: AuthenticatedUser[] = [];
  active = true;

  async isActive(user: AuthenticatedUser): Promise<boolean> {
    this.asked.push(user);
    return this.active;
  }

  readonly emailsAsked: string[] = [];
  email: string | null = 'alice@example.com';

  async emailOf(user: AuthenticatedUser): Promise<string | null> {
    this.emailsAsked.push(user.id);
    return this.email;
  }
}

const BASE = { iss: 'http://localhost/auth', iat: 1, exp: 2, jti: 'j' };
const anyone = () => new RecordingActiveUsers();
const NO_CONFIGURED = new Set<string>();

describe('GetUserInfo', () => {
  it("answers a user token's sub and profile claims, sub first, in a fixed order, leaving out absent ones", async () => {
    const claims = { ...BASE, grade: 'gold', sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2', tenantId: 't-9' } as unknown as AccessTokenClaims;
    const verifier = new StubVerifier(claims);
    const info = await new GetUserInfo(verifier, anyone(), NO_CONFIGURED).execute({ authorization: 'Bearer abc.def.ghi' });
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
    const users = anyone();
    const info = new GetUserInfo(new StubVerifier({ ...BASE, sub: 'orders', client_id: 'orders' }), users, NO_CONFIGURED).execute({ authorization: 'bearer t' });
    expect(info).to.deep.equal({ sub: 'orders', client_id: 'orders' });
    expect(users.asked).to.deep.equal([]);
  });

  it('answers a DPoP-bound token only with a proof of its key, and a proof only with a token bound to its key (RFC 9449 §7)', async () => {
    const bound = { ...BASE, sub: 'orders', client_id: 'orders', cnf: { jkt: 'key-1' } } as AccessTokenClaims;
    const use = new GetUserInfo(new StubVerifier(bound), anyone(), NO_CONFIGURED);
    expect(await use.execute({ authorization: undefined, accessToken: 't', dpopJkt: 'key-1' })).to.deep.equal({ sub: 'orders', client_id: 'orders' });
    expect(() => use.execute({ authorization: 'Bearer t' })).to.throw(TokenInvalidError);
    expect(() => use.execute({ authorization: undefined, accessToken: 't', dpopJkt: 'key-2' })).to.throw(TokenInvalidError);
    const bearer = new GetUserInfo(new StubVerifier({ ...BASE, sub: 'orders', client_id: 'orders' }), anyone(), NO_CONFIGURED);
    expect(() => bearer.execute({ authorization: undefined, accessToken: 't', dpopJkt: 'key-1' })).to.throw(TokenInvalidError);
  });

  it('answers a user token issued through a client (it carries client_id) as the user, not as the client', async () => {
    const claims = { ...BASE, sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2', client_id: 'orders', scope: 'profile' } as unknown as AccessTokenClaims;
    expect(await new GetUserInfo(new StubVerifier(claims), anyone(), NO_CONFIGURED).execute({ authorization: 'Bearer t' })).to.deep.equal({ sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2' });
  });

  describe("a stored client's token: the fields its scopes release, the standard claims with openid (OpenID Connect Core §5.3-5.4)", () => {
    const USER_TOKEN = { ...BASE, sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2', tenantId: 't-9', avatar: 'https://img.example/a.png', telephone: '+86 1', grade: 'gold', client_id: 'web' };
    const infoFor = (scope: string | undefined) =>
      new GetUserInfo(new StubVerifier({ ...USER_TOKEN, ...(scope === undefined ? {} : { scope }) } as unknown as AccessTokenClaims), anyone(), NO_CONFIGURED).execute({ authorization: 'Bearer t' });
    const PROFILE = [['account', 'alice'], ['nickName', 'Alice'], ['userId', '7'], ['userType', '2'], ['tenantId', 't-9'], ['avatar', 'https://img.example/a.png']];

    it('profile and phone: every field, then the standard claims, sub first', async () => {
      expect(Object.entries(await infoFor('openid profile phone'))).to.deep.equal([
        ['sub', '7'],
        ...PROFILE,
        ['telephone', '+86 1'],
        ['grade', 'gold'],
        ['name', 'Alice'],
        ['nickname', 'Alice'],
        ['preferred_username', 'alice'],
        ['picture', 'https://img.example/a.png'],
        ['phone_number', '+86 1'],
      ]);
    });

    it('phone alone: the telephone, no account, names or user id', async () => {
      expect(Object.entries(await infoFor('phone openid'))).to.deep.equal([['sub', '7'], ['telephone', '+86 1'], ['phone_number', '+86 1']]);
    });

    it('profile without openid: the fields, no standard claim', async () => {
      expect(Object.entries(await infoFor('profile'))).to.deep.equal([['sub', '7'], ...PROFILE, ['grade', 'gold']]);
    });

    it('no scope, openid alone, a scope of its own, or a scope claim that is no string: sub only', async () => {
      for (const scope of [undefined, 'openid', 'openid orders:read', 'openidprofile']) {
        expect(await infoFor(scope), String(scope)).to.deep.equal({ sub: '7' });
      }
      const listed = { ...USER_TOKEN, scope: ['openid', 'profile'] } as unknown as AccessTokenClaims;
      expect(await new GetUserInfo(new StubVerifier(listed), anyone(), NO_CONFIGURED).execute({ authorization: 'Bearer t' }), 'a scope claim that is no string').to.deep.equal({ sub: '7' });
    });
  });

  it("an AUTH_CLIENTS entry's user token answers every field, whatever its scopes (the seed login's contract)", async () => {
    const claims = { ...BASE, sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2', telephone: '+86 1', client_id: 'reports' } as unknown as AccessTokenClaims;
    const info = await new GetUserInfo(new StubVerifier(claims), anyone(), new Set(['reports'])).execute({ authorization: 'Bearer t' });
    expect(info).to.deep.equal({ sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2', telephone: '+86 1' });
    const stored = await new GetUserInfo(new StubVerifier(claims), anyone(), new Set(['other'])).execute({ authorization: 'Bearer t' });
    expect(stored, 'a stored client of no scope').to.deep.equal({ sub: '7' });
  });

  it('takes the token from the form body (RFC 6750 §2.2) when given', () => {
    const verifier = new StubVerifier({ ...BASE, sub: 'orders', client_id: 'orders' });
    new GetUserInfo(verifier, anyone(), NO_CONFIGURED).execute({ authorization: undefined, accessToken: 'form.token.value' });
    expect(verifier.seen).to.deep.equal(['form.token.value']);
  });

  it('refuses a missing or non-bearer Authorization header without asking the verifier', () => {
    const verifier = new StubVerifier({ ...BASE, sub: 'x', client_id: 'x' });
    for (const authorization of [undefined, '', 'Basic YTpi', 'Bearer ']) {
      expect(() => new GetUserInfo(verifier, anyone(), NO_CONFIGURED).execute({ authorization }), String(authorization)).to.throw(TokenMissingError);
    }
    expect(verifier.seen).to.deep.equal([]);
  });

  it("lets the verifier's refusal through", () => {
    expect(() => new GetUserInfo(new StubVerifier(new TokenExpiredError('expired')), anyone(), NO_CONFIGURED).execute({ authorization: 'Bearer t' })).to.throw(TokenExpiredError);
  });

  describe('email (OpenID Connect `email` scope): asked of the user store, tokens carry none', () => {
    const alice = { ...BASE, sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2' };

    it('answers email and email_verified false for a token granted openid and email, after the other claims', async () => {
      const users = anyone();
      const info = await new GetUserInfo(new StubVerifier({ ...alice, scope: 'openid email' } as unknown as AccessTokenClaims), users, NO_CONFIGURED).execute({ authorization: 'Bearer t' });
      expect(info).to.deep.equal({ sub: '7', account: 'alice', nickName: 'Alice', userId: '7', userType: '2', email: 'alice@example.com', email_verified: false });
      expect(users.emailsAsked).to.deep.equal(['7']);
    });

    it('answers no email when the store has none', async () => {
      const users = anyone();
      users.email = null;
      const info = await new GetUserInfo(new StubVerifier({ ...alice, scope: 'openid email' } as unknown as AccessTokenClaims), users, NO_CONFIGURED).execute({ authorization: 'Bearer t' });
      expect(info).not.to.have.any.keys('email', 'email_verified');
    });

    it('does not ask the store for an email without the email scope, or without openid', async () => {
      for (const scope of ['openid profile', 'email', undefined]) {
        const users = anyone();
        const info = await new GetUserInfo(new StubVerifier({ ...alice, ...(scope === undefined ? {} : { scope }) } as unknown as AccessTokenClaims), users, NO_CONFIGURED).execute({ authorization: 'Bearer t' });
        expect(info, String(scope)).not.to.have.property('email');
        expect(users.emailsAsked, String(scope)).to.deep.equal([]);
      }
    });
  });
});
