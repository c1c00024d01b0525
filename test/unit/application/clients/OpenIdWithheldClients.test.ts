import { ScriptedClientAssertions } from '../../../support/ScriptedClientAssertions';
import { expect } from 'chai';
import { AuthenticateClient } from '../../../../src/application/clients/AuthenticateClient';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import { OpenIdWithheldClients } from '../../../../src/application/clients/OpenIdWithheldClients';
import { RegisteredClients } from '../../../../src/application/clients/RegisteredClients';
import { InvalidScopeError } from '../../../../src/domain/grantErrors';
import { accessWithin } from '../../../../src/domain/model/GrantedAccess';
import { CombinedClientRegistry } from '../../../../src/infrastructure/auth/CombinedClientRegistry';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';
import { registeredClient } from '../../../support/oauthClients';

const REASON = 'openid needs an asymmetric signing key: AUTH_SIGN_METHOD rsa or ecdsa';

describe('OpenIdWithheldClients: under HMAC signing no registration is granted openid', () => {
  let store: InMemoryOAuthClientStore;
  let clients: OpenIdWithheldClients;

  beforeEach(() => {
    store = new InMemoryOAuthClientStore([
      { client: registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'], scopes: ['openid', 'profile'] }) },
      { client: registeredClient({ id: 'web', kind: 'confidential', redirectUris: ['https://web.example/cb'], scopes: ['openid'] }), secret: 'web-secret' },
      { client: registeredClient({ id: 'plain', kind: 'public', redirectUris: ['https://plain.example/cb'], scopes: ['orders:read'] }) },
    ]);
    clients = new OpenIdWithheldClients(store);
  });

  it('finds the registration with openid withheld (the rest as registered), a client without it unchanged, an unknown one null', async () => {
    const spa = await clients.find('spa');
    expect(spa).to.include({ id: 'spa', kind: 'public' });
    expect(spa?.scopes).to.deep.equal(['profile']);
    expect(spa?.redirectUris).to.deep.equal(['https://spa.example/cb']);
    expect(spa?.withheldScopes?.get('openid')).to.equal(REASON);
    expect(await clients.find('plain')).to.deep.equal(await store.find('plain'));
    expect(await clients.find('nobody')).to.equal(null);
    expect((await store.find('spa'))?.scopes, 'the stored registration is untouched').to.deep.equal(['openid', 'profile']);
  });

  it('shows a registration already read (with its secret) as find would answer it', async () => {
    const web = (await store.find('web'))!;
    expect(clients.asGranted(web)).to.deep.equal(await clients.find('web'));
    expect(clients.asGranted(web).withheldScopes?.get('openid')).to.equal(REASON);
  });

  it('behind the token endpoint\'s client authentication: a request for openid is invalid_scope saying why; none asked grants the rest', async () => {
    const guard = new ClientSecretGuard(new CombinedClientRegistry(new StaticClientRegistry([]), store), new RecordingAttemptLimiter());
    const authenticate = new AuthenticateClient(guard, clients, new ScriptedClientAssertions());
    const web = await authenticate.execute({ client: { clientId: 'web', clientSecret: 'web-secret' } });
    const spa = await authenticate.execute({ client: null, publicClientId: 'spa' });
    expect(() => accessWithin(web!, { scopes: ['openid'] })).to.throw(InvalidScopeError, REASON);
    expect(() => accessWithin(spa!, { scopes: ['openid', 'profile'] })).to.throw(InvalidScopeError, REASON);
    expect(accessWithin(spa!, {}).scopes).to.deep.equal(['profile']);
    expect(accessWithin(web!, {}).scopes).to.deep.equal([]);
    const plain = await new AuthenticateClient(guard, new RegisteredClients(store), new ScriptedClientAssertions()).execute({ client: null, publicClientId: 'spa' });
    expect(plain).to.deep.equal({ id: 'spa', confidential: false, grants: ['authorization_code', 'refresh_token'], scopes: ['openid', 'profile'], resources: [] });
  });
});
