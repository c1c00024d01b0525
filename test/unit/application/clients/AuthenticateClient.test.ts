import { expect } from 'chai';
import { AuthenticateClient } from '../../../../src/application/clients/AuthenticateClient';
import { ClientSecretGuard } from '../../../../src/application/clients/ClientSecretGuard';
import { ClientUnauthorizedError } from '../../../../src/domain/errors';
import { StaticClientRegistry } from '../../../../src/infrastructure/auth/StaticClientRegistry';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { RecordingAttemptLimiter } from '../../../support/RecordingAttemptLimiter';

describe('AuthenticateClient (the token endpoint authenticates the client once, before any grant)', () => {
  let attempts: RecordingAttemptLimiter;
  let registered: InMemoryOAuthClientStore;
  let use: AuthenticateClient;
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  beforeEach(() => {
    attempts = new RecordingAttemptLimiter();
    registered = new InMemoryOAuthClientStore([
      { client: { id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'] } },
      { client: { id: 'web', kind: 'confidential', redirectUris: ['https://web.example/cb'] }, secret: 'web-secret' },
    ]);
    use = new AuthenticateClient(new ClientSecretGuard(new StaticClientRegistry([{ appId: 'svc', appSecret: 's3cret' }]), attempts), registered);
  });

  it('a client that proves its secret is confidential, checked under the guessing limits of its address', async () => {
    expect(await use.execute({ client: { clientId: 'svc', clientSecret: 's3cret' }, address: '198.51.100.7' })).to.deep.equal({ id: 'svc', confidential: true });
    expect(attempts.events[0]).to.equal('reserve address:198.51.100.7 app:svc');
  });

  it('a wrong secret is invalid_client, whatever client_id is also named', async () => {
    expect(await refusal(use.execute({ client: { clientId: 'svc', clientSecret: 'wrong' }, publicClientId: 'spa' }))).to.be.instanceOf(ClientUnauthorizedError);
  });

  it('a registered public client names itself with client_id alone', async () => {
    expect(await use.execute({ client: null, publicClientId: 'spa' })).to.deep.equal({ id: 'spa', confidential: false });
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
