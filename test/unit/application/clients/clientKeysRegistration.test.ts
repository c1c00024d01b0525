import { expect } from 'chai';
import { RegisterClient } from '../../../../src/application/clients/RegisterClient';
import { RotateClientSecret } from '../../../../src/application/clients/RotateClientSecret';
import { UpdateClient } from '../../../../src/application/clients/UpdateClient';
import { InvalidRequestError } from '../../../../src/domain/errors';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';
import { SequenceSecretGenerator } from '../../../support/SequenceSecretGenerator';

const KEY = { kty: 'EC', kid: 'e', crv: 'P-256', x: 'x', y: 'y' };
const OTHER_KEY = { kty: 'OKP', kid: 'o', crv: 'Ed25519', x: 'x' };

describe('clients registered with keys (private_key_jwt): add, update, rotate-secret', () => {
  let store: InMemoryOAuthClientStore;
  let register: RegisterClient;
  let update: UpdateClient;
  let rotate: RotateClientSecret;
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  beforeEach(() => {
    store = new InMemoryOAuthClientStore();
    const secrets = new SequenceSecretGenerator('generated');
    register = new RegisterClient(store, secrets, new RecordingAuditTrail());
    update = new UpdateClient(store, new RecordingAuditTrail());
    rotate = new RotateClientSecret(store, secrets, new RecordingAuditTrail());
  });

  it('a confidential client with keys gets no secret; one with a key URI neither; without keys it gets one', async () => {
    const keyed = await register.execute({ id: 'keyed', kind: 'confidential', redirectUris: [], grants: ['client_credentials'], jwks: { keys: [KEY] }, requirePar: true });
    expect(keyed.secret).to.equal(null);
    expect(keyed.client).to.include({ requirePar: true });
    expect(keyed.client.jwks).to.deep.equal([KEY]);
    expect(store.clients.get('keyed')?.secret).to.equal(null);
    expect((await register.execute({ id: 'remote', kind: 'confidential', redirectUris: [], grants: ['client_credentials'], jwksUri: 'https://r.example/jwks' })).secret).to.equal(null);
    expect((await register.execute({ id: 'plain', kind: 'confidential', redirectUris: [], grants: ['client_credentials'] })).secret).to.equal('generated-1');
  });

  it('update replaces the keys in either form, keeps them when not named, and drops a secret the client had', async () => {
    await register.execute({ id: 'plain', kind: 'confidential', redirectUris: [], grants: ['client_credentials'] });
    const withKeys = await update.execute({ id: 'plain', jwks: { keys: [KEY] } });
    expect(withKeys.client.jwks).to.deep.equal([KEY]);
    expect(store.clients.get('plain')?.secret).to.equal(null);
    expect((await update.execute({ id: 'plain', scopes: ['a'] })).client.jwks).to.deep.equal([KEY]);
    const byUri = await update.execute({ id: 'plain', jwksUri: 'https://p.example/jwks' });
    expect(byUri.client).to.include({ jwksUri: 'https://p.example/jwks' });
    expect(byUri.client).not.to.have.property('jwks');
    expect((await update.execute({ id: 'plain', jwks: { keys: [OTHER_KEY] } })).client).to.deep.include({ jwks: [OTHER_KEY] }).and.not.have.property('jwksUri');
    expect((await update.execute({ id: 'plain', requirePar: true })).client.requirePar).to.equal(true);
    expect((await update.execute({ id: 'plain', scopes: [] })).client.requirePar).to.equal(true);
    expect((await update.execute({ id: 'plain', requirePar: false })).client).not.to.have.property('requirePar');
  });

  it('rotate-secret refuses a client with keys and says why', async () => {
    await register.execute({ id: 'keyed', kind: 'confidential', redirectUris: [], grants: ['client_credentials'], jwks: { keys: [KEY] } });
    const error = await refusal(rotate.execute({ id: 'keyed' }));
    expect(error).to.be.instanceOf(InvalidRequestError);
    expect((error as Error).message).to.equal('client "keyed" authenticates with private_key_jwt: it has no secret; change its keys with clients update --jwks or --jwks-uri');
  });
});
