import { expect } from 'chai';
import { RegisterClient } from '../../../../src/application/clients/RegisterClient';
import { RemoveClient } from '../../../../src/application/clients/RemoveClient';
import { RotateClientSecret } from '../../../../src/application/clients/RotateClientSecret';
import { UpdateClient } from '../../../../src/application/clients/UpdateClient';
import { NO_CLIENT_METADATA } from '../../../../src/domain/model/ClientMetadata';
import { FixedClock } from '../../../support/FixedClock';
import { InMemoryAuthorizationCodeStore } from '../../../support/InMemoryAuthorizationCodeStore';
import { InMemoryConsentStore } from '../../../support/InMemoryConsentStore';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { InMemoryRefreshTokenStore } from '../../../support/InMemoryRefreshTokenStore';
import { InMemoryRevocationStore } from '../../../support/InMemoryRevocationStore';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

describe('The client use cases record what they changed, never a secret', () => {
  let store: InMemoryOAuthClientStore;
  let trail: RecordingAuditTrail;
  let secrets: SequenceSecretGenerator;

  beforeEach(async () => {
    store = new InMemoryOAuthClientStore();
    trail = new RecordingAuditTrail();
    secrets = new SequenceSecretGenerator('secret');
    await new RegisterClient(store, secrets, trail).execute({ id: 'web', kind: 'confidential', redirectUris: ['https://web.example/cb'], scopes: ['a'] });
  });

  it('registering: client.created with every field of the registration, without the secret', () => {
    expect(trail.events).to.deep.equal([
      {
        type: 'client.created',
        outcome: 'success',
        client: 'web',
        details: {
          after: {
            kind: 'confidential',
            redirectUris: ['https://web.example/cb'],
            grants: ['authorization_code', 'refresh_token'],
            scopes: ['a'],
            resources: [],
            firstParty: false,
            postLogoutRedirectUris: [],
            requirePkce: false,
            ...Object.fromEntries(Object.entries(NO_CLIENT_METADATA).filter(([, value]) => value !== undefined)),
          },
        },
      },
    ]);
    expect(JSON.stringify(trail.events)).not.to.include('secret-1');
  });

  it('updating: client.changed with the changed fields only, before and after', async () => {
    await new UpdateClient(store, trail).execute({ id: 'web', scopes: ['a', 'b'], name: 'Web', redirectUris: ['https://web.example/cb'] });
    expect(trail.events[1]).to.deep.equal({
      type: 'client.changed',
      outcome: 'success',
      client: 'web',
      details: { before: { scopes: ['a'], name: null }, after: { scopes: ['a', 'b'], name: 'Web' } },
    });
    await refusal(new UpdateClient(store, trail).execute({ id: 'ghost', scopes: [] }));
    expect(trail.events).to.have.length(2);
  });

  it('rotating the secret: client.secret_rotated, saying nothing of the secret; a public or unknown client records nothing', async () => {
    const rotate = new RotateClientSecret(store, secrets, trail);
    const { secret } = await rotate.execute({ id: 'web' });
    await new RegisterClient(store, secrets, trail).execute({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'] });
    await refusal(rotate.execute({ id: 'spa' }));
    await refusal(rotate.execute({ id: 'ghost' }));
    expect(trail.ofType('client.secret_rotated')).to.deep.equal([{ type: 'client.secret_rotated', outcome: 'success', client: 'web', details: {} }]);
    expect(JSON.stringify(trail.events)).not.to.include(secret);
  });

  it('removing: client.removed with how many grants ended; an unknown client records nothing', async () => {
    const remove = new RemoveClient(
      store,
      new InMemoryRevocationStore(),
      new InMemoryRefreshTokenStore(),
      new InMemoryAuthorizationCodeStore(),
      new InMemoryConsentStore(),
      new FixedClock(),
      { maxTokenLifetimeSeconds: 600 },
      trail,
    );
    await remove.execute({ id: 'web' });
    await refusal(remove.execute({ id: 'web' }));
    expect(trail.ofType('client.removed')).to.deep.equal([{ type: 'client.removed', outcome: 'success', client: 'web', details: { families: 0, codes: 0 } }]);
  });
});
