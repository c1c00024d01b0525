import { ScriptedClientAssertions } from '../../../support/ScriptedClientAssertions';
import { expect } from 'chai';
import { assertGrantAllowed, AuthenticateClient } from '../../../../src/application/clients/AuthenticateClient';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import { OpenIdWithheldClients } from '../../../../src/application/clients/OpenIdWithheldClients';
import { RegisteredClients } from '../../../../src/application/clients/RegisteredClients';
import { ClientUnauthorizedError } from '../../../../src/domain/errors';
import { UnauthorizedClientError } from '../../../../src/domain/grantErrors';
import type { OAuthClient } from '../../../../src/domain/model/OAuthClient';
import { CombinedClientRegistry } from '../../../../src/infrastructure/auth/CombinedClientRegistry';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { authenticatedClient, registeredClient } from '../../../support/oauthClients';

/** The store, counting its lookups by id: a stored client's secret check already read its registration. */
class CountingClientStore extends InMemoryOAuthClientStore {
  finds = 0;

  override async find(id: string): Promise<OAuthClient | null> {
    this.finds++;
    return super.find(id);
  }
}

describe('AuthenticateClient (the token endpoint authenticates the client once, before any grant)', () => {
  let attempts: RecordingAttemptLimiter;
  let registered: CountingClientStore;
  let configured: StaticClientRegistry;
  let use: AuthenticateClient;
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  beforeEach(() => {
    attempts = new RecordingAttemptLimiter();
    registered = new CountingClientStore([
      { client: registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'] }) },
      { client: registeredClient({ id: 'web', kind: 'confidential', redirectUris: ['https://web.example/cb'] }), secret: 'web-secret' },
      {
        client: registeredClient({
          id: 'batch',
          kind: 'confidential',
          redirectUris: [],
          grants: ['client_credentials'],
          scopes: ['orders:read'],
          resources: ['https://orders.example'],
        }),
        secret: 'batch-secret',
      },
      // Stored public under an AUTH_CLIENTS id: only the configured secret can match.
      { client: registeredClient({ id: 'svc', kind: 'public', redirectUris: ['https://svc.example/cb'], scopes: ['not-for-svc'] }) },
    ]);
    configured = new StaticClientRegistry([
      { appId: 'svc', appSecret: 's3cret' },
      { appId: 'feed-reader', appSecret: 'reader-secret' },
      { appId: 'web', appSecret: 'configured-web-secret' },
    ]);
    use = new AuthenticateClient(new ClientSecretGuard(new CombinedClientRegistry(configured, registered), attempts), new RegisteredClients(registered), new ScriptedClientAssertions());
  });

  it('an AUTH_CLIENTS entry that proves its secret is confidential, with what those may do (no code flow, no scopes, no resources)', async () => {
    expect(await use.execute({ client: { clientId: 'svc', clientSecret: 's3cret' }, address: '198.51.100.7' })).to.deep.equal(
      authenticatedClient('svc', true, { grants: ['refresh_token', 'client_credentials', 'password'], scopes: [], resources: [], configured: true }),
    );
    expect(attempts.events[0]).to.equal('reserve address:198.51.100.7 app:svc');
    // An entry whose id the store does not know at all.
    expect(await use.execute({ client: { clientId: 'feed-reader', clientSecret: 'reader-secret' } })).to.deep.equal(
      authenticatedClient('feed-reader', true, { grants: ['refresh_token', 'client_credentials', 'password'], configured: true }),
    );
  });

  it('a stored confidential client that proves its secret carries its own registration, read with the secret (no second lookup)', async () => {
    expect(await use.execute({ client: { clientId: 'web', clientSecret: 'web-secret' } })).to.deep.equal(
      authenticatedClient('web', true, { grants: ['authorization_code', 'refresh_token'] }),
    );
    expect(await use.execute({ client: { clientId: 'batch', clientSecret: 'batch-secret' } })).to.deep.equal(
      authenticatedClient('batch', true, { grants: ['client_credentials'], scopes: ['orders:read'], resources: ['https://orders.example'] }),
    );
    expect(registered.finds).to.equal(0);
  });

  it("an AUTH_CLIENTS entry's secret takes the registration of a stored confidential client of the same id, looked up by id", async () => {
    expect(await use.execute({ client: { clientId: 'web', clientSecret: 'configured-web-secret' } })).to.deep.equal(
      authenticatedClient('web', true, { grants: ['authorization_code', 'refresh_token'] }),
    );
    expect(registered.finds).to.equal(1);
  });

  it('a registration read with the secret is seen as grants see it (under HMAC signing, openid withheld)', async () => {
    await registered.update(registeredClient({ id: 'batch', kind: 'confidential', redirectUris: [], grants: ['client_credentials'], scopes: ['openid', 'orders:read'] }));
    const withheld = new AuthenticateClient(new ClientSecretGuard(new CombinedClientRegistry(configured, registered), attempts), new OpenIdWithheldClients(registered), new ScriptedClientAssertions());

    const batch = await withheld.execute({ client: { clientId: 'batch', clientSecret: 'batch-secret' } });

    expect(batch?.scopes).to.deep.equal(['orders:read']);
    expect([...(batch?.withheldScopes?.keys() ?? [])]).to.deep.equal(['openid']);
    expect(registered.finds).to.equal(0);
  });

  it('a wrong secret is invalid_client, whatever client_id is also named', async () => {
    expect(await refusal(use.execute({ client: { clientId: 'svc', clientSecret: 'wrong' }, publicClientId: 'spa' }))).to.be.instanceOf(ClientUnauthorizedError);
  });

  it('a registered public client names itself with client_id alone', async () => {
    expect(await use.execute({ client: null, publicClientId: 'spa' })).to.deep.equal(authenticatedClient('spa', false, { grants: ['authorization_code', 'refresh_token'] }));
    expect(attempts.events, 'nothing to guess, nothing counted').to.deep.equal([]);
  });

  it('an unknown client_id, or a confidential client without its secret, is invalid_client', async () => {
    for (const publicClientId of ['unknown', 'web']) {
      expect(await refusal(use.execute({ client: null, publicClientId })), publicClientId).to.be.instanceOf(ClientUnauthorizedError);
    }
  });

  it('a request that names no client has none (null): the grant decides whether it needs one', async () => {
    expect(await use.execute({ client: null })).to.equal(null);
    expect(await use.execute({ client: null, publicClientId: undefined })).to.equal(null);
  });
});

describe('assertGrantAllowed (unauthorized_client before the grant runs)', () => {
  it('lets a client use the grants it is registered for', () => {
    for (const grant of ['client_credentials', 'refresh_token']) {
      expect(() => assertGrantAllowed(authenticatedClient('batch', true, { grants: ['refresh_token', 'client_credentials'] }), grant), grant).not.to.throw();
    }
  });

  it('refuses any other grant with UnauthorizedClientError naming it', () => {
    const client = authenticatedClient('web', true, { grants: ['authorization_code', 'refresh_token'] });
    for (const grant of ['client_credentials', 'password']) {
      expect(() => assertGrantAllowed(client, grant), grant)
        .to.throw(UnauthorizedClientError, `the client is not registered for the ${grant} grant`)
        .with.property('code', 'UNAUTHORIZED_CLIENT');
    }
  });

  it('leaves a request that names no client to its grant', () => {
    expect(() => assertGrantAllowed(null, 'password')).not.to.throw();
  });
});

describe('AuthenticateClient with a client assertion (private_key_jwt, under the client secret limits)', () => {
  const keyed = registeredClient({ id: 'keyed', kind: 'confidential', redirectUris: [], grants: ['client_credentials'], scopes: ['reports'], jwks: [{ kty: 'EC', kid: 'k' }] });
  let attempts: RecordingAttemptLimiter;
  let assertions: ScriptedClientAssertions;
  let use: AuthenticateClient;
  const token = (assertion: string) => ({ assertion, endpointPath: '/oauth/token' });
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  beforeEach(() => {
    attempts = new RecordingAttemptLimiter(2);
    const store = new InMemoryOAuthClientStore([{ client: keyed }]);
    assertions = new ScriptedClientAssertions(new Map([['keyed~good', keyed]]));
    use = new AuthenticateClient(new ClientSecretGuard(new CombinedClientRegistry(new StaticClientRegistry([]), store), attempts), new RegisteredClients(store), assertions);
  });

  it('a verified assertion authenticates its client, confidential, with its registration; the count is given back', async () => {
    expect(await use.execute({ client: null, assertion: token('keyed~good'), address: '198.51.100.7' })).to.deep.equal(
      authenticatedClient('keyed', true, { grants: ['client_credentials'], scopes: ['reports'] }),
    );
    expect(attempts.events).to.deep.equal(['reserve address:198.51.100.7 app:keyed', 'succeeded', 'remember app:keyed 198.51.100.7']);
    expect(assertions.checked).to.deep.equal([token('keyed~good')]);
  });

  it('an assertion that does not verify is invalid_client and counts as a wrong secret, until the limit refuses it unchecked', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await refusal(use.execute({ client: null, assertion: token('keyed~forged'), address: '198.51.100.7' }))).to.be.instanceOf(ClientUnauthorizedError);
    }
    expect(await refusal(use.execute({ client: null, assertion: token('keyed~good'), address: '198.51.100.7' }))).to.have.property('code', 'TOO_MANY_KEY_REQUESTS');
    expect(assertions.checked).to.have.length(2);
  });

  it('an assertion naming no client is invalid_client without a check or a count; it wins over a client_id alone', async () => {
    expect(await refusal(use.execute({ client: null, assertion: token('~anything'), publicClientId: 'keyed' }))).to.be.instanceOf(ClientUnauthorizedError);
    expect(attempts.events).to.deep.equal([]);
    expect(assertions.checked).to.deep.equal([]);
  });
});
