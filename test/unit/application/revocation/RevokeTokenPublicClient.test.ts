import { expect } from 'chai';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import type { AccessTokenClaims, AccessTokenVerifier } from '@auth-service/client';
import { RevokeToken, TokenOfAnotherClientError } from '../../../../src/application/revocation/RevokeToken';
import type { RefreshTokenFamilies } from '../../../../src/application/oauth/RefreshTokenFamilies';
import { ClientUnauthorizedError, KeyUnavailableError, TokenInvalidError } from '../../../../src/domain/errors';
import type { OAuthClient } from '../../../../src/domain/model/OAuthClient';
import type { OAuthClientStore } from '../../../../src/domain/ports/OAuthClientStore';
import type { RefreshTokenFamily, RefreshTokenLookup } from '../../../../src/domain/ports/RefreshTokenStore';
import type { RevocationStore } from '../../../../src/domain/ports/RevocationStore';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { FixedClock } from '../../../support/FixedClock';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { registeredClient } from '../../../support/oauthClients';

const NOW = '2026-01-01T00:00:00Z';
const NOW_SECONDS = Date.parse(NOW) / 1000;
const ADDRESS = '198.51.100.7';
/** A user token issued through a client (`client_id`), as the code flow issues it. */
const tokenOf = (clientId: string | undefined): AccessTokenClaims =>
  ({ jti: `jti-${clientId ?? 'none'}`, exp: NOW_SECONDS + 600, iat: NOW_SECONDS, sub: '7', account: 'alice', ...(clientId ? { client_id: clientId } : {}), iss: 'i' }) as unknown as AccessTokenClaims;

/** Tokens by their text: each names its claims, anything else does not verify (or fails with `failure`). */
class TableVerifier implements AccessTokenVerifier {
  constructor(
    private readonly tokens: Record<string, AccessTokenClaims>,
    private readonly failure: Error = new TokenInvalidError('bad'),
  ) {}

  verifyAccessToken(token: string): AccessTokenClaims {
    const claims = this.tokens[token];
    if (!claims) throw this.failure;
    return claims;
  }
}

class RecordingRevocationStore implements Pick<RevocationStore, 'revokeToken' | 'purge'> {
  readonly revoked: string[] = [];
  async revokeToken(jti: string): Promise<void> {
    this.revoked.push(jti);
  }
  async purge(): Promise<number> {
    return 0;
  }
}

/** Refresh-token families by token text, recording which were ended. */
class FakeFamilies implements Pick<RefreshTokenFamilies, 'find' | 'end' | 'endOfAccessToken'> {
  readonly ended: string[] = [];
  constructor(private readonly families: Record<string, RefreshTokenFamily>) {}
  async find(token: string): Promise<RefreshTokenLookup | null> {
    const family = this.families[token];
    return family ? { family, current: true } : null;
  }
  async end(familyId: string): Promise<void> {
    this.ended.push(familyId);
  }
  async endOfAccessToken(): Promise<void> {}
}

/** Throws when asked for anything but an id string, as TypeORM's `findOneBy({ clientId: undefined })` answers the first row. */
class FakeRegisteredClients implements Pick<OAuthClientStore, 'find'> {
  constructor(private readonly clients: readonly OAuthClient[]) {}
  async find(id: string): Promise<OAuthClient | null> {
    if (typeof id !== 'string') throw new TypeError('find takes a client id string');
    return this.clients.find((client) => client.id === id) ?? null;
  }
}

const familyOf = (clientId: string | null, familyId: string): RefreshTokenFamily =>
  ({ familyId, subject: '7', clientId, createdAt: NOW_SECONDS, expiresAt: NOW_SECONDS + 3600, lastUsedAt: NOW_SECONDS, revoked: false }) as RefreshTokenFamily;

describe('RevokeToken: public clients (client_id alone, RFC 7009 §2.1)', () => {
  let store: RecordingRevocationStore;
  let limiter: RecordingAttemptLimiter;
  let families: FakeFamilies;

  function build(options: { failure?: Error } = {}): RevokeToken {
    store = new RecordingRevocationStore();
    limiter = new RecordingAttemptLimiter(10);
    families = new FakeFamilies({ 'rt-spa': familyOf('spa', 'f-spa'), 'rt-none': familyOf(null, 'f-none'), 'rt-webapp': familyOf('webapp', 'f-webapp') });
    const verifier = new TableVerifier({ 'at-spa': tokenOf('spa'), 'at-other': tokenOf('other-spa'), 'at-webapp': tokenOf('webapp'), 'at-none': tokenOf(undefined) }, options.failure);
    const registered = new FakeRegisteredClients([
      registeredClient({ id: 'spa', kind: 'public', redirectUris: [] }),
      registeredClient({ id: 'other-spa', kind: 'public', redirectUris: [] }),
      registeredClient({ id: 'webapp', kind: 'confidential', redirectUris: [] }),
    ]);
    return new RevokeToken(
      verifier,
      new ClientSecretGuard(new StaticClientRegistry([{ appId: 'webapp', appSecret: 'w-secret' }]), limiter),
      store as unknown as RevocationStore,
      new FixedClock(NOW),
      { maxTokenLifetimeSeconds: 18000, clockToleranceSeconds: 30 },
      () => undefined,
      families,
      registered,
    );
  }

  async function refusal(promise: Promise<unknown>): Promise<unknown> {
    return promise.then(
      () => expect.fail('expected a refusal'),
      (error: unknown) => error,
    );
  }

  const asPublic = (token: string, publicClientId?: string) => ({ token, publicClientId, address: ADDRESS });

  it('revokes an access token bound to it, counting nothing against its address', async () => {
    const use = build();
    expect(await use.execute(asPublic('at-spa', 'spa'))).to.deep.equal({ revoked: true });
    expect(store.revoked).to.deep.equal(['jti-spa']);
    expect(limiter.events).to.deep.equal([]);
  });

  it("refuses another client's access token, public or confidential, with TokenOfAnotherClientError; nothing revoked", async () => {
    const use = build();
    for (const token of ['at-other', 'at-webapp']) expect(await refusal(use.execute(asPublic(token, 'spa'))), token).to.be.instanceOf(TokenOfAnotherClientError);
    expect(store.revoked).to.deep.equal([]);
  });

  it('refuses a token issued to no client: a public client gets no more than the tokens bound to it', async () => {
    const use = build();
    expect(await refusal(use.execute(asPublic('at-none', 'spa')))).to.be.instanceOf(TokenOfAnotherClientError);
    expect(store.revoked).to.deep.equal([]);
  });

  it('answers revoked: false for a token that does not verify (RFC 7009 §2.2)', async () => {
    const use = build();
    expect(await use.execute(asPublic('not-a-token', 'spa'))).to.deep.equal({ revoked: false });
    expect(store.revoked).to.deep.equal([]);
    expect(limiter.events).to.deep.equal([]);
  });

  it('fails closed when it cannot tell (no key yet), instead of reporting nothing to revoke', async () => {
    const use = build({ failure: new KeyUnavailableError() });
    expect(await refusal(use.execute(asPublic('unknown-kid', 'spa')))).to.be.instanceOf(KeyUnavailableError);
  });

  it('ends its own refresh-token family, and refuses another client\'s with TokenOfAnotherClientError', async () => {
    const use = build();
    expect(await use.execute(asPublic('rt-spa', 'spa'))).to.deep.equal({ revoked: true });
    expect(await refusal(use.execute(asPublic('rt-webapp', 'spa')))).to.be.instanceOf(TokenOfAnotherClientError);
    expect(await refusal(use.execute(asPublic('rt-spa', 'other-spa')))).to.be.instanceOf(TokenOfAnotherClientError);
    expect(families.ended).to.deep.equal(['f-spa']);
  });

  it('ends a refresh-token family issued to no client on presentation alone, whatever client_id comes with it', async () => {
    const use = build();
    expect(await use.execute(asPublic('rt-none'))).to.deep.equal({ revoked: true });
    expect(await use.execute(asPublic('rt-none', 'nobody'))).to.deep.equal({ revoked: true });
    expect(families.ended).to.deep.equal(['f-none', 'f-none']);
    expect(limiter.events).to.deep.equal([]);
  });

  it('an id that is no registered public client (unknown, confidential, none) is ClientUnauthorizedError, counted against the address', async () => {
    const use = build();
    for (const publicClientId of ['nobody', 'webapp', undefined]) {
      for (const token of ['at-spa', 'rt-spa']) {
        expect(await refusal(use.execute(asPublic(token, publicClientId))), `${publicClientId} ${token}`).to.be.instanceOf(ClientUnauthorizedError);
      }
    }
    expect(limiter.count(`address:${ADDRESS}`)).to.equal(6);
    expect(store.revoked).to.deep.equal([]);
    expect(families.ended).to.deep.equal([]);
  });

  it('a confidential client ends a family issued to no client, and answers revoked: false for what is neither token', async () => {
    const use = build();
    const webapp = { id: 'webapp' };
    expect(await use.execute({ token: 'rt-none', client: webapp })).to.deep.equal({ revoked: true });
    expect(await use.execute({ token: 'neither', client: webapp })).to.deep.equal({ revoked: false });
    expect(families.ended).to.deep.equal(['f-none']);
  });
});
