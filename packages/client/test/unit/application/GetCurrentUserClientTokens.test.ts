import { expect } from 'chai';
import { GetCurrentUser } from '../../../src/application/GetCurrentUser';
import { TokenInvalidError, UnknownKeyIdError, type AccessTokenClaims, type AccessTokenVerifier, type ClientTokenClaims, type TokenClaims, type VerificationKeySource } from '../../../src/index';
import { encodeSegment } from '../../support/compactJws';
import { StubTokenVerifier } from '../../support/StubTokenVerifier';
import { stubClaims } from '../../support/testKeys';

const USER: TokenClaims = { ...stubClaims({ iat: 1, exp: 2, jti: 'j' }), client_id: 'web', scope: 'orders:read', aud: 'https://orders.example' } as TokenClaims;
const CLIENT: ClientTokenClaims = { sub: 'billing', client_id: 'billing', iss: 'https://auth.example', iat: 1, exp: 2, jti: 'k' };

/** A token whose payload reads as `payload` (the stubs decide by the whole string; the routing reads the payload). */
const tokenOf = (payload: unknown, signature = 's') => `${encodeSegment({ alg: 'RS256' })}.${encodeSegment(payload)}.${signature}`;

/** Knows a fixed set of tokens, user or client; records what it was asked. */
class StubAccessTokenVerifier implements AccessTokenVerifier {
  readonly seen: string[] = [];
  constructor(private readonly known: Readonly<Record<string, AccessTokenClaims>>) {}
  verifyAccessToken(token: string): AccessTokenClaims {
    this.seen.push(token);
    const claims = this.known[token];
    if (!claims) throw new TokenInvalidError('unknown token');
    return claims;
  }
}

describe('GetCurrentUser: the verified token, and clients’ own tokens when accepted', () => {
  const userToken = tokenOf(USER);
  const clientToken = tokenOf(CLIENT);

  it('resolves the verified token beside the user: kind, subject, client, scopes, audiences', () => {
    const use = new GetCurrentUser(new StubTokenVerifier({ [userToken]: USER }));
    const verified = use.verifiedToken({ authorization: `Bearer ${userToken}` });
    expect(verified).to.deep.include({ kind: 'user', subject: '1', clientId: 'web', scopes: ['orders:read'], audience: ['https://orders.example'] });
    expect(use.execute({ authorization: `Bearer ${userToken}` })).to.deep.equal(verified.user);
    expect(verified.user).to.include({ account: 'admin', clientId: 'web' });
  });

  it('without a client-token check, sends every token to the user check (which refuses a client token)', () => {
    const users = new StubTokenVerifier({ [userToken]: USER });
    const use = new GetCurrentUser(users);
    expect(() => use.verifiedToken({ authorization: `Bearer ${clientToken}` })).to.throw(TokenInvalidError);
    expect(users.seen).to.deep.equal([clientToken]);
  });

  it('with one, sends a token naming a client and no user to it, and every other token to the user check', () => {
    const users = new StubTokenVerifier({ [userToken]: USER });
    const clients = new StubAccessTokenVerifier({ [clientToken]: CLIENT });
    const use = new GetCurrentUser(users, undefined, clients);
    const verified = use.verifiedToken({ authorization: `Bearer ${clientToken}` });
    expect(verified).to.deep.include({ kind: 'client', subject: 'billing', clientId: 'billing', scopes: [], audience: [] });
    expect(verified.user).to.include({ id: null, account: null, clientId: 'billing' });
    expect(use.verifiedToken({ authorization: `Bearer ${userToken}` }).kind).to.equal('user');
    expect(clients.seen).to.deep.equal([clientToken]);
    expect(users.seen).to.deep.equal([userToken]);
  });

  it('routes by the payload: a client_id with a userId or an account or another sub, or no client_id, or an unreadable payload takes the user check', () => {
    const users = new StubTokenVerifier({});
    const clients = new StubAccessTokenVerifier({});
    const use = new GetCurrentUser(users, undefined, clients);
    const toUsers = [
      tokenOf({ client_id: 'web', userId: '1' }),
      tokenOf({ client_id: 'web', account: 'a' }),
      tokenOf({ client_id: 'web', sub: '42' }),
      tokenOf({ client_id: 'web' }),
      tokenOf({ sub: 'billing' }),
      tokenOf('client_id'),
      tokenOf(null),
      'not-a-token',
      `${encodeSegment({})}.%%%.s`,
      `${encodeSegment({})}.${Buffer.from('{"client_id":').toString('base64url')}.s`,
    ];
    for (const token of toUsers) expect(() => use.verifiedToken({ authorization: `Bearer ${token}` }), token).to.throw(TokenInvalidError);
    expect(users.seen).to.deep.equal(toUsers);
    expect(clients.seen).to.deep.equal([]);
  });

  it('refetches the keys once for a client token with an unknown kid, then checks again', async () => {
    let refetches = 0;
    let known = false;
    const keys = {
      refreshForUnknownKid: async () => {
        refetches += 1;
        known = true;
        return true;
      },
    } as unknown as VerificationKeySource;
    const clients: AccessTokenVerifier = {
      verifyAccessToken: () => {
        if (!known) throw new UnknownKeyIdError('next');
        return CLIENT;
      },
    };
    const use = new GetCurrentUser(new StubTokenVerifier({}), keys, clients);
    const verified = await use.verifiedTokenRefreshingKeys({ authorization: `Bearer ${clientToken}` });
    expect(verified.kind).to.equal('client');
    expect(refetches).to.equal(1);
    expect(await use.executeRefreshingKeys({ authorization: `Bearer ${clientToken}` })).to.include({ id: null, clientId: 'billing' });
    known = false;
    expect(await use.executeRefreshingKeys({ authorization: `Bearer ${clientToken}` })).to.include({ clientId: 'billing' });
    expect(refetches).to.equal(2);
  });
});
