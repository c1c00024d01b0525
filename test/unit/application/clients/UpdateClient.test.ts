import { expect } from 'chai';
import { UpdateClient } from '../../../../src/application/clients/UpdateClient';
import { InvalidRequestError } from '../../../../src/domain/errors';
import { ClientNotFoundError } from '../../../../src/domain/grantErrors';
import type { OAuthClient } from '../../../../src/domain/model/OAuthClient';
import { InMemoryOAuthClientStore } from '../../../support/InMemoryOAuthClientStore';
import { registeredClient } from '../../../support/oauthClients';
import { RecordingAuditTrail } from '../../../support/RecordingAuditTrail';

const WEB = registeredClient({ id: 'web', kind: 'confidential', redirectUris: ['https://web.example/cb'], scopes: ['profile'], resources: ['https://orders.example'] });
const SPA = registeredClient({ id: 'spa', kind: 'public', redirectUris: ['https://spa.example/cb'] });

describe('UpdateClient (clients update)', () => {
  let store: InMemoryOAuthClientStore;
  let update: UpdateClient;
  const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

  beforeEach(() => {
    store = new InMemoryOAuthClientStore([{ client: WEB, secret: 'web-secret' }, { client: SPA }]);
    update = new UpdateClient(store, new RecordingAuditTrail());
  });

  it('a list given replaces the client\'s own; the others, the kind and the secret stay', async () => {
    const { client } = await update.execute({ id: 'web', grants: ['authorization_code', 'client_credentials'] });
    const expected: OAuthClient = { ...WEB, grants: ['authorization_code', 'client_credentials'] };
    expect(client).to.deep.equal(expected);
    expect(await store.find('web')).to.deep.equal(expected);
    expect(await store.findConfidential('web', 'web-secret')).to.deep.equal(expected);
  });

  it('sets and clears --require-dpop, keeping it when not named', async () => {
    expect((await update.execute({ id: 'web', requireDpop: true })).client).to.include({ requireDpop: true });
    expect((await update.execute({ id: 'web', scopes: ['a'] })).client).to.include({ requireDpop: true });
    expect((await update.execute({ id: 'web', requireDpop: false })).client).to.not.have.property('requireDpop');
  });

  it('replaces every list at once, each checked and kept once', async () => {
    const { client } = await update.execute({
      id: 'web',
      redirectUris: ['https://web.example/new', 'https://web.example/new'],
      grants: ['refresh_token', 'authorization_code'],
      scopes: ['orders:read'],
      resources: ['urn:example:billing', 'https://orders.example'],
      firstParty: true,
      postLogoutRedirectUris: ['https://web.example/bye'],
      requirePkce: true,
      name: 'Web',
      logoUri: 'https://web.example/logo.png',
      policyUri: 'https://web.example/privacy',
      tosUri: 'https://web.example/terms',
    });
    expect(client).to.deep.equal({
      id: 'web',
      kind: 'confidential',
      redirectUris: ['https://web.example/new'],
      grants: ['authorization_code', 'refresh_token'],
      scopes: ['orders:read'],
      resources: ['urn:example:billing', 'https://orders.example'],
      firstParty: true,
      postLogoutRedirectUris: ['https://web.example/bye'],
      requirePkce: true,
      name: 'Web',
      logoUri: 'https://web.example/logo.png',
      policyUri: 'https://web.example/privacy',
      tosUri: 'https://web.example/terms',
    });
    expect((await update.execute({ id: 'web', scopes: [] })).client.requirePkce, 'kept when not given').to.equal(true);
  });

  it("metadata: a value given replaces the client's, '' clears it, one left out stays", async () => {
    await update.execute({ id: 'web', name: 'Web', logoUri: 'https://web.example/logo.png', policyUri: 'https://web.example/privacy', tosUri: 'https://web.example/terms' });
    const { client } = await update.execute({ id: 'web', name: '', tosUri: 'https://web.example/terms-2' });
    expect(client).to.deep.include({ name: null, logoUri: 'https://web.example/logo.png', policyUri: 'https://web.example/privacy', tosUri: 'https://web.example/terms-2' });
    expect(await store.find('web')).to.deep.include({ name: null, tosUri: 'https://web.example/terms-2' });
    const cleared = await update.execute({ id: 'web', logoUri: '', policyUri: '', tosUri: '' });
    expect(cleared.client).to.deep.include({ logoUri: null, policyUri: null, tosUri: null });
  });

  it('a required acr given replaces the client\'s, one left out stays, an empty one removes it', async () => {
    expect((await update.execute({ id: 'web', requireAcr: 'urn:auth-service:acr:mfa' })).client.requireAcr).to.equal('urn:auth-service:acr:mfa');
    expect((await update.execute({ id: 'web', scopes: ['email'] })).client.requireAcr).to.equal('urn:auth-service:acr:mfa');
    expect((await update.execute({ id: 'web', requireAcr: '' })).client).not.to.have.property('requireAcr');
  });

  it('an unknown client is ClientNotFoundError naming it', async () => {
    const error = await refusal(update.execute({ id: 'ghost', scopes: ['a'] }));
    expect(error).to.be.instanceOf(ClientNotFoundError);
    expect(error).to.include({ message: 'no client "ghost"' });
  });

  it('checks the result as a registration: a public client gets no password grant; a bad value is named; nothing is written', async () => {
    for (const [id, input, message] of [
      ['spa', { grants: ['password'] }, 'grant "password" needs a confidential client: a public client has no secret'],
      ['web', { grants: ['device_code'] }, 'unknown grant "device_code": use authorization_code, refresh_token, client_credentials, password, urn:ietf:params:oauth:grant-type:device_code'],
      ['web', { scopes: ['with space'] }, 'scope "with space" must be one scope token (RFC 6749 §3.3): printable ASCII without spaces, " or \\'],
      ['web', { resources: ['/relative'] }, 'resource "/relative" must be an absolute URI without a fragment (RFC 8707 §2)'],
      ['web', { redirectUris: ['http://web.example/cb'] }, 'redirect URI "http://web.example/cb" must be absolute without a fragment: https, http on a loopback host, or a private-use scheme'],
    ] as const) {
      const error = await refusal(update.execute({ id, ...input }));
      expect(error, message).to.be.instanceOf(InvalidRequestError);
      expect(error).to.include({ message });
    }
    expect(await store.find('web')).to.deep.equal(WEB);
    expect(await store.find('spa')).to.deep.equal(SPA);
  });

  it('checks the merged registration: a redirect URI stays required while the code flow is kept', async () => {
    const noUris = new InMemoryOAuthClientStore([{ client: registeredClient({ id: 'batch', kind: 'confidential', redirectUris: [], grants: ['client_credentials'] }), secret: 's' }]);
    const error = await refusal(new UpdateClient(noUris, new RecordingAuditTrail()).execute({ id: 'batch', grants: ['authorization_code'] }));
    expect(error).to.include({ message: 'the authorization_code grant needs at least one redirect URI' });
  });

  it('a client removed between the read and the write is ClientNotFoundError', async () => {
    const racing = new UpdateClient({ find: (id) => store.find(id), update: async () => false }, new RecordingAuditTrail());
    expect(await refusal(racing.execute({ id: 'web', scopes: ['a'] }))).to.be.instanceOf(ClientNotFoundError);
  });

  it('the back-channel logout URI and its sid requirement: replaced when given, kept when not, removed together by an empty URI', async () => {
    const set = await update.execute({ id: 'web', backchannelLogoutUri: 'https://web.example/bcl', backchannelLogoutSessionRequired: true });
    expect(set.client).to.deep.equal({ ...WEB, backchannelLogoutUri: 'https://web.example/bcl', backchannelLogoutSessionRequired: true });
    expect((await update.execute({ id: 'web', scopes: ['email'] })).client).to.include({ backchannelLogoutUri: 'https://web.example/bcl', backchannelLogoutSessionRequired: true });
    expect((await update.execute({ id: 'web', backchannelLogoutSessionRequired: false })).client).to.include({ backchannelLogoutUri: 'https://web.example/bcl', backchannelLogoutSessionRequired: false });
    const removed = (await update.execute({ id: 'web', backchannelLogoutUri: '' })).client;
    expect(removed).not.to.have.property('backchannelLogoutUri');
    expect(removed).not.to.have.property('backchannelLogoutSessionRequired');
    expect(await refusal(update.execute({ id: 'web', backchannelLogoutUri: '', backchannelLogoutSessionRequired: true }))).to.be.instanceOf(InvalidRequestError);
    expect(await refusal(update.execute({ id: 'web', backchannelLogoutUri: 'http://web.example/bcl' }))).to.be.instanceOf(InvalidRequestError);
  });
});
